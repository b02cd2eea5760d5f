import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../machines/menus';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages, type FakeAnswer, type RecordedCall } from '../helpers';
import { paginator, withLayout } from './pageHelpers';

/**
 * Issue 30: the goods editors at their own addresses — /Seller/goods/form/{id?} and
 * /Admin/goods/form/{id} — opened directly (a reload, a shared link) by a logged-in user, and
 * leaving one with unsaved changes asks first.
 */
const SELLER_MENUS: MenuItem[] = [
  { id: 3, pid: 0, name: '商品中心', apis: '', view: '', children: [{ id: 12, pid: 3, name: '商品管理', apis: '/Seller/goods', view: 'Seller/goods/index', is_open: 0 }, { id: 9, pid: 3, name: '属性规格', apis: '/Seller/goods_attrs', view: 'Seller/goods_attrs/index', is_open: 0 }] },
];
const ADMIN_MENUS: MenuItem[] = [
  { id: 26, pid: 0, name: '商品中心', apis: '', view: '', children: [{ id: 28, pid: 26, name: '商品管理', apis: '/Admin/goods', view: 'Admin/exts/goods/index', is_open: 0 }] },
];
const RECORD = {
  id: 7, class_id: 112, goods_name: '蓝牙耳机', goods_subname: '', goods_no: '', brand_id: 3, goods_images: ['/uploads/goods/a.png'], goods_master_image: '/uploads/goods/a.png',
  goods_price: '99.00', goods_market_price: '120.00', goods_weight: '0.20', goods_stock: 5, freight_id: 0, goods_content: '', goods_status: 1, goods_verify: 2, is_master: 0,
  classList: [{ id: 112, name: '音箱' }, { id: 11, name: '影音' }, { id: 1, name: '数码' }],
  attrList: [{ id: 5, name: '颜色', specs: [{ id: 51, name: '黑', check: true }, { id: 52, name: '白' }] }],
  skuList: [{ id: 70, spec_id: [51], sku_name: ['黑'], goods_price: '99.00', goods_market_price: '120.00', goods_stock: 5, goods_weight: '0.20', goods_image: '' }],
};
const TREE = [{ id: 1, name: '数码', children: [{ id: 11, name: '影音', children: [{ id: 111, name: '耳机' }, { id: 112, name: '音箱' }] }] }];
const ROWS = [{ id: 7, goods_name: '蓝牙耳机', goods_master_image: '', brand_name: '声学', class_name: '音箱', goods_price: '99.00', goods_stock: 5, goods_sale: 2, goods_status: 1, goods_verify: 2, created_at: '2024-01-02 03:04:05' }];

function bootAt(area: 0 | 1, path: string, answers: Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>) {
  resetApp(path);
  useMessages('zh-cn');
  const name = area === 0 ? 'admin' : 'seller';
  localStorage.setItem(`${name}_token`, 'tok');
  localStorage.setItem(`${name}_user`, JSON.stringify({ id: 6, nickname: 'Owner', avatar: '', store_id: 1, store_status: 1 }));
  const fake = fakeFetch({ [`GET /api/${area === 0 ? 'Admin' : 'Seller'}/load_menu`]: envelope(area === 0 ? ADMIN_MENUS : SELLER_MENUS), ...answers });
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  renderWithApp(<AppRoutes />);
  return fake;
}

const SLOW = { timeout: 8000 };
const sellerAnswers = {
  'GET /api/Seller/goods': envelope(paginator(ROWS)),
  'GET /api/Seller/goods/7': envelope(RECORD),
  'GET /api/Seller/store_classes': envelope(TREE),
  'GET /api/Seller/goods_brands': envelope([{ id: 3, name: '声学' }]),
  'GET /api/Seller/freights': envelope([]),
  'PUT /api/Seller/goods/7': envelope(RECORD),
};

describe('goods editors at their own addresses', { timeout: 30_000 }, () => {
  beforeAll(
    () => Promise.all([import('../../../src/backoffice/BackofficePage'), import('../../../src/backoffice/views/Seller/goods/form'), import('../../../src/backoffice/goodsEditor/GoodsEditor')]),
    60_000,
  );
  let restore = () => {};
  afterEach(() => {
    restore();
    resetApp('/');
  });

  it('/Seller/goods/form/7 opened directly edits goods 7, placed at 商品管理; saved, it goes back to the list without asking', async () => {
    restore = withLayout();
    const { calls } = bootAt(1, '/Seller/goods/form/7', sellerAnswers);
    const title = (await screen.findByRole('textbox', { name: '商品标题' }, SLOW)) as HTMLInputElement;
    expect(title.value).toBe('蓝牙耳机');
    expect(calls.some((c) => c.url.startsWith('/api/Seller/goods/7'))).toBe(true);
    expect(within(screen.getByTestId('sidebar')).getByRole('link', { name: '商品管理' }).getAttribute('aria-current')).toBe('page');
    fireEvent.change(title, { target: { value: '蓝牙耳机 Pro' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Seller/goods'), SLOW);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('/Seller/goods/form opens a new goods at the class step', async () => {
    restore = withLayout();
    bootAt(1, '/Seller/goods/form', sellerAnswers);
    expect(await screen.findByRole('button', { name: '下一步，填写商品信息' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '发布商品' })).toBeTruthy();
  });

  it('leaving with unsaved changes asks first: "stay" keeps the edits, "leave" goes; untouched, it leaves at once', async () => {
    restore = withLayout();
    bootAt(1, '/Seller/goods/form/7', sellerAnswers);
    const title = (await screen.findByRole('textbox', { name: '商品标题' }, SLOW)) as HTMLInputElement;
    // untouched: the editor's back leaves without a question
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Seller/goods'), SLOW);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    navigate('/Seller/goods/form/7');
    const again = (await screen.findByRole('textbox', { name: '商品标题' }, SLOW)) as HTMLInputElement;
    expect(again).not.toBe(title);
    fireEvent.change(again, { target: { value: '改过的标题' } });
    // a sidebar link
    fireEvent.click(within(screen.getByTestId('sidebar')).getByRole('link', { name: '属性规格' }));
    const ask = await screen.findByRole('alertdialog', { name: '离开此页？' });
    expect(getCommitted().path).toBe('/Seller/goods/form/7');
    fireEvent.click(within(ask).getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: '商品标题' }) as HTMLInputElement).value).toBe('改过的标题');
    // the editor's own back
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '离开' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Seller/goods'), SLOW);
  });

  it('a reload of an edited form gets the browser\'s question', async () => {
    restore = withLayout();
    bootAt(1, '/Seller/goods/form/7', sellerAnswers);
    const title = await screen.findByRole('textbox', { name: '商品标题' }, SLOW);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(title, { target: { value: '改过的标题' } });
    await waitFor(() => {
      const edited = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(edited);
      expect(edited.defaultPrevented).toBe(true);
    });
  });

  it('/Admin/goods/form/7 opened directly is the operator\'s form of goods 7; a bad id is not found', async () => {
    restore = withLayout();
    bootAt(0, '/Admin/goods/form/7', {
      'GET /api/Admin/goods/7': envelope(RECORD),
      'GET /api/Admin/goods_brands': envelope([{ id: 3, name: '声学' }]),
      'GET /api/Admin/freights': envelope([]),
    });
    expect(((await screen.findByRole('textbox', { name: '商品标题' }, SLOW)) as HTMLInputElement).value).toBe('蓝牙耳机');
    expect(screen.queryByText('选择类目')).toBeNull();
    navigate('/Admin/goods/form/abc');
    expect(await screen.findByText('找不到这件商品。', {}, SLOW)).toBeTruthy();
  });
});
