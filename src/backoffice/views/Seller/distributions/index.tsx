import { definePage } from '../../../table/definePage';
import type { FieldRule, FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../../Admin/shared/columns';
import { ratesColumn } from './rates';

/**
 * Menu view `Seller/distributions/index` — referral commission per goods (screens §4.6, its
 * mislabelled columns fixed): pick one of the store's goods and set the three levels' rates in
 * percent (together at most 100 %).
 */
const RATE: FieldRule[] = [{ required: true }, { pattern: /^\d{1,3}(\.\d{1,2})?$/, message: 'page.distributions.rateRule' }, { number: { min: 0, max: 100 } }];

const rateField = (level: 1 | 2 | 3): FormField => ({ label: `page.distributions.lev${level}`, value: `lev_${level}`, type: 'number', min: 0, max: 100, step: 0.01, span: 8 });

const goodsPicker: FormField = {
  label: 'page.distributions.goods',
  value: 'goods_id',
  type: 'table_select',
  pageUrl: '/Seller/goods',
  showName: 'goods_name',
  nameField: 'goods_name',
  columns: [
    { label: 'page.distributions.image', value: 'goods_master_image', type: 'image', width: 80 },
    { label: 'page.distributions.goods', value: 'goods_name' },
  ],
  searchFields: [{ label: 'page.distributions.goods', value: 'goods_name', where: 'like' }],
};

export const sellerDistributionsPage: PageConfig = {
  url: '/Seller/distributions',
  columns: [
    { label: 'page.distributions.image', value: 'goods_master_image', type: 'image', width: 90 },
    { label: 'page.distributions.goods', value: 'goods_name' },
    ratesColumn,
    createdAtColumn,
  ],
  search: [{ label: 'page.distributions.goodsId', value: 'goods_id', type: 'number' }],
  form: {
    add: [goodsPicker, rateField(1), rateField(2), rateField(3)],
    edit: [rateField(1), rateField(2), rateField(3)],
    view: [
      { label: 'page.distributions.goods', value: 'goods_name' },
      { label: 'page.distributions.lev1', value: 'lev_1' },
      { label: 'page.distributions.lev2', value: 'lev_2' },
      { label: 'page.distributions.lev3', value: 'lev_3' },
      createdAtView,
    ],
    defaults: { lev_1: '0', lev_2: '0', lev_3: '0' },
    rules: { goods_id: [{ required: true }], lev_1: RATE, lev_2: RATE, lev_3: RATE },
    width: 'min(640px, 92vw)',
  },
  buttons: { destroy: true, export: false },
};

export default definePage(sellerDistributionsPage);
