import { describe, expect, it } from 'vitest';
import { goodsEditorMachine, sendsBackToReview, type GoodsEditorInput, type LoadEditorInput, type LoadEditorOutput, type SaveGoodsInput } from '../../machines/goodsEditor.machine';
import {
  addImages, appendAttrs, cartesian, checkedDimensions, classColumns, classEnames, classNames, classPathOf, classTreeOf, emptyValues, goodsPayload, isClassComplete,
  listOf, mergedAway, mergeSkus, newSku, planSkus, skuDefaultsOf, pickClass, recordToValues, regenerateSkus, removeImage, restoreClass, serverErrors, setMaster,
  skuRowsOf, stepOfField, toggleSpec, validateInfo, validateSkus,
  type AttrItem, type ClassNode, type SkuRow,
} from '../../machines/goodsEditor';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const TREE: ClassNode[] = [
  {
    id: 1, name: '数码', children: [
      { id: 11, name: '手机', children: [{ id: 111, name: '智能手机' }, { id: 112, name: '老人机' }] },
      { id: 12, name: '电脑', children: [{ id: 121, name: '笔记本' }] },
    ],
  },
  { id: 2, name: '服饰', children: [{ id: 21, name: '女装', children: [{ id: 211, name: '连衣裙' }] }] },
];

const ATTRS: AttrItem[] = [
  { id: 5, name: '颜色', specs: [{ id: 51, name: '红' }, { id: 52, name: '蓝' }] },
  { id: 6, name: '尺码', specs: [{ id: 61, name: 'S' }, { id: 62, name: 'M' }] },
];

const RECORD = {
  id: 9,
  class_id: 111,
  goods_name: '旧手机',
  goods_subname: '',
  goods_no: 'A1',
  brand_id: 3,
  goods_images: ['/uploads/goods/a.jpg', '/uploads/goods/b.jpg'],
  goods_master_image: '/uploads/goods/b.jpg',
  goods_price: '99.00',
  goods_market_price: '120.00',
  goods_weight: '0.50',
  goods_stock: 10,
  freight_id: 0,
  goods_content: '<p>x</p>',
  goods_status: 1,
  goods_verify: 2,
  is_master: 0,
  classList: [{ id: 111, name: '智能手机' }, { id: 11, name: '手机' }, { id: 1, name: '数码' }],
  attrList: [{ id: 5, name: '颜色', specs: [{ id: 51, name: '红', check: true }, { id: 52, name: '蓝' }] }],
  skuList: [{ id: 70, spec_id: '51', sku_name: '红', goods_price: '99.00', goods_market_price: '120.00', goods_stock: 4, goods_weight: '0.50', goods_image: '' }],
};

function start(input: GoodsEditorInput) {
  const log = recordActions(['saved', 'closed', 'notifyError']);
  const loadEditor = manualActor<LoadEditorOutput, LoadEditorInput>();
  const loadAttrs = manualActor<unknown, unknown>();
  const saveGoods = manualActor<unknown, SaveGoodsInput>();
  const actor = createTestActor(
    goodsEditorMachine.provide({ actions: log.actions, actors: { loadEditor: loadEditor.logic, loadAttrs: loadAttrs.logic, saveGoods: saveGoods.logic } }),
    { input },
  );
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  const value = () => actor.getSnapshot().value;
  return { actor, log, loadEditor, loadAttrs, saveGoods, ctx, value };
}

async function fillInfo(actor: ReturnType<typeof start>['actor']) {
  const set = (field: string, value: unknown) => actor.send({ type: 'FIELD.SET', field: field as never, value });
  set('goods_name', '新手机');
  set('goods_price', '199');
  set('goods_market_price', '299');
  set('goods_weight', '1.2');
  actor.send({ type: 'IMAGES.ADD', urls: ['/uploads/goods/1.jpg', '/uploads/goods/2.jpg'] });
}

describe('goodsEditor: seller creates a goods', () => {
  it('chooses three class levels, fills the info, builds the SKU matrix and saves', async () => {
    const { actor, log, loadEditor, loadAttrs, saveGoods, ctx, value } = start({ mode: 'create' });
    expect(value()).toBe('loading');
    expect(loadEditor.last().input).toEqual({ admin: false, id: null });
    loadEditor.last().resolve({ classTree: TREE, record: null });
    await flush();
    expect(value()).toBe('chooseClass');

    // NEXT before three levels: refused with a message.
    actor.send({ type: 'CLASS.PICK', level: 0, id: 1 });
    actor.send({ type: 'CLASS.PICK', level: 1, id: 11 });
    actor.send({ type: 'NEXT' });
    expect(value()).toBe('chooseClass');
    expect(ctx().error).toBe('page.goodsEditor.chooseClassFirst');
    actor.send({ type: 'CLASS.PICK', level: 2, id: 112 });
    expect(ctx().classPath).toEqual([1, 11, 112]);
    expect(ctx().classNames).toEqual(['数码', '手机', '老人机']);
    actor.send({ type: 'NEXT' });
    expect(value()).toBe('info');

    // Back to the class step and re-pick: lower levels are dropped.
    actor.send({ type: 'CLASS.EDIT' });
    expect(value()).toBe('chooseClass');
    actor.send({ type: 'CLASS.PICK', level: 2, id: 111 });
    actor.send({ type: 'NEXT' });
    expect(value()).toBe('info');

    // The info step is validated before the specs step.
    actor.send({ type: 'NEXT' });
    expect(value()).toBe('info');
    expect(Object.keys(ctx().errors).sort()).toEqual(['goods_images', 'goods_market_price', 'goods_name', 'goods_price', 'goods_weight']);
    await fillInfo(actor);
    expect(ctx().errors.goods_name).toBeUndefined();
    // A goods price must be above zero (0.00 published goods for free).
    actor.send({ type: 'FIELD.SET', field: 'goods_price', value: '0.00' });
    actor.send({ type: 'NEXT' });
    expect(value()).toBe('info');
    expect(ctx().errors.goods_price).toEqual({ key: 'page.goodsEditor.pricePositive' });
    actor.send({ type: 'FIELD.SET', field: 'goods_price', value: '199' });
    expect(ctx().errors.goods_price).toBeUndefined();
    expect(ctx().values.goods_master_image).toBe('/uploads/goods/1.jpg');
    actor.send({ type: 'IMAGE.MASTER', url: '/uploads/goods/2.jpg' });
    expect(ctx().values.goods_master_image).toBe('/uploads/goods/2.jpg');
    actor.send({ type: 'IMAGE.REMOVE', url: '/uploads/goods/2.jpg' });
    expect(ctx().values.goods_master_image).toBe('/uploads/goods/1.jpg');
    actor.send({ type: 'NEXT' });
    expect(value()).toEqual({ specs: 'idle' });

    // Choose attributes: cancel once, then confirm.
    actor.send({ type: 'ATTRS.OPEN' });
    expect(value()).toEqual({ specs: 'attrsLoading' });
    loadAttrs.last().resolve(ATTRS);
    await flush();
    expect(value()).toEqual({ specs: 'attrsDialog' });
    actor.send({ type: 'ATTRS.CANCEL' });
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().attrList).toEqual([]);
    actor.send({ type: 'ATTRS.OPEN' });
    loadAttrs.last().resolve(ATTRS);
    await flush();
    actor.send({ type: 'ATTRS.CONFIRM', ids: [5, 6] });
    expect(ctx().attrList.map((a) => a.id)).toEqual([5, 6]);

    actor.send({ type: 'SPEC.TOGGLE', attrId: 5, specId: 51 });
    actor.send({ type: 'SPEC.TOGGLE', attrId: 5, specId: 52 });
    expect(ctx().skuList.map((s) => s.sku_name)).toEqual([['红'], ['蓝']]);
    // New rows start from the goods' own price, market price, weight and stock, not from zeros.
    expect(ctx().skuList[0]).toMatchObject({ goods_price: '199', goods_market_price: '299', goods_weight: '1.2', goods_stock: '0' });
    actor.send({ type: 'SKU.SET', index: 0, field: 'goods_price', value: '10' });
    actor.send({ type: 'SKU.SET', index: 0, field: 'goods_stock', value: '7' });
    actor.send({ type: 'SPEC.TOGGLE', attrId: 6, specId: 61 });
    // A first size: each colour row becomes its colour in that size, with its values.
    expect(ctx().skuList.map((s) => [s.sku_name.join(' '), s.goods_price, s.goods_stock])).toEqual([['红 S', '10', '7'], ['蓝 S', '199', '0']]);
    actor.send({ type: 'SKU.SET', index: 1, field: 'goods_price', value: '12' });
    actor.send({ type: 'SPEC.TOGGLE', attrId: 6, specId: 62 });
    // Same dimensions: kept rows keep their values, new ones are appended (stock 0: the goods has SKUs).
    expect(ctx().skuList.map((s) => [s.sku_name.join(' '), s.goods_price, s.goods_stock])).toEqual([
      ['红 S', '10', '7'], ['蓝 S', '12', '0'], ['红 M', '199', '0'], ['蓝 M', '199', '0'],
    ]);
    // Removing 尺码 merges S and M: asked first; cancelling changes nothing.
    actor.send({ type: 'ATTR.REMOVE', attrId: 6 });
    expect(value()).toEqual({ specs: 'confirmDrop' });
    expect(ctx().pendingAttrs?.map((a) => a.id)).toEqual([5]);
    expect(ctx().skuList).toHaveLength(4);
    actor.send({ type: 'DROP.CANCEL' });
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().pendingAttrs).toBeNull();
    expect(ctx().attrList.map((a) => a.id)).toEqual([5, 6]);
    expect(ctx().skuList).toHaveLength(4);
    actor.send({ type: 'ATTR.REMOVE', attrId: 6 });
    actor.send({ type: 'DROP.CONFIRM' });
    expect(value()).toEqual({ specs: 'idle' });
    // the remaining combinations keep their own values
    expect(ctx().skuList.map((s) => [s.sku_name.join(' '), s.goods_price, s.goods_stock])).toEqual([['红', '10', '7'], ['蓝', '12', '0']]);
    expect(ctx().attrList.map((a) => a.id)).toEqual([5]);
    // unticking a value drops its row: 蓝 carries a price the seller typed (12), so it asks first
    actor.send({ type: 'SPEC.TOGGLE', attrId: 5, specId: 52 });
    expect(value()).toEqual({ specs: 'confirmDrop' });
    expect(ctx().dropReason).toBe('untick');
    expect(ctx().pendingDrop.map((r) => [r.sku_name.join(' '), r.goods_price])).toEqual([['蓝', '12']]);
    actor.send({ type: 'DROP.CONFIRM' });
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().skuList).toHaveLength(1);
    // a row nobody filled (the goods' own figures, just ticked) goes without a question
    actor.send({ type: 'SPEC.TOGGLE', attrId: 5, specId: 52 });
    expect(ctx().skuList).toHaveLength(2);
    actor.send({ type: 'SPEC.TOGGLE', attrId: 5, specId: 52 });
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().skuList).toHaveLength(1);

    // SKU validation before saving: stock a whole number ≥ 0, price above zero.
    actor.send({ type: 'SKU.SET', index: 0, field: 'goods_stock', value: '-1' });
    actor.send({ type: 'SKU.SET', index: 0, field: 'goods_price', value: '0' });
    actor.send({ type: 'SAVE' });
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().errors['skuList.0.goods_stock']).toMatchObject({ key: 'page.goodsEditor.stockRule' });
    expect(ctx().errors['skuList.0.goods_price']).toEqual({ key: 'page.goodsEditor.pricePositive' });
    actor.send({ type: 'SKU.SET', index: 0, field: 'goods_stock', value: '5' });
    actor.send({ type: 'SKU.SET', index: 0, field: 'goods_price', value: '0.01' });
    expect(ctx().errors['skuList.0.goods_stock']).toBeUndefined();
    actor.send({ type: 'SKU.SET', index: 0, field: 'goods_image', value: '/uploads/goods/1.jpg' });
    actor.send({ type: 'SAVE' });
    expect(value()).toBe('saving');
    const sent = saveGoods.last().input;
    expect(sent.admin).toBe(false);
    expect(sent.id).toBeNull();
    expect(sent.payload).toMatchObject({
      goods_name: '新手机',
      class_id: 111,
      goods_images: ['/uploads/goods/1.jpg'],
      goods_master_image: '/uploads/goods/1.jpg',
      freight_id: -1,
      goods_status: 1,
      skuList: [{ spec_id: [51], sku_name: ['红'], goods_stock: '5', goods_image: '/uploads/goods/1.jpg', goods_price: '0.01', goods_market_price: '299', goods_weight: '1.2' }],
    });
    expect(sent.payload).not.toHaveProperty('goods_verify');

    // A 422 on a SKU field lands on the specs step; on class_id on the class step; else on info.
    saveGoods.last().reject({ code: 422, msg: '价格不对', data: { field: 'skuList[0][goods_price]' } });
    await flush();
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().errors['skuList.0.goods_price']).toMatchObject({ text: '价格不对' });
    actor.send({ type: 'SAVE' });
    saveGoods.last().reject({ code: 422, msg: '分类不可用', data: { field: 'class_id' } });
    await flush();
    expect(value()).toBe('chooseClass');
    expect(ctx().error).toBe('分类不可用');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SAVE' });
    saveGoods.last().reject({ code: 422, msg: '标题重复', data: { field: 'goods_name' } });
    await flush();
    expect(value()).toBe('info');
    expect(ctx().errors.goods_name).toMatchObject({ text: '标题重复' });
    actor.send({ type: 'SAVE' });
    expect(value()).toBe('saving');
    saveGoods.last().resolve({ id: 30 });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(log.types()).toEqual(['saved']);
  });

  it('fails to load, retries, and can leave from every step', async () => {
    const { actor, log, loadEditor, ctx, value } = start({ mode: 'create' });
    loadEditor.last().reject({ msg: 'boom' });
    await flush();
    expect(value()).toBe('failed');
    expect(ctx().error).toBe('boom');
    actor.send({ type: 'RETRY' });
    expect(value()).toBe('loading');
    loadEditor.last().resolve({ classTree: TREE, record: null });
    await flush();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(log.types()).toEqual(['closed']);

    const second = start({ mode: 'create' });
    second.loadEditor.last().reject(new Error(''));
    await flush();
    expect(second.ctx().error).toBe('page.goodsEditor.loadFailed');
    second.actor.send({ type: 'BACK' });
    expect(second.log.types()).toEqual(['closed']);
  });

  it('attribute loading failure goes back to the matrix with a toast; leaving from info and specs', async () => {
    const { actor, log, loadEditor, loadAttrs, value } = start({ mode: 'edit', id: 9 });
    loadEditor.last().resolve({ classTree: TREE, record: RECORD });
    await flush();
    expect(value()).toBe('info');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ATTRS.OPEN' });
    loadAttrs.last().reject({ msg: 'nope' });
    await flush();
    expect(value()).toEqual({ specs: 'idle' });
    expect(log.paramsOf('notifyError')).toEqual([{ message: 'nope' }]);
    actor.send({ type: 'PREV' });
    expect(value()).toBe('info');
    actor.send({ type: 'BACK' });
    expect(log.types()).toEqual(['notifyError', 'closed']);

    const other = start({ mode: 'edit', id: 9 });
    other.loadEditor.last().resolve({ classTree: TREE, record: RECORD });
    await flush();
    other.actor.send({ type: 'NEXT' });
    other.actor.send({ type: 'BACK' });
    expect(other.log.types()).toEqual(['closed']);
  });
});

describe('goodsEditor: seller edits a goods', () => {
  it('starts at the info step with the class restored and saves with PUT data incl. SKU ids', async () => {
    const { actor, loadEditor, saveGoods, ctx, value } = start({ mode: 'edit', id: 9 });
    expect(loadEditor.last().input).toEqual({ admin: false, id: 9 });
    loadEditor.last().resolve({ classTree: TREE, record: RECORD });
    await flush();
    expect(value()).toBe('info');
    expect(ctx().classPath).toEqual([1, 11, 111]);
    expect(ctx().classNames).toEqual(['数码', '手机', '智能手机']);
    expect(ctx().values.goods_master_image).toBe('/uploads/goods/b.jpg');
    expect(ctx().skuList).toEqual([{ id: 70, spec_id: [51], sku_name: ['红'], goods_price: '99.00', goods_market_price: '120.00', goods_stock: '4', goods_weight: '0.50', goods_image: '' }]);

    actor.send({ type: 'SAVE' });
    expect(value()).toBe('saving');
    expect(saveGoods.last().input).toMatchObject({ id: 9, admin: false, payload: { class_id: 111, skuList: [{ id: 70, spec_id: [51] }] } });
  });

  it('SAVE from the info step checks the SKUs too', async () => {
    const { actor, loadEditor, ctx, value } = start({ mode: 'edit', id: 9 });
    loadEditor.last().resolve({ classTree: TREE, record: RECORD });
    await flush();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SKU.SET', index: 0, field: 'goods_price', value: '' });
    actor.send({ type: 'PREV' });
    actor.send({ type: 'SAVE' });
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().errors['skuList.0.goods_price']).toBeTruthy();
    actor.send({ type: 'PREV' });
    actor.send({ type: 'FIELD.SET', field: 'goods_name', value: ' ' });
    actor.send({ type: 'SAVE' });
    expect(value()).toBe('info');
    expect(ctx().errors.goods_name).toMatchObject({ key: 'msg.requiredMsg' });
  });
});

describe('goodsEditor: brand of the goods', () => {
  it('FIELD.SET stores brand_id as a brand id above 0, anything else (cleared, 0, negative, text) as 0 "no brand"', async () => {
    const { actor, loadEditor, ctx } = start({ mode: 'edit', id: 9 });
    loadEditor.last().resolve({ classTree: TREE, record: RECORD });
    await flush();
    const brand = (value: unknown) => {
      actor.send({ type: 'FIELD.SET', field: 'brand_id', value });
      return ctx().values.brand_id;
    };
    expect(ctx().values.brand_id).toBe(3);
    expect(brand('7')).toBe(7);
    expect(brand('')).toBe(0);
    expect(brand(4)).toBe(4);
    expect(brand(null)).toBe(0);
    expect(brand(-2)).toBe(0);
    expect(brand('x')).toBe(0);
    // other fields are stored as given
    actor.send({ type: 'FIELD.SET', field: 'goods_no', value: ' B2 ' });
    expect(ctx().values.goods_no).toBe(' B2 ');
  });
});

describe('goodsEditor: seller edits the SKUs of a goods that has some', () => {
  const sku = (id: number, spec_id: number[], names: string[], price: string, stock: number, image: string) => ({
    id, spec_id, sku_name: names, goods_price: price, goods_market_price: '120.00', goods_stock: stock, goods_weight: '0.50', goods_image: image,
  });
  // 颜色 红/蓝 × 尺码 S/M, every SKU with its own price, stock and image; the goods' stock is their sum.
  const TWO_DIMS = {
    ...RECORD,
    goods_price: '10.00',
    goods_stock: 10,
    attrList: [
      { id: 5, name: '颜色', specs: [{ id: 51, name: '红', check: true }, { id: 52, name: '蓝', check: true }] },
      { id: 6, name: '尺码', specs: [{ id: 61, name: 'S', check: true }, { id: 62, name: 'M', check: true }] },
    ],
    skuList: [
      sku(70, [51, 61], ['红', 'S'], '10.00', 1, '/r-s.jpg'),
      sku(71, [51, 62], ['红', 'M'], '11.00', 2, '/r-m.jpg'),
      sku(72, [52, 61], ['蓝', 'S'], '12.00', 3, '/b-s.jpg'),
      sku(73, [52, 62], ['蓝', 'M'], '13.00', 4, '/b-m.jpg'),
    ],
  };

  async function editing(record: Record<string, unknown>) {
    const started = start({ mode: 'edit', id: 9 });
    started.loadEditor.last().resolve({ classTree: TREE, record });
    await flush();
    started.actor.send({ type: 'NEXT' });
    return started;
  }

  it('a newly ticked spec starts at 0 stock and the goods price, not the total stock', async () => {
    const { actor, ctx } = await editing(RECORD);
    expect(ctx().values.goods_stock).toBe('10');
    actor.send({ type: 'SPEC.TOGGLE', attrId: 5, specId: 52 });
    expect(ctx().skuList.map((s) => [s.id, s.sku_name.join(' '), s.goods_price, s.goods_stock])).toEqual([
      [70, '红', '99.00', '4'],
      [undefined, '蓝', '99.00', '0'],
    ]);
  });

  it('removing an attribute asks first, then keeps each remaining combination with its values, id and image', async () => {
    const { actor, ctx, value, saveGoods } = await editing(TWO_DIMS);
    actor.send({ type: 'ATTR.REMOVE', attrId: 6 });
    expect(value()).toEqual({ specs: 'confirmDrop' });
    actor.send({ type: 'DROP.CONFIRM' });
    expect(ctx().skuList).toEqual([
      { id: 70, spec_id: [51], sku_name: ['红'], goods_price: '10.00', goods_market_price: '120.00', goods_stock: '1', goods_weight: '0.50', goods_image: '/r-s.jpg' },
      { id: 72, spec_id: [52], sku_name: ['蓝'], goods_price: '12.00', goods_market_price: '120.00', goods_stock: '3', goods_weight: '0.50', goods_image: '/b-s.jpg' },
    ]);
    actor.send({ type: 'SAVE' });
    expect(saveGoods.last().input.payload.skuList.map((r) => [r.id, r.spec_id])).toEqual([[70, [51]], [72, [52]]]);
  });

  it('the question carries the rows the removal would throw away; confirming or cancelling clears them', async () => {
    const { actor, ctx, value } = await editing(TWO_DIMS);
    expect(ctx().pendingDrop).toEqual([]);
    actor.send({ type: 'ATTR.REMOVE', attrId: 6 });
    expect(value()).toEqual({ specs: 'confirmDrop' });
    // 红 M and 蓝 M merge into 红 and 蓝 (which keep the S rows' values): those two are dropped.
    expect(ctx().pendingDrop.map((s) => s.id)).toEqual([71, 73]);
    actor.send({ type: 'DROP.CANCEL' });
    expect(ctx().pendingDrop).toEqual([]);
    actor.send({ type: 'ATTR.REMOVE', attrId: 6 });
    expect(ctx().pendingDrop).toHaveLength(2);
    actor.send({ type: 'DROP.CONFIRM' });
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().pendingDrop).toEqual([]);
  });

  it('removing the other attribute keeps the sizes; unticking asks only for the rows it drops', async () => {
    const { actor, ctx, value } = await editing(TWO_DIMS);
    actor.send({ type: 'ATTR.REMOVE', attrId: 5 });
    expect(value()).toEqual({ specs: 'confirmDrop' });
    actor.send({ type: 'DROP.CONFIRM' });
    expect(ctx().skuList.map((s) => [s.id, s.sku_name.join(' '), s.goods_stock, s.goods_image])).toEqual([[70, 'S', '1', '/r-s.jpg'], [71, 'M', '2', '/r-m.jpg']]);

    const other = await editing(TWO_DIMS);
    // M unticked: its saved rows would go with their prices: asked first, cancel keeps them
    other.actor.send({ type: 'SPEC.TOGGLE', attrId: 6, specId: 62 });
    expect(other.value()).toEqual({ specs: 'confirmDrop' });
    expect(other.ctx().pendingDrop.map((s) => s.id)).toEqual([71, 73]);
    other.actor.send({ type: 'DROP.CANCEL' });
    expect(other.ctx().skuList.map((s) => s.id)).toEqual([70, 71, 72, 73]);
    other.actor.send({ type: 'SPEC.TOGGLE', attrId: 6, specId: 62 });
    other.actor.send({ type: 'DROP.CONFIRM' });
    expect(other.value()).toEqual({ specs: 'idle' });
    expect(other.ctx().skuList.map((s) => s.id)).toEqual([70, 72]);
    // S, the last size, unticked: one row per colour already, each keeps its values
    other.actor.send({ type: 'SPEC.TOGGLE', attrId: 6, specId: 61 });
    expect(other.value()).toEqual({ specs: 'idle' });
    expect(other.ctx().skuList.map((s) => [s.id, s.sku_name.join(' '), s.goods_price])).toEqual([[70, '红', '10.00'], [72, '蓝', '12.00']]);
    // an attribute with a single ticked spec goes without a question too
    other.actor.send({ type: 'SPEC.TOGGLE', attrId: 6, specId: 62 });
    expect(other.ctx().skuList.map((s) => [s.id, s.sku_name.join(' ')])).toEqual([[70, '红 M'], [72, '蓝 M']]);
    other.actor.send({ type: 'ATTR.REMOVE', attrId: 6 });
    expect(other.value()).toEqual({ specs: 'idle' });
    expect(other.ctx().skuList.map((s) => [s.id, s.sku_name.join(' ')])).toEqual([[70, '红'], [72, '蓝']]);
  });

  it('shows why an admin refused the goods while it is refused', async () => {
    const refused = await editing({ ...RECORD, goods_verify: 0, refuse_info: ' 图片不清晰 ' });
    expect(refused.ctx().refuseInfo).toBe('图片不清晰');
    const approved = await editing({ ...RECORD, goods_verify: 1, refuse_info: '旧的原因' });
    expect(approved.ctx().refuseInfo).toBe('');
  });
});

describe('goodsEditor: admin edit', () => {
  it('has no class step and no attribute editing, sends goods_verify and is_master, errors land on info', async () => {
    const { actor, loadEditor, saveGoods, ctx, value } = start({ mode: 'edit', admin: true, id: 9 });
    expect(loadEditor.last().input).toEqual({ admin: true, id: 9 });
    loadEditor.last().resolve({ classTree: [], record: RECORD });
    await flush();
    expect(value()).toBe('info');
    // No tree: the names come from the record's classList.
    expect(ctx().classNames).toEqual(['数码', '手机', '智能手机']);
    actor.send({ type: 'CLASS.EDIT' });
    expect(value()).toBe('info');
    actor.send({ type: 'FIELD.SET', field: 'goods_verify', value: 1 });
    actor.send({ type: 'FIELD.SET', field: 'is_master', value: 1 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ATTRS.OPEN' });
    actor.send({ type: 'SPEC.TOGGLE', attrId: 5, specId: 52 });
    expect(value()).toEqual({ specs: 'idle' });
    expect(ctx().skuList).toHaveLength(1);
    actor.send({ type: 'SAVE' });
    expect(saveGoods.last().input).toMatchObject({ admin: true, id: 9, payload: { goods_verify: 1, is_master: 1, class_id: 111 } });
    // class_id refusal in admin mode: there is no class step, show it on info.
    saveGoods.last().reject({ code: 422, msg: 'bad class', data: { field: 'class_id' } });
    await flush();
    expect(value()).toBe('info');
  });
});

describe('goodsEditor helpers', () => {
  it('Cartesian product of the ticked specs', () => {
    expect(cartesian([])).toEqual([]);
    expect(cartesian([[1, 2]])).toEqual([[1], [2]]);
    expect(cartesian<unknown>([[1, 2], ['a', 'b'], [true]])).toEqual([[1, 'a', true], [1, 'b', true], [2, 'a', true], [2, 'b', true]]);
    expect(cartesian([[1], []])).toEqual([]);
    const attrs = toggleSpec(toggleSpec(appendAttrs([], ATTRS, [5, 6]), 5, 51), 6, 62);
    expect(checkedDimensions(attrs).map((d) => d.map((s) => s.id))).toEqual([[51], [62]]);
    // An attribute without ticked spec is skipped.
    expect(checkedDimensions(toggleSpec(attrs, 6, 62)).map((d) => d.map((s) => s.id))).toEqual([[51]]);
  });

  it('merge rule: same dimensions keep entered values (removed / appended), other dimensions replace', () => {
    const row = (ids: number[], price: string, id?: number): SkuRow => ({ ...newSku(ids.map((i) => ({ id: i, name: `n${i}` }))), goods_price: price, ...(id ? { id } : {}) });
    const existing = [row([1, 3], '5', 70), row([2, 3], '6', 71)];
    // shrank
    expect(mergeSkus(existing, [row([3, 2], '0')])).toEqual([{ ...existing[1], spec_id: [3, 2], sku_name: ['n3', 'n2'] }]);
    // grew, order-independent keys
    const grown = mergeSkus(existing, [row([1, 3], '0'), row([2, 3], '0'), row([1, 4], '0')]);
    expect(grown.map((r) => [r.spec_id, r.goods_price, r.id])).toEqual([[[1, 3], '5', 70], [[2, 3], '6', 71], [[1, 4], '0', undefined]]);
    // dimensions changed: a new combination takes the values and id of the first old row it still names
    expect(mergeSkus(existing, [row([1], '0')])).toEqual([{ ...existing[0], spec_id: [1], sku_name: ['n1'] }]);
    expect(planSkus(existing, [row([3], '0')])).toEqual({ rows: [{ ...existing[0], spec_id: [3], sku_name: ['n3'] }], dropped: [existing[1]] });
    expect(mergeSkus([row([1], '5', 70)], [row([1, 4], '0'), row([2, 4], '0')])).toEqual([{ ...row([1], '5', 70), spec_id: [1, 4], sku_name: ['n1', 'n4'] }, row([2, 4], '0')]);
    expect(mergeSkus(existing, [row([9], '0')])).toEqual([row([9], '0')]);
    expect(planSkus(existing, []).dropped).toEqual(existing);
    expect(mergeSkus([], [row([1], '0')])).toEqual([row([1], '0')]);
    expect(mergeSkus(existing, [])).toEqual([]);
    expect(regenerateSkus([], existing)).toEqual([]);
  });

  it('classes: path lookup, columns, completeness, picking and restoring', () => {
    expect(classPathOf(TREE, 121)).toEqual([1, 12, 121]);
    expect(classPathOf(TREE, 999)).toEqual([]);
    expect(classColumns(TREE, [1, 11]).map((c) => c.map((n) => n.id))).toEqual([[1, 2], [11, 12], [111, 112]]);
    expect(classColumns(TREE, []).map((c) => c.length)).toEqual([2, 0, 0]);
    expect(isClassComplete(TREE, [1, 11, 111])).toBe(true);
    expect(isClassComplete(TREE, [1, 12, 111])).toBe(false);
    expect(pickClass([1, 11, 111], 0, 2)).toEqual([2]);
    expect(restoreClass(TREE, null)).toEqual({ path: [], names: [], enames: [], classId: 0 });
    expect(restoreClass([], { class_id: 5 })).toEqual({ path: [], names: [], enames: [], classId: 5 });
  });

  it('classes: English names beside the names, from the tree or the goods\' classList ("" where none)', () => {
    const named: ClassNode[] = [{ id: 1, name: '数码', ename: 'Digital', children: [{ id: 11, name: '手机', children: [{ id: 111, name: '智能手机', ename: 'Smartphones' }] }] }];
    expect(classNames(named, [1, 11, 111])).toEqual(['数码', '手机', '智能手机']);
    expect(classEnames(named, [1, 11, 111])).toEqual(['Digital', '', 'Smartphones']);
    expect(classEnames(named, [1, 99])).toEqual(['Digital']);
    expect(classTreeOf([{ id: 1, name: '数码', ename: 'Digital', children: [{ id: 11, name: '手机' }] }])).toEqual([
      { id: 1, name: '数码', ename: 'Digital', pid: 0, children: [{ id: 11, name: '手机', ename: '', pid: 0, children: [] }] },
    ]);
    expect(restoreClass(named, { class_id: 111 })).toEqual({ path: [1, 11, 111], names: ['数码', '手机', '智能手机'], enames: ['Digital', '', 'Smartphones'], classId: 111 });
    // the admin's editor has no tree: the goods' classList, leaf first, with its English names
    const classList = [{ id: 111, name: '智能手机', ename: 'Smartphones' }, { id: 11, name: '手机', ename: null }, { id: 1, name: '数码', ename: 'Digital' }];
    expect(restoreClass([], { class_id: 111, classList })).toEqual({ path: [1, 11, 111], names: ['数码', '手机', '智能手机'], enames: ['Digital', '', 'Smartphones'], classId: 111 });
  });

  it('gallery: at most 10, no duplicates, master rules', () => {
    const many = Array.from({ length: 12 }, (_, i) => `/u/${i}.jpg`);
    const values = addImages(emptyValues(), [...many.slice(0, 2), many[0]]);
    expect(values.goods_images).toEqual(['/u/0.jpg', '/u/1.jpg']);
    expect(addImages(values, many).goods_images).toHaveLength(10);
    expect(setMaster(values, '/nope.jpg')).toBe(values);
    expect(removeImage(setMaster(values, '/u/1.jpg'), '/u/0.jpg').goods_master_image).toBe('/u/1.jpg');
    expect(removeImage(removeImage(values, '/u/0.jpg'), '/u/1.jpg').goods_master_image).toBe('');
  });

  it('reads records, validates and builds the payload', () => {
    expect(listOf('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(listOf(3)).toEqual(['3']);
    expect(listOf(null)).toEqual([]);
    expect(recordToValues({ goods_images: 'x.jpg,y.jpg', goods_master_image: 'z.jpg' })).toMatchObject({ goods_images: ['x.jpg', 'y.jpg'], goods_master_image: 'x.jpg', freight_id: -1 });
    expect(skuRowsOf([{ spec_id: '1,2', sku_name: 'a,b' }])).toEqual([{ spec_id: [1, 2], sku_name: ['a', 'b'], goods_price: '0', goods_market_price: '0', goods_stock: '0', goods_weight: '0', goods_image: '' }]);
    expect(skuRowsOf(null)).toEqual([]);
    expect(validateInfo({ ...emptyValues(), goods_subname: 'x'.repeat(121) }).goods_subname).toMatchObject({ key: 'validate.maxLength' });
    const defaults = { goods_price: '9.90', goods_market_price: '12', goods_weight: '0.5', goods_stock: '3' };
    // the goods' own stock starts a first SKU only: with SKUs the goods' stock is their total
    expect(skuDefaultsOf({ ...defaults, goods_stock: ' 3 ' })).toEqual(defaults);
    expect(skuDefaultsOf(defaults, true)).toEqual({ ...defaults, goods_stock: '0' });
    expect(mergedAway(ATTRS, ATTRS, [])).toEqual([]);
    expect(newSku([{ id: 1, name: 'a' }], defaults)).toMatchObject(defaults);
    expect(validateSkus([newSku([{ id: 1, name: 'a' }], defaults)])).toEqual({});
    // Without the goods' figures a new row is blank (asked for), never a silent 0.
    expect(Object.keys(validateSkus([newSku([{ id: 1, name: 'a' }])])).sort()).toEqual(
      ['skuList.0.goods_market_price', 'skuList.0.goods_price', 'skuList.0.goods_stock', 'skuList.0.goods_weight'],
    );
    for (const zero of ['0', '0.0', '0.00', '00']) {
      expect(validateSkus([{ ...newSku([], defaults), goods_price: zero }])['skuList.0.goods_price']).toEqual({ key: 'page.goodsEditor.pricePositive' });
      expect(validateInfo({ ...emptyValues(), goods_price: zero }).goods_price).toEqual({ key: 'page.goodsEditor.pricePositive' });
    }
    expect(validateInfo({ ...emptyValues(), goods_price: '0.01' }).goods_price).toBeUndefined();
    expect(regenerateSkus(toggleSpec(appendAttrs([], ATTRS, [5]), 5, 52), [], defaults)).toEqual([{ ...newSku([{ id: 52, name: '蓝' }], defaults), spec_id: [52], sku_name: ['蓝'] }]);
    expect(validateSkus([{ ...newSku([]), goods_price: '1.234' }])['skuList.0.goods_price']).toMatchObject({ key: 'page.goodsEditor.moneyRule' });
    const payload = goodsPayload({ ...emptyValues(), goods_name: ' x ', goods_images: ['/a.jpg'] }, [], 0, false);
    expect(payload).toMatchObject({ goods_name: 'x', goods_master_image: '/a.jpg', skuList: [] });
    expect(payload).not.toHaveProperty('class_id');
    expect(serverErrors(null)).toEqual({});
    expect(serverErrors({ msg: 'x', data: null })).toEqual({});
    expect(serverErrors({ msg: '', data: { field: 'skuList.1.goods_stock' } })).toEqual({ 'skuList.1.goods_stock': { key: 'page.goodsEditor.saveFailed', text: undefined } });
    expect(stepOfField(undefined)).toBe('info');
    expect(stepOfField('attrList')).toBe('specs');
  });
});

describe('goodsEditor: an edit that sends an approved goods back to review (issue 15)', () => {
  const APPROVED = { ...RECORD, goods_verify: 1, goods_review_on: true };
  async function editingAt(record: Record<string, unknown>) {
    const started = start({ mode: 'edit', id: 9 });
    started.loadEditor.last().resolve({ classTree: TREE, record });
    await flush();
    return started;
  }

  it('asks before saving a changed name from the info step; cancel goes back to info with the values kept, confirm saves', async () => {
    const { actor, ctx, value, saveGoods } = await editingAt(APPROVED);
    expect(ctx().reviewOn).toBe(true);
    actor.send({ type: 'FIELD.SET', field: 'goods_name', value: '新名字' });
    actor.send({ type: 'SAVE' });
    expect(value()).toBe('confirmReview');
    expect(ctx().reviewFrom).toBe('info');
    expect(saveGoods.calls).toHaveLength(0);
    actor.send({ type: 'REVIEW.CANCEL' });
    expect(value()).toBe('info');
    expect(ctx().values.goods_name).toBe('新名字');
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'REVIEW.CONFIRM' });
    expect(value()).toBe('saving');
    expect(saveGoods.last().input.payload).toMatchObject({ goods_name: '新名字' });
  });

  it('asks from the specs step too (a changed detail), and cancel goes back to the matrix', async () => {
    const { actor, ctx, value } = await editingAt(APPROVED);
    actor.send({ type: 'FIELD.SET', field: 'goods_content', value: '<p>新的详情</p>' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SAVE' });
    expect(value()).toBe('confirmReview');
    expect(ctx().reviewFrom).toBe('specs');
    actor.send({ type: 'REVIEW.CANCEL' });
    expect(value()).toEqual({ specs: 'idle' });
  });

  it('never asks when nothing the review looks at changed, when the review is off, for a pending or refused goods, or for the admin', async () => {
    const price = await editingAt(APPROVED);
    price.actor.send({ type: 'FIELD.SET', field: 'goods_price', value: '88' });
    price.actor.send({ type: 'SAVE' });
    expect(price.value()).toBe('saving');

    for (const record of [{ ...APPROVED, goods_review_on: false }, { ...APPROVED, goods_verify: 2 }, { ...APPROVED, goods_verify: 0 }]) {
      const other = await editingAt(record);
      other.actor.send({ type: 'FIELD.SET', field: 'goods_name', value: '新名字' });
      other.actor.send({ type: 'SAVE' });
      expect(other.value()).toBe('saving');
    }
    expect(sendsBackToReview({ ...price.ctx(), admin: true, values: { ...price.ctx().values, goods_name: 'x' } })).toBe(false);
    expect(sendsBackToReview({ ...price.ctx(), mode: 'create', values: { ...price.ctx().values, goods_name: 'x' } })).toBe(false);
  });
});
