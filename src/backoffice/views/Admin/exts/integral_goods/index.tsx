import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';
import { createdAtColumn, createdAtView, YES_NO } from '../../shared/columns';

/**
 * Menu view `Admin/exts/integral_goods/index` — points goods (screens §4.5): class, title,
 * subtitle, images (the first is the master image), price in whole points, market price, stock,
 * description, on shelf, recommended.
 */
const WHOLE_POINTS = { pattern: /^\d{1,8}$/, message: 'page.integralGoods.pointsRule' };
const MONEY = { pattern: /^\d{1,8}(\.\d{1,2})?$/, message: 'page.integralGoods.moneyRule' };

const fields: FormField[] = [
  { label: 'page.integralGoods.class', value: 'cid', type: 'select', dict: 'cid', span: 12 },
  { label: 'page.integralGoods.name', value: 'goods_name', maxLength: 120, span: 12 },
  { label: 'page.integralGoods.subname', value: 'goods_subname', maxLength: 120 },
  { label: 'page.integralGoods.images', value: 'goods_images', type: 'images', folder: 'goods', maxFiles: 10 },
  { label: 'page.integralGoods.price', value: 'goods_price', type: 'number', min: 1, step: 1, span: 8 },
  { label: 'page.integralGoods.marketPrice', value: 'goods_market_price', type: 'number', min: 0, step: 0.01, span: 8 },
  { label: 'page.integralGoods.stock', value: 'goods_stock', type: 'number', min: 0, step: 1, span: 8 },
  { label: 'page.integralGoods.content', value: 'goods_content', type: 'editor', folder: 'goods' },
  { label: 'page.integralGoods.status', value: 'goods_status', type: 'switch', span: 12 },
  { label: 'page.integralGoods.recommend', value: 'is_recommend', type: 'switch', span: 12 },
];

/** The saved price '300.00' edits as 300 (whole points). */
const wholeOf = (v: unknown) => (typeof v === 'string' && /^\d+\.00$/.test(v) ? v.slice(0, -3) : v);

export const integralGoodsPage: PageConfig = {
  url: '/Admin/integral_goods',
  columns: [
    { label: 'page.integralGoods.image', value: 'goods_master_image', type: 'image', width: 90 },
    { label: 'page.integralGoods.name', value: 'goods_name' },
    { label: 'page.integralGoods.class', value: 'cid', type: 'dict_tags' },
    { label: 'page.integralGoods.price', value: 'goods_price', type: 'tags' },
    { label: 'page.integralGoods.stock', value: 'goods_stock' },
    { label: 'page.integralGoods.sale', value: 'goods_sale' },
    { label: 'page.integralGoods.status', value: 'goods_status', type: 'dict_tags', dict: 'on_off', translate: true, tagType: true },
    { label: 'page.integralGoods.recommend', value: 'is_recommend', type: 'dict_tags', dict: 'yes_no', translate: true, tagType: true },
    createdAtColumn,
  ],
  search: [
    { label: 'page.integralGoods.name', value: 'goods_name', where: 'like' },
    { label: 'page.integralGoods.class', value: 'cid', type: 'select', dict: 'cid' },
  ],
  dicts: [{ name: 'cid', url: '/Admin/integral_goods_classes', labelName: 'name', valueName: 'id' }],
  dictData: {
    yes_no: YES_NO,
    on_off: [
      { label: 'page.integralGoods.on', value: 1 },
      { label: 'page.integralGoods.off', value: 0 },
    ],
  },
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.integralGoods.images', value: 'goods_images', viewType: 'images' },
      { label: 'page.integralGoods.name', value: 'goods_name' },
      { label: 'page.integralGoods.subname', value: 'goods_subname' },
      { label: 'page.integralGoods.class', value: 'cid', viewType: 'dict_tags' },
      { label: 'page.integralGoods.price', value: 'goods_price' },
      { label: 'page.integralGoods.marketPrice', value: 'goods_market_price', viewType: 'money' },
      { label: 'page.integralGoods.stock', value: 'goods_stock' },
      { label: 'page.integralGoods.sale', value: 'goods_sale' },
      { label: 'page.integralGoods.content', value: 'goods_content', viewType: 'html' },
      createdAtView,
    ],
    defaults: { goods_status: 1, is_recommend: 0, goods_stock: 0, goods_images: [] },
    toForm: (row) => ({ ...row, goods_price: wholeOf(row.goods_price) }),
    rules: {
      cid: [{ required: true }],
      goods_name: [{ required: true }, { maxLength: 120 }],
      goods_subname: [{ maxLength: 120 }],
      goods_images: [{ required: true }],
      goods_price: [{ required: true }, WHOLE_POINTS],
      goods_market_price: [{ required: true }, MONEY],
      goods_stock: [{ required: true }, { number: { min: 0, max: 9999999, integer: true } }],
    },
    // a rich text: the form is a page (its own address; leaving unsaved asks first)
    page: true,
    width: 'min(880px, 94vw)',
  },
  buttons: { destroy: true },
};

export default definePage(integralGoodsPage);
