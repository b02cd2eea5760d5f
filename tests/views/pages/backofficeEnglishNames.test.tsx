import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSheet } from '../../../src/backoffice/table/sheet';
import { getIntl } from '../../../src/app/i18n';
import AdminGoodsPage from '../../../src/backoffice/views/Admin/exts/goods/index';
import GoodsClassesPage from '../../../src/backoffice/views/Admin/exts/goods_classes/index';
import SellerGoodsPage from '../../../src/backoffice/views/Seller/goods/index';
import SellerGoodsFormPage from '../../../src/backoffice/views/Seller/goods/form';
import AdminGoodsFormPage from '../../../src/backoffice/views/Admin/exts/goods/form';
import { ADMIN_GOODS_FORM, SELLER_GOODS_FORM } from '../../../src/backoffice/subPages';
import { goodsColumns } from '../../../src/backoffice/goodsEditor/goodsList';
import { envelope, fakeFetch, resetApp, useMessages } from '../helpers';
import { freshPage, paginator, renderRoutes, renderView, laidOutEachTest } from './pageHelpers';

/** The goods lists and their editors at their own addresses (issue 30), switched by the location. */
const renderSellerGoods = () => renderRoutes(1, [[SELLER_GOODS_FORM, SellerGoodsFormPage], ['/Seller/goods', SellerGoodsPage]]);
const renderAdminGoods = () => renderRoutes(0, [[ADMIN_GOODS_FORM, AdminGoodsFormPage], ['/Admin/goods', AdminGoodsPage]]);

/**
 * Goods classes and brands have an English name (`ename`): the English back office shows it (the
 * goods lists' class and brand columns, the seller's goods editor, the class page's parent
 * picker) through machines/localName.ts; a class or brand without one keeps its name; the
 * Chinese back office shows the names as before.
 */

const ROWS = [
  { id: 7, goods_name: '蓝牙耳机', goods_master_image: '', brand_name: '声学', brand_ename: 'Acoustic', class_name: '耳机', class_ename: 'Earphones', store_id: 1, store_name: '声学旗舰店', goods_price: '99.00', goods_stock: 5, goods_sale: 2, goods_status: 1, goods_verify: 1, created_at: '2024-01-02 03:04:05' },
  { id: 8, goods_name: '老式收音机', goods_master_image: '', brand_name: '老牌', brand_ename: '', class_name: '收音机', class_ename: '', store_id: 1, store_name: '声学旗舰店', goods_price: '49.00', goods_stock: 2, goods_sale: 0, goods_status: 1, goods_verify: 1, created_at: '2024-01-02 03:04:05' },
];

const TREE = [
  { id: 1, name: '数码', ename: 'Digital', children: [{ id: 11, name: '影音', ename: 'Audio & Video', children: [{ id: 111, name: '耳机', ename: 'Earphones' }, { id: 112, name: '音箱', ename: '' }] }] },
  { id: 2, name: '服饰', ename: 'Apparel', children: [] },
];
const BRANDS = [
  { id: 3, name: '声学', ename: 'Acoustic' },
  { id: 4, name: '老牌', ename: '' },
];

const RECORD = {
  id: 7,
  class_id: 111,
  class_name: '耳机',
  class_ename: 'Earphones',
  goods_name: '蓝牙耳机',
  goods_subname: '',
  goods_no: '',
  brand_id: 3,
  brand_name: '声学',
  brand_ename: 'Acoustic',
  goods_images: ['/uploads/goods/a.png'],
  goods_master_image: '/uploads/goods/a.png',
  goods_price: '99.00',
  goods_market_price: '120.00',
  goods_weight: '0.20',
  goods_stock: 5,
  freight_id: 0,
  goods_content: '',
  goods_status: 1,
  goods_verify: 1,
  is_master: 0,
  classList: [{ id: 111, name: '耳机', ename: 'Earphones', pid: 11 }, { id: 11, name: '影音', ename: 'Audio & Video', pid: 1 }, { id: 1, name: '数码', ename: 'Digital', pid: 0 }],
  attrList: [],
  skuList: [],
};

/** The grid cells of the goods `name`'s row, by column header. */
function cellOf(name: string, header: string): HTMLElement {
  const row = screen.getByText(name).closest('[role="row"]') as HTMLElement;
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
  const cells = within(row).getAllByRole('cell');
  return cells[headers.indexOf(header)];
}

describe('class and brand names in the English back office', { timeout: 30000 }, () => {
  laidOutEachTest();

  it('admin goods list: the category column in English where there is an English name, else the name; the export too', async () => {
    freshPage('/Admin/goods');
    useMessages('en');
    fakeFetch({ 'GET /api/Admin/goods': envelope(paginator(ROWS)) });
    renderView(AdminGoodsPage, 0, '/Admin/goods');
    await screen.findByText('蓝牙耳机');
    expect(cellOf('蓝牙耳机', 'Category').textContent).toBe('Earphones');
    expect(cellOf('老式收音机', 'Category').textContent).toBe('收音机');
    expect(screen.queryByText('耳机')).toBeNull();
    // the whole name on hover is the one shown
    expect(cellOf('蓝牙耳机', 'Category').querySelector('[title]')?.getAttribute('title')).toBe('Earphones');
    // the sheet exported in English names them as the page does
    const sheet = buildSheet(goodsColumns.filter((c) => c.value === 'class_name' || c.value === 'brand_name'), ROWS, {}, (key) => getIntl().formatMessage({ id: key }));
    expect(sheet).toEqual([
      ['Brand', 'Category'],
      ['Acoustic', 'Earphones'],
      ['老牌', '收音机'],
    ]);
  });

  it('seller goods list: the brand and category columns in English', async () => {
    freshPage('/Seller/goods', 1);
    useMessages('en');
    fakeFetch({ 'GET /api/Seller/goods': envelope(paginator(ROWS)) });
    renderView(SellerGoodsPage, 1, '/Seller/goods');
    await screen.findByText('蓝牙耳机');
    expect(cellOf('蓝牙耳机', 'Brand').textContent).toBe('Acoustic');
    expect(cellOf('蓝牙耳机', 'Category').textContent).toBe('Earphones');
    expect(cellOf('老式收音机', 'Brand').textContent).toBe('老牌');
  });

  it('in Chinese the lists show the names as before', async () => {
    freshPage('/Seller/goods', 1);
    fakeFetch({ 'GET /api/Seller/goods': envelope(paginator(ROWS)) });
    renderView(SellerGoodsPage, 1, '/Seller/goods');
    await screen.findByText('蓝牙耳机');
    expect(cellOf('蓝牙耳机', '品牌').textContent).toBe('声学');
    expect(cellOf('蓝牙耳机', '分类').textContent).toBe('耳机');
  });

  it('seller goods editor: the class columns, the chosen path and the brand list in English', async () => {
    freshPage('/Seller/goods', 1);
    useMessages('en');
    fakeFetch({
      'GET /api/Seller/goods': envelope(paginator(ROWS)),
      'GET /api/Seller/store_classes': envelope(TREE),
      'GET /api/Seller/goods_brands': envelope(BRANDS),
      'GET /api/Seller/goods_attrs': envelope([]),
    });
    renderSellerGoods();
    await screen.findByText('蓝牙耳机');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    const next = await screen.findByRole('button', { name: 'Next: goods details' }, { timeout: 3000 });
    const level1 = screen.getByRole('group', { name: 'Level 1' });
    expect(within(level1).getAllByRole('button').map((b) => b.textContent?.replace('›', ''))).toEqual(['Digital', 'Apparel']);
    fireEvent.click(within(level1).getByRole('button', { name: /Digital/ }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Level 2' })).getByRole('button', { name: /Audio & Video/ }));
    const level3 = screen.getByRole('group', { name: 'Level 3' });
    // a class without an English name keeps its name
    expect(within(level3).getAllByRole('button').map((b) => b.textContent)).toEqual(['Earphones', '音箱']);
    fireEvent.click(within(level3).getByRole('button', { name: 'Earphones' }));
    expect(screen.getByText('Chosen category: Digital / Audio & Video / Earphones')).toBeTruthy();
    fireEvent.click(next);

    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByText('Category: Digital / Audio & Video / Earphones')).toBeTruthy();
    // the brand list: English names where there are some
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    fireEvent.focus(brand);
    fireEvent.click(brand);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent?.trim())).toEqual(['Acoustic', '老牌']);
  });

  it('goods editor in edit mode: the restored class path and the chosen brand in English (seller and admin)', async () => {
    freshPage('/Seller/goods', 1);
    useMessages('en');
    fakeFetch({
      'GET /api/Seller/goods': envelope(paginator(ROWS)),
      'GET /api/Seller/goods/7': envelope(RECORD),
      'GET /api/Seller/store_classes': envelope(TREE),
      'GET /api/Seller/goods_brands': envelope(BRANDS),
      'GET /api/Seller/freights': envelope([]),
    });
    const { unmount } = renderSellerGoods();
    await screen.findByText('蓝牙耳机');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]);
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 3000 });
    expect(screen.getByText('Category: Digital / Audio & Video / Earphones')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Brand' }) as HTMLInputElement).value).toBe('Acoustic'));
    unmount();

    // the operator's editor has no class tree: the goods' own classList, with its English names
    resetApp('/');
    freshPage('/Admin/goods');
    useMessages('en');
    fakeFetch({
      'GET /api/Admin/goods': envelope(paginator(ROWS)),
      'GET /api/Admin/goods/7': envelope(RECORD),
      'GET /api/Admin/goods_brands': envelope(BRANDS),
    });
    renderAdminGoods();
    await screen.findByText('蓝牙耳机');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]);
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 3000 });
    expect(screen.getByText('Category: Digital / Audio & Video / Earphones')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Brand' }) as HTMLInputElement).value).toBe('Acoustic'));
  });

  it('goods classes page: the parent picker names the classes in English (a class without one by its name)', async () => {
    freshPage('/Admin/goods_classes');
    useMessages('en');
    fakeFetch({
      'GET /api/Admin/goods_classes': envelope([{ id: 1, pid: 0, name: '数码', ename: 'Digital', thumb: '', created_at: '2024-01-02 03:04:05', hasChildren: true }]),
      'GET /api/load_goods_classes': envelope(TREE),
    });
    renderView(GoodsClassesPage, 0, '/Admin/goods_classes');
    await screen.findByText('数码');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /Parent category/ }));
    expect(await within(dialog).findByRole('button', { name: 'Top level' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Digital/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Apparel/ })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /数码/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Digital/ }));
    expect(await within(dialog).findByRole('button', { name: /Audio & Video/ })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /影音/ })).toBeNull();
  });
});
