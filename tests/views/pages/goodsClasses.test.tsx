import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import zh from '../../../locales/zh-cn.json';
import GoodsBrandsPage, { goodsBrandsPage } from '../../../src/backoffice/views/Admin/exts/goods_brands/index';
import GoodsClassesPage, { goodsClassesPage } from '../../../src/backoffice/views/Admin/exts/goods_classes/index';
import { adminGoodsPage } from '../../../src/backoffice/views/Admin/exts/goods/index';
import { storesPage } from '../../../src/backoffice/views/Admin/exts/stores/index';
import { sellerGoodsPage } from '../../../src/backoffice/views/Seller/goods/index';
import { goodsAttrsPage } from '../../../src/backoffice/views/Seller/goods_attrs/index';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { parentChoices, subtreeLevels } from '../../../src/backoffice/fields/options';
import type { DictItem } from '../../../machines/table';
import { envelope, fakeFetch } from '../helpers';
import { freshPage, paginator, queryOf, renderView, laidOutEachTest } from './pageHelpers';

const pages: Record<string, PageConfig> = {
  goodsClassesPage,
  goodsBrandsPage,
  adminGoodsPage: adminGoodsPage([]),
  storesPage: storesPage(4, []),
  sellerGoodsPage: sellerGoodsPage(() => undefined),
  goodsAttrsPage,
};

function keysOf(config: PageConfig): string[] {
  const keys: string[] = [];
  const bag = [...config.columns, ...(config.search ?? []), ...(config.form?.add ?? []), ...(config.form?.edit ?? []), ...(config.form?.view ?? [])];
  for (const item of bag) {
    keys.push(item.label);
    const extra = item as { hint?: string; placeholder?: string; options?: { label: unknown }[]; translate?: boolean };
    if (extra.hint) keys.push(extra.hint);
    if (extra.placeholder) keys.push(extra.placeholder);
    if (extra.translate && extra.options) keys.push(...extra.options.map((o) => String(o.label)));
  }
  for (const list of Object.values(config.dictData ?? {})) keys.push(...list.map((o) => String(o.label)));
  for (const rules of Object.values(config.form?.rules ?? {})) for (const rule of [rules].flat()) if (rule.message) keys.push(rule.message);
  return [...new Set(keys)];
}

describe('catalogue page configurations', () => {
  it('every label is a key of both locales', () => {
    for (const [name, config] of Object.entries(pages)) {
      for (const key of keysOf(config)) {
        expect(zh, `${name}: ${key}`).toHaveProperty([key]);
        expect(en, `${name}: ${key}`).toHaveProperty([key]);
      }
    }
  });
});

describe('goods classes and brands', () => {
  laidOutEachTest();

  it('classes: a lazy tree with the parent cascader fed by the whole class tree (/load_goods_classes?deep=2) plus 默认', async () => {
    freshPage('/Admin/goods_classes');
    const { calls } = fakeFetch({
      'GET /api/Admin/goods_classes': envelope([{ id: 1, pid: 0, name: '数码', thumb: '', created_at: '2024-01-02 03:04:05', hasChildren: true }]),
      'GET /api/load_goods_classes': envelope([{ id: 1, name: '数码', children: [{ id: 11, name: '影音' }] }]),
      'POST /api/Admin/goods_classes': (call) => envelope({ id: 2, ...(qs.parse(String(call.body)) as object) }),
    });
    renderView(GoodsClassesPage, 0, '/Admin/goods_classes');
    await screen.findByText('数码');
    const list = calls.find((c) => c.url.startsWith('/api/Admin/goods_classes'))!;
    expect(queryOf(list.url).get('isChildren')).toBe('true');
    expect(queryOf(list.url).get('pid')).toBe('0');
    const dict = calls.find((c) => c.url.startsWith('/api/load_goods_classes'))!;
    expect(queryOf(dict.url).get('deep')).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('不能为空。')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '分类名称' }), { target: { value: '家电' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(qs.parse(String(calls.find((c) => c.method === 'POST')!.body))).toMatchObject({ name: '家电', pid: '0', is_sort: '0' });
  });

  it('classes: editing a class, the parent picker leaves out the class and its sub-classes', async () => {
    freshPage('/Admin/goods_classes');
    fakeFetch({
      'GET /api/Admin/goods_classes': envelope([
        { id: 1, pid: 0, name: '数码', thumb: '', created_at: '2024-01-02 03:04:05', has_children: {} },
        { id: 2, pid: 0, name: '家电', thumb: '', created_at: '2024-01-02 03:04:05', has_children: null },
      ]),
      'GET /api/Admin/goods_classes/1': envelope({ id: 1, pid: 0, name: '数码', thumb: '', is_sort: 0 }),
      'GET /api/load_goods_classes': envelope([
        { id: 1, name: '数码', children: [{ id: 11, name: '影音' }] },
        { id: 2, name: '家电', children: [{ id: 21, name: '厨电' }] },
      ]),
    });
    renderView(GoodsClassesPage, 0, '/Admin/goods_classes');
    const row = (await screen.findByText('数码')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const picker = await within(dialog).findByRole('button', { name: /上级分类/ });
    fireEvent.click(picker);
    expect(await within(dialog).findByRole('button', { name: '家电' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '数码' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '影音' })).toBeNull();
    // adding, every class is offered
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const add = await screen.findByRole('dialog');
    fireEvent.click(within(add).getByRole('button', { name: /上级分类/ }));
    expect(await within(add).findByRole('button', { name: '数码' })).toBeTruthy();
  });

  it('classes: the parent picker offers only parents that keep the tree within three levels, the class\'s own sub-classes counted', async () => {
    freshPage('/Admin/goods_classes');
    // 数码 > 影音 > 耳机; 家电 > 厨电 > 烤箱; 服装 (no sub-classes)
    fakeFetch({
      'GET /api/Admin/goods_classes': envelope([
        { id: 1, pid: 0, name: '数码', thumb: '', created_at: '2024-01-02 03:04:05', has_children: {} },
        { id: 2, pid: 0, name: '家电', thumb: '', created_at: '2024-01-02 03:04:05', has_children: {} },
        { id: 3, pid: 0, name: '服装', thumb: '', created_at: '2024-01-02 03:04:05', has_children: null },
      ]),
      'GET /api/Admin/goods_classes/1': envelope({ id: 1, pid: 0, name: '数码', thumb: '', is_sort: 0 }),
      'GET /api/Admin/goods_classes/2': envelope({ id: 2, pid: 0, name: '家电', thumb: '', is_sort: 0 }),
      'GET /api/Admin/goods_classes/3': envelope({ id: 3, pid: 0, name: '服装', thumb: '', is_sort: 0 }),
      'GET /api/load_goods_classes': envelope([
        { id: 1, name: '数码', children: [{ id: 11, name: '影音', children: [{ id: 111, name: '耳机' }] }] },
        { id: 2, name: '家电', children: [{ id: 21, name: '厨电', children: [{ id: 211, name: '烤箱' }] }] },
        { id: 3, name: '服装' },
      ]),
    });
    renderView(GoodsClassesPage, 0, '/Admin/goods_classes');
    const picker = async (open: () => void) => {
      open();
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(await within(dialog).findByRole('button', { name: /上级分类/ }));
      await within(dialog).findByRole('button', { name: '默认' });
      return dialog;
    };
    const close = async (dialog: HTMLElement) => {
      fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    const edit = (name: string) => () => fireEvent.click(within(screen.getByText(name).closest('[role="row"]') as HTMLElement).getByRole('button', { name: '编辑' }));
    await screen.findByText('服装');

    // a top class with two levels below it: only the top level (under any class it would reach a fourth)
    let dialog = await picker(edit('数码'));
    expect(within(dialog).queryByRole('button', { name: '家电' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '服装' })).toBeNull();
    await close(dialog);

    // a class without sub-classes: the first two levels, never a third-level class, never itself
    dialog = await picker(edit('服装'));
    expect(within(dialog).queryByRole('button', { name: '服装' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '家电' }));
    const second = await within(dialog).findByRole('button', { name: '厨电' });
    expect(second.getAttribute('aria-expanded')).toBeNull(); // no third level below it
    fireEvent.click(within(dialog).getByRole('button', { name: '数码' }));
    expect(await within(dialog).findByRole('button', { name: '影音' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '耳机' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '烤箱' })).toBeNull();
    await close(dialog);

    // a new class: the first two levels too
    dialog = await picker(() => fireEvent.click(screen.getByRole('button', { name: '添加' })));
    fireEvent.click(within(dialog).getByRole('button', { name: '家电' }));
    expect(await within(dialog).findByRole('button', { name: '厨电' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '烤箱' })).toBeNull();
    await close(dialog);
  });

  it('parentChoices: the parents a three-level tree offers a row, by the depth of its own subtree', () => {
    const tree = [
      { label: '默认', value: 0 },
      { label: '数码', value: 1, children: [{ label: '影音', value: 11, children: [{ label: '耳机', value: 111 }] }, { label: '手机', value: 12 }] },
      { label: '服装', value: 3 },
    ];
    const names = (items: DictItem[]): string[] => items.flatMap((i) => [String(i.label), ...names((i.children as DictItem[]) ?? [])]);
    expect(subtreeLevels(tree, 1)).toBe(3);
    expect(subtreeLevels(tree, 11)).toBe(2);
    expect(subtreeLevels(tree, 111)).toBe(1);
    expect(subtreeLevels(tree, 99)).toBe(0);
    // adding: every class of the first two levels
    expect(names(parentChoices(tree, undefined, 3))).toEqual(['默认', '数码', '影音', '手机', '服装']);
    // a leaf: the same without itself
    expect(names(parentChoices(tree, 111, 3))).toEqual(['默认', '数码', '影音', '手机', '服装']);
    expect(names(parentChoices(tree, 12, 3))).toEqual(['默认', '数码', '影音', '服装']);
    // a class with one level below it: top-level parents only, never itself
    expect(names(parentChoices(tree, 11, 3))).toEqual(['默认', '数码', '服装']);
    // a class with two levels below it: the top level only
    expect(names(parentChoices(tree, 1, 3))).toEqual(['默认']);
    // no limit (menus): only the subtree is left out
    expect(names(parentChoices(tree, 11, Infinity))).toEqual(['默认', '数码', '手机', '服装']);
  });

  it('brands: name is required and at most 20 characters', async () => {
    freshPage('/Admin/goods_brands');
    const { calls } = fakeFetch({
      'GET /api/Admin/goods_brands': envelope(paginator([{ id: 3, name: '声学', thumb: '', created_at: '2024-01-02 03:04:05' }])),
      'POST /api/Admin/goods_brands': envelope({ id: 4 }),
    });
    renderView(GoodsBrandsPage, 0, '/Admin/goods_brands');
    await screen.findByText('声学');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '品牌名称' }), { target: { value: 'x'.repeat(21) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('最多 20 个字符。')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
