import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView, intRule } from '../../Admin/shared/columns';
import { amountFields, amountRules, moneyColumns, periodColumns, periodFields, stateColumn, stateView } from './promotionColumns';

/**
 * Menu view `Seller/coupons/index` (`/Seller/coupons`, screens §4.6): the store's coupons. A
 * shopper takes one of each while the stock lasts and uses it on one order of this store whose
 * goods amount reaches the threshold.
 */
const couponFields: FormField[] = [
  { label: 'page.marketing.name', value: 'name', maxLength: 30 },
  ...amountFields,
  { label: 'page.coupons.stock', value: 'stock', type: 'number', min: 0, max: 1000000, span: 12, hint: 'page.coupons.stockHint' },
  ...periodFields,
  { label: 'page.coupons.content', value: 'content', type: 'textarea', maxLength: 60 },
];

export const sellerCouponsPage: PageConfig = {
  url: '/Seller/coupons',
  buttons: { show: true },
  columns: [
    { label: 'page.marketing.name', value: 'name' },
    ...moneyColumns,
    { label: 'page.coupons.stock', value: 'stock' },
    stateColumn,
    ...periodColumns,
    createdAtColumn,
  ],
  search: [{ label: 'page.marketing.name', value: 'name', where: 'likeRight' }],
  form: {
    add: couponFields,
    edit: couponFields,
    view: [
      { label: 'page.marketing.name', value: 'name' },
      { label: 'page.marketing.money', value: 'money', viewType: 'money' },
      { label: 'page.marketing.useMoney', value: 'use_money', viewType: 'money' },
      { label: 'page.coupons.stock', value: 'stock' },
      { label: 'page.coupons.content', value: 'content' },
      { label: 'page.marketing.start', value: 'start_time' },
      { label: 'page.marketing.end', value: 'end_time' },
      stateView,
      createdAtView,
    ],
    defaults: { use_money: '0', stock: 100 },
    rules: { ...amountRules, stock: [{ required: true }, intRule(0, 1000000)], content: [{ maxLength: 60 }] },
  },
};

export default definePage(sellerCouponsPage);
