import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import AdminGoodsPage, { adminGoodsSearch } from '../../../src/backoffice/views/Admin/exts/goods/index';
import SellerGoodsPage from '../../../src/backoffice/views/Seller/goods/index';
import { envelope, fakeFetch, type RecordedCall } from '../helpers';
import { freshPage, paginator, queryOf, laidOutEachTest } from './pageHelpers';
import SellerGoodsFormPage from '../../../src/backoffice/views/Seller/goods/form';
import AdminGoodsFormPage from '../../../src/backoffice/views/Admin/exts/goods/form';
import { renderRoutes } from './pageHelpers';

/** The goods list and its editor at their addresses (issue 30: the editor is a page of its own). */
const renderSellerGoods = () => renderRoutes(1, [['/Seller/goods/form/:id?', SellerGoodsFormPage], ['/Seller/goods', SellerGoodsPage]]);
const renderAdminGoods = () => renderRoutes(0, [['/Admin/goods/form/:id', AdminGoodsFormPage], ['/Admin/goods', AdminGoodsPage]]);

const goodsRows = [
  { id: 7, goods_name: '蓝牙耳机', goods_master_image: '', brand_name: '声学', class_name: '耳机', store_id: 3, store_name: '声学旗舰店', goods_price: '99.00', goods_stock: 5, goods_sale: 2, goods_status: 1, goods_verify: 2, created_at: '2024-01-02 03:04:05' },
];

const TREE = [
  { id: 1, name: '数码', children: [{ id: 11, name: '影音', children: [{ id: 111, name: '耳机' }, { id: 112, name: '音箱' }] }] },
  { id: 2, name: '服饰', children: [] },
];
const ATTRS = [
  { id: 5, name: '颜色', specs: [{ id: 51, name: '黑' }, { id: 52, name: '白' }] },
  { id: 6, name: '版本', specs: [{ id: 61, name: '标准' }, { id: 62, name: '降噪' }] },
];

const body = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, unknown>;

describe('goods lists', () => {
  laidOutEachTest();

  it('admin: the shelf switch PUTs {goods_status} at once; approve and refuse with a reason', async () => {
    freshPage('/Admin/goods');
    const { calls } = fakeFetch({
      'GET /api/Admin/goods': envelope(paginator(goodsRows)),
      'PUT /api/Admin/goods/7': (call) => envelope({ ...goodsRows[0], ...body(call) }),
    });
    renderAdminGoods();
    await screen.findByText('蓝牙耳机');
    expect(queryOf(calls[0].url).get('isWith')).toBe('goods_class,goods_brand');
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
    // the store of each goods, and a search by its name
    expect(screen.getByRole('columnheader', { name: '店铺' })).toBeTruthy();
    expect(screen.getByText('声学旗舰店')).toBeTruthy();
    expect(adminGoodsSearch.find((f) => f.value === 'store_name')).toMatchObject({ label: 'page.goods.store', where: 'like' });

    const shelf = screen.getByRole('switch', { name: '蓝牙耳机 上架状态' });
    expect(shelf.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(shelf);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ goods_status: '0' });
    expect(await screen.findByText('操作成功。')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(body(calls.filter((c) => c.method === 'PUT')[1])).toEqual({ goods_verify: '1' });

    fireEvent.click(screen.getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog', { name: /拒绝商品/ });
    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), { target: { value: '图片不清晰' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(body(calls.filter((c) => c.method === 'PUT')[2])).toEqual({ goods_verify: '0', refuse_info: '图片不清晰' });
  });

  it('seller: the list has no store column', async () => {
    freshPage('/Seller/goods', 1);
    fakeFetch({ 'GET /api/Seller/goods': envelope(paginator(goodsRows)) });
    renderSellerGoods();
    await screen.findByText('蓝牙耳机');
    expect(screen.queryByRole('columnheader', { name: '店铺' })).toBeNull();
  });

  it('seller: a failed shelf change flips the switch back', async () => {
    freshPage('/Seller/goods', 1);
    fakeFetch({
      'GET /api/Seller/goods': envelope(paginator(goodsRows)),
      'PUT /api/Seller/goods/7': envelope(null, 422, '库存不足'),
    });
    renderSellerGoods();
    const shelf = await screen.findByRole('switch', { name: '蓝牙耳机 上架状态' });
    fireEvent.click(shelf);
    await waitFor(() => expect(shelf.getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText('库存不足')).toBeTruthy();
  });
});

describe('seller goods editor', () => {
  laidOutEachTest();

  it('chooses a class, fills the info, ticks specs into a matrix and posts the form fields', async () => {
    freshPage('/Seller/goods', 1);
    let uploads = 0;
    const { calls } = fakeFetch({
      'GET /api/Seller/goods': envelope(paginator(goodsRows)),
      'GET /api/Seller/store_classes': envelope(TREE),
      'GET /api/Seller/goods_brands': envelope([{ id: 3, name: '声学' }]),
      'GET /api/Seller/goods_attrs': envelope(ATTRS),
      'POST /api/Seller/uploads': () => envelope(`/uploads/goods/${++uploads}.png`),
      'POST /api/Seller/goods': (call) => {
        const sent = body(call);
        return sent.goods_name === '重复' ? envelope({ field: 'goods_name' }, 422, '标题已存在') : envelope({ id: 30 });
      },
    });
    renderSellerGoods();
    await screen.findByText('蓝牙耳机');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));

    // Step 0: three levels before "next".
    const next = await screen.findByRole('button', { name: '下一步，填写商品信息' }, { timeout: 3000 });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /数码/ }));
    fireEvent.click(screen.getByRole('button', { name: /影音/ }));
    fireEvent.click(screen.getByRole('button', { name: '耳机' }));
    expect(screen.getByText('已选类目：数码 / 影音 / 耳机')).toBeTruthy();
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next);

    // Step 1: validation first, then the fields.
    const title = await screen.findByRole('textbox', { name: '商品标题' });
    expect(screen.getByText('商品类目：数码 / 影音 / 耳机')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步，填写规格信息' }));
    expect(await screen.findByText('请检查标红的内容')).toBeTruthy();
    expect(screen.getAllByText('不能为空。').length).toBeGreaterThanOrEqual(4);

    fireEvent.change(title, { target: { value: '重复' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '平台价格' }), { target: { value: '199' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '市场价格' }), { target: { value: '299' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '商品重量' }), { target: { value: '0.3' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '商品库存' }), { target: { value: '20' } });
    const file = (name: string) => new File(['x'], name, { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('上传'), { target: { files: [file('a.png'), file('b.png')] } });
    await screen.findByRole('button', { name: '将 图片 2 设为主图' });
    expect(screen.getByRole('button', { name: '将 图片 1 设为主图' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '将 图片 2 设为主图' }));
    expect(screen.getByRole('button', { name: '将 图片 2 设为主图' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '下一步，填写规格信息' }));

    // Step 3: attributes, ticks, matrix.
    fireEvent.click(await screen.findByRole('button', { name: '选择属性' }));
    const dialog = await screen.findByRole('dialog', { name: '选择属性' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '颜色' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '版本' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择属性' })).toBeNull());
    const colour = screen.getByRole('group', { name: '颜色' });
    const edition = screen.getByRole('group', { name: '版本' });
    fireEvent.click(within(colour).getByRole('checkbox', { name: '黑' }));
    fireEvent.click(within(colour).getByRole('checkbox', { name: '白' }));
    expect(screen.getAllByTestId('sku-row')).toHaveLength(2);
    fireEvent.click(within(edition).getByRole('checkbox', { name: '降噪' }));
    const rows = screen.getAllByTestId('sku-row');
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['黑 降噪', '白 降噪']);
    // New rows start from the goods' own price, market price, weight and stock (not from 0.00).
    const cell = (label: string) => (screen.getByRole('spinbutton', { name: label }) as HTMLInputElement).value;
    expect([cell('平台价格 黑 降噪'), cell('市场价格 黑 降噪'), cell('重量 (kg) 黑 降噪'), cell('商品库存 黑 降噪')]).toEqual(['199', '299', '0.3', '20']);
    // A SKU price of 0 is refused in the form, with a message on the cell; nothing is sent.
    fireEvent.change(screen.getByRole('spinbutton', { name: '平台价格 白 降噪' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('价格必须大于 0')).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: '平台价格 白 降噪' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/Seller/goods')).toBe(false);
    for (const name of ['黑 降噪', '白 降噪']) {
      fireEvent.change(screen.getByRole('spinbutton', { name: `市场价格 ${name}` }), { target: { value: '299' } });
      fireEvent.change(screen.getByRole('spinbutton', { name: `平台价格 ${name}` }), { target: { value: '199' } });
      fireEvent.change(screen.getByRole('spinbutton', { name: `商品库存 ${name}` }), { target: { value: '10' } });
    }
    fireEvent.change(screen.getByRole('combobox', { name: '图片 白 降噪' }), { target: { value: '/uploads/goods/2.png' } });

    // The server refuses the title: back on the info step with the message under the field.
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('标题已存在', { selector: '[id$="-error"]' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '商品标题' }), { target: { value: '降噪耳机' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));

    // Saved: back to the list, which loads again.
    await screen.findByText('蓝牙耳机');
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/Seller/goods');
    expect(posts).toHaveLength(2);
    const sent = body(posts[1]);
    expect(sent).toMatchObject({
      goods_name: '降噪耳机',
      class_id: '111',
      goods_price: '199',
      goods_market_price: '299',
      goods_weight: '0.3',
      goods_stock: '20',
      freight_id: '-1',
      goods_status: '1',
      goods_master_image: '/uploads/goods/2.png',
      goods_images: ['/uploads/goods/1.png', '/uploads/goods/2.png'],
      skuList: [
        { spec_id: ['51', '62'], sku_name: ['黑', '降噪'], goods_price: '199', goods_market_price: '299', goods_stock: '10', goods_weight: '0.3', goods_image: '' },
        { spec_id: ['52', '62'], sku_name: ['白', '降噪'], goods_price: '199', goods_market_price: '299', goods_stock: '10', goods_weight: '0.3', goods_image: '/uploads/goods/2.png' },
      ],
    });
    expect(String(posts[1].body)).toContain(encodeURIComponent('skuList[0][spec_id][0]') + '=51');
    expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/Seller/goods?')).length).toBe(2);
    const upload = calls.find((c) => c.url === '/api/Seller/uploads')!;
    expect((upload.body as FormData).get('name')).toBe('goods');
  }, 30000);
});

const RECORD = {
  id: 7,
  class_id: 112,
  goods_name: '蓝牙耳机',
  goods_subname: '',
  goods_no: '',
  brand_id: 3,
  goods_images: ['/uploads/goods/a.png'],
  goods_master_image: '/uploads/goods/a.png',
  goods_price: '99.00',
  goods_market_price: '120.00',
  goods_weight: '0.20',
  goods_stock: 5,
  freight_id: 0,
  goods_content: '',
  goods_status: 1,
  goods_verify: 2,
  is_master: 0,
  classList: [{ id: 112, name: '音箱' }, { id: 11, name: '影音' }, { id: 1, name: '数码' }],
  attrList: [{ id: 5, name: '颜色', specs: [{ id: 51, name: '黑', check: true }, { id: 52, name: '白' }] }],
  skuList: [{ id: 70, spec_id: [51], sku_name: ['黑'], goods_price: '99.00', goods_market_price: '120.00', goods_stock: 5, goods_weight: '0.20', goods_image: '' }],
};

describe('goods editor in edit mode', () => {
  laidOutEachTest();

  it('seller: starts at the info step with the class restored, picks from the image space by folder and page, PUTs', async () => {
    freshPage('/Seller/goods', 1);
    const { calls } = fakeFetch({
      'GET /api/Seller/goods': envelope(paginator(goodsRows)),
      'GET /api/Seller/goods/7': envelope(RECORD),
      'GET /api/Seller/store_classes': envelope(TREE),
      'GET /api/Seller/goods_brands': envelope([{ id: 3, name: '声学' }]),
      'GET /api/Seller/file_space_dirs': envelope([{ id: 4, name: '耳机图' }]),
      'GET /api/Seller/freights': envelope([
        { id: 1, name: '默认运费', is_type: 0, area_id: [] },
        { id: 5, name: '偏远地区', is_type: 1, area_id: [31] },
      ]),
      'GET /api/Seller/file_spaces': (call) =>
        envelope({ data: [{ id: 1, name: `p${queryOf(call.url).get('page')}.png`, url: `/uploads/spaces/p${queryOf(call.url).get('page')}.png` }], total: 45, per_page: 30, current_page: 1, last_page: 2 }),
      'PUT /api/Seller/goods/7': envelope(RECORD),
    });
    renderSellerGoods();
    await screen.findByText('蓝牙耳机');
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    expect(await screen.findByText('商品类目：数码 / 影音 / 音箱', {}, { timeout: 3000 })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '商品标题' }) as HTMLInputElement).value).toBe('蓝牙耳机');
    // the freight select offers free shipping, the store default and the store's province templates
    const freight = screen.getByRole('button', { name: /运费模版/ });
    expect(freight.textContent).toContain('店铺默认');
    fireEvent.click(freight);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['不选择', '免运费', '店铺默认', '偏远地区']);
    fireEvent.keyDown(freight, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: '空间' }));
    const picker = await screen.findByRole('dialog', { name: '空间' });
    fireEvent.click(await within(picker).findByRole('button', { name: /耳机图/ }));
    await within(picker).findByText('p1.png');
    const spaceCall = calls.filter((c) => c.url.startsWith('/api/Seller/file_spaces?')).at(-1)!;
    expect(queryOf(spaceCall.url).get('dir_id')).toBe('4');
    expect(queryOf(spaceCall.url).get('page')).toBe('1');
    fireEvent.click(within(picker).getByRole('button', { name: '下一页' }));
    await within(picker).findByText('p2.png');
    expect(queryOf(calls.filter((c) => c.url.startsWith('/api/Seller/file_spaces?')).at(-1)!.url).get('page')).toBe('2');
    // The whole tile toggles the image: a click on the thumbnail selects it, another drops it.
    const box = within(picker).getByRole('checkbox', { name: 'p2.png' }) as HTMLInputElement;
    const thumb = within(picker).getByTestId('space-picker-images').querySelector('img')!;
    fireEvent.click(thumb);
    expect(box.checked).toBe(true);
    expect(box.closest('li')!.hasAttribute('data-selected')).toBe(true);
    expect(within(picker).getByRole('button', { name: '插入主图（1）' })).toBeTruthy();
    fireEvent.click(thumb);
    expect(box.checked).toBe(false);
    expect(within(picker).getByRole('button', { name: '插入主图（0）' })).toBeTruthy();
    fireEvent.click(within(picker).getByText('p2.png'));
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(within(picker).getByRole('button', { name: '插入主图（1）' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '空间' })).toBeNull());
    expect(screen.getByRole('button', { name: '将 图片 2 设为主图' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    await screen.findByRole('switch', { name: '蓝牙耳机 上架状态' });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(body(put)).toMatchObject({
      class_id: '112',
      goods_images: ['/uploads/goods/a.png', '/uploads/spaces/p2.png'],
      skuList: [{ id: '70', spec_id: ['51'], sku_name: ['黑'] }],
    });
  }, 30000);

  it('admin: no class step, review fields, PUT /Admin/goods/<id>', async () => {
    freshPage('/Admin/goods');
    const { calls } = fakeFetch({
      'GET /api/Admin/goods': envelope(paginator(goodsRows)),
      'GET /api/Admin/goods/7': envelope(RECORD),
      'GET /api/Admin/goods_brands': envelope([{ id: 3, name: '声学' }]),
      'PUT /api/Admin/goods/7': envelope(RECORD),
    });
    renderAdminGoods();
    await screen.findByText('蓝牙耳机');
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    await screen.findByRole('textbox', { name: '商品标题' }, { timeout: 3000 });
    expect(screen.queryByText('选择类目')).toBeNull();
    expect(screen.queryByRole('button', { name: '空间' })).toBeNull();
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '推荐位' })).getByRole('radio', { name: '是' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步，填写规格信息' }));
    expect(await screen.findByText('黑')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '选择属性' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    await screen.findByRole('switch', { name: '蓝牙耳机 上架状态' });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/Admin/goods/7');
    expect(body(put)).toMatchObject({ goods_verify: '2', is_master: '1', class_id: '112', skuList: [{ id: '70' }] });
    expect(calls.some((c) => c.url.includes('store_classes'))).toBe(false);
  }, 30000);
});
