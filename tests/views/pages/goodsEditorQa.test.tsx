import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import SellerGoodsPage from '../../../src/backoffice/views/Seller/goods/index';
import AdminGoodsPage from '../../../src/backoffice/views/Admin/exts/goods/index';
import { envelope, fakeFetch, type RecordedCall } from '../helpers';
import { freshPage, paginator, laidOutEachTest } from './pageHelpers';
import SellerGoodsFormPage from '../../../src/backoffice/views/Seller/goods/form';
import AdminGoodsFormPage from '../../../src/backoffice/views/Admin/exts/goods/form';
import { renderRoutes } from './pageHelpers';

/** The goods list and its editor at their addresses (issue 30: the editor is a page of its own). */
const renderSellerGoods = () => renderRoutes(1, [['/Seller/goods/form/:id?', SellerGoodsFormPage], ['/Seller/goods', SellerGoodsPage]]);
const renderAdminGoods = () => renderRoutes(0, [['/Admin/goods/form/:id', AdminGoodsFormPage], ['/Admin/goods', AdminGoodsPage]]);

// Second QA pass of the goods editor and the seller's goods list: the refusal reason, the brand
// box of a goods without brand, new SKU rows of a goods with SKUs, removing an attribute.
const body = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, unknown>;

const row = (id: number, name: string, verify: number, refuse_info = '') => ({
  id, goods_name: name, goods_master_image: '', brand_name: '', class_name: '耳机', goods_price: '99.00', goods_stock: 5, goods_sale: 0,
  goods_status: 1, goods_verify: verify, refuse_info, created_at: '2024-01-02 03:04:05',
});
const ROWS = [row(7, '被拒耳机', 0, '主图不清晰，请更换'), row(8, '待审耳机', 2, '旧原因')];

const TREE = [{ id: 1, name: '数码', children: [{ id: 11, name: '影音', children: [{ id: 111, name: '耳机' }] }] }];
const sku = (id: number, spec_id: number[], sku_name: string[], goods_price: string, goods_stock: number, goods_image: string) => ({
  id, spec_id, sku_name, goods_price, goods_market_price: '120.00', goods_stock, goods_weight: '0.20', goods_image,
});
// 颜色 黑/白 × 版本 标准/降噪; the goods' stock is the sum of its SKUs (1 + 2 + 3 + 4).
const RECORD = {
  id: 7, class_id: 111, goods_name: '被拒耳机', goods_subname: '', goods_no: '', brand_id: 0,
  goods_images: ['/uploads/goods/a.png', '/uploads/goods/b.png'], goods_master_image: '/uploads/goods/a.png',
  goods_price: '10.00', goods_market_price: '120.00', goods_weight: '0.20', goods_stock: 10, freight_id: 0, goods_content: '',
  goods_status: 1, goods_verify: 0, refuse_info: '主图不清晰，请更换', is_master: 0,
  attrList: [
    { id: 5, name: '颜色', specs: [{ id: 51, name: '黑', check: true }, { id: 52, name: '白', check: true }, { id: 53, name: '红' }] },
    { id: 6, name: '版本', specs: [{ id: 61, name: '标准', check: true }, { id: 62, name: '降噪', check: true }] },
  ],
  skuList: [
    sku(70, [51, 61], ['黑', '标准'], '10.00', 1, '/uploads/goods/a.png'),
    sku(71, [51, 62], ['黑', '降噪'], '11.00', 2, ''),
    sku(72, [52, 61], ['白', '标准'], '12.00', 3, '/uploads/goods/b.png'),
    sku(73, [52, 62], ['白', '降噪'], '13.00', 4, ''),
  ],
};

describe('seller goods: refusals, brand, SKU rows', () => {
  laidOutEachTest();

  it('the list shows why a goods was refused, under its state (only while refused)', async () => {
    freshPage('/Seller/goods', 1);
    fakeFetch({ 'GET /api/Seller/goods': envelope(paginator(ROWS)) });
    renderSellerGoods();
    await screen.findByText('被拒耳机');
    expect(screen.getByText('已拒绝')).toBeTruthy();
    const reason = screen.getByText('原因：主图不清晰，请更换');
    expect(reason.getAttribute('title')).toBe('主图不清晰，请更换');
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.queryByText(/旧原因/)).toBeNull();
  });

  it('the editor says why, shows an empty brand box, starts new SKU rows at 0 stock and asks before merging SKUs', async () => {
    freshPage('/Seller/goods', 1);
    const { calls } = fakeFetch({
      'GET /api/Seller/goods': envelope(paginator(ROWS)),
      'GET /api/Seller/goods/7': envelope(RECORD),
      'GET /api/Seller/store_classes': envelope(TREE),
      'GET /api/Seller/goods_brands': envelope([{ id: 3, name: '声学' }]),
      'PUT /api/Seller/goods/7': envelope(RECORD),
    });
    renderSellerGoods();
    await screen.findByText('被拒耳机');
    fireEvent.click(screen.getAllByRole('button', { name: '编辑' })[0]);
    await screen.findByRole('textbox', { name: '商品标题' }, { timeout: 3000 });
    expect(screen.getByRole('note').textContent).toContain('审核未通过：主图不清晰，请更换');
    // brand 0 is no brand: an empty box with its placeholder, never "0"
    const brand = screen.getByRole('combobox', { name: '商品品牌' }) as HTMLInputElement;
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/Seller/goods_brands'))).toBe(true));
    expect(brand.value).toBe('');
    expect(brand.placeholder).toBe('请选择品牌（可不选）');

    fireEvent.click(screen.getByRole('button', { name: '下一步，填写规格信息' }));
    const cell = (label: string) => (screen.getByRole('spinbutton', { name: label }) as HTMLInputElement).value;
    // a newly ticked colour: its rows start at stock 0 and the goods price, not at the total stock 10
    fireEvent.click(within(screen.getByRole('group', { name: '颜色' })).getByRole('checkbox', { name: '红' }));
    expect(screen.getAllByTestId('sku-row')).toHaveLength(6);
    expect([cell('商品库存 红 标准'), cell('平台价格 红 标准'), cell('商品库存 红 降噪')]).toEqual(['0', '10.00', '0']);
    fireEvent.click(within(screen.getByRole('group', { name: '颜色' })).getByRole('checkbox', { name: '红' }));

    // removing 版本 merges 标准 and 降噪: asked first; cancel keeps everything
    fireEvent.click(screen.getByRole('button', { name: '移除属性 版本' }));
    const ask = await screen.findByRole('alertdialog', { name: '移除属性' });
    expect(ask.textContent).toContain('另外 2 个 SKU 的价格、库存和图片将被丢弃');
    fireEvent.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getAllByTestId('sku-row')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: '移除属性 版本' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: '移除属性' })).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getAllByTestId('sku-row')).toHaveLength(2));
    // each colour keeps the price, stock and image of its first combination
    expect([cell('平台价格 黑'), cell('商品库存 黑'), cell('平台价格 白'), cell('商品库存 白')]).toEqual(['10.00', '1', '12.00', '3']);
    expect((screen.getByRole('combobox', { name: '图片 白' }) as HTMLSelectElement).value).toBe('/uploads/goods/b.png');

    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = body(calls.find((c) => c.method === 'PUT')!);
    expect(sent.brand_id).toBe('0');
    expect(sent.skuList).toMatchObject([
      { id: '70', spec_id: ['51'], goods_price: '10.00', goods_stock: '1', goods_image: '/uploads/goods/a.png' },
      { id: '72', spec_id: ['52'], goods_price: '12.00', goods_stock: '3', goods_image: '/uploads/goods/b.png' },
    ]);
  }, 30000);

  it('an approved goods: unticking a filled spec and a changed title are both asked about before anything is lost or saved', async () => {
    freshPage('/Seller/goods', 1);
    const approved = { ...RECORD, goods_verify: 1, refuse_info: '', goods_review_on: true };
    const { calls } = fakeFetch({
      'GET /api/Seller/goods': envelope(paginator(ROWS)),
      'GET /api/Seller/goods/7': envelope(approved),
      'GET /api/Seller/store_classes': envelope(TREE),
      'GET /api/Seller/goods_brands': envelope([]),
      'PUT /api/Seller/goods/7': envelope(approved),
    });
    renderSellerGoods();
    await screen.findByText('被拒耳机');
    fireEvent.click(screen.getAllByRole('button', { name: '编辑' })[0]);
    const title = await screen.findByRole('textbox', { name: '商品标题' }, { timeout: 3000 });
    fireEvent.change(title, { target: { value: '新款耳机' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步，填写规格信息' }));

    // 白 unticked: its two saved rows (12.00 and 13.00) would go: asked, cancel keeps them
    fireEvent.click(within(screen.getByRole('group', { name: '颜色' })).getByRole('checkbox', { name: '白' }));
    const untick = await screen.findByRole('alertdialog', { name: '取消勾选规格' });
    expect(untick.textContent).toContain('2 个已填写的 SKU（白 标准、白 降噪）');
    fireEvent.click(within(untick).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getAllByTestId('sku-row')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    const review = await screen.findByRole('alertdialog', { name: '修改后需重新审核' });
    expect(review.textContent).toContain('审核通过前不在店铺中展示');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // the matrix stays on screen behind the question
    expect(screen.getAllByTestId('sku-row')).toHaveLength(4);
    fireEvent.click(within(review).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(body(calls.find((c) => c.method === 'PUT')!).goods_name).toBe('新款耳机');
  }, 30000);

  it('admin editor: a goods without brand shows an empty brand box too', async () => {
    freshPage('/Admin/goods');
    fakeFetch({
      'GET /api/Admin/goods': envelope(paginator(ROWS)),
      'GET /api/Admin/goods/7': envelope({ ...RECORD, goods_verify: 2, refuse_info: '' }),
      'GET /api/Admin/goods_brands': envelope([{ id: 3, name: '声学' }]),
    });
    renderAdminGoods();
    await screen.findByText('被拒耳机');
    fireEvent.click(screen.getAllByRole('button', { name: '编辑' })[0]);
    const brand = (await screen.findByRole('combobox', { name: '商品品牌' }, { timeout: 3000 })) as HTMLInputElement;
    expect(brand.value).toBe('');
    expect(screen.queryByRole('note')).toBeNull();
  }, 30000);
});
