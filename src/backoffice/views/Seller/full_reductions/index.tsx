import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../../Admin/shared/columns';
import { amountFields, amountRules, moneyColumns, periodColumns, periodFields, stateColumn, stateView } from '../coupons/promotionColumns';

/**
 * Menu view `Seller/full_reductions/index` (`/Seller/full_reductions`, screens §4.6): "spend X,
 * get Y off" rules of the store. At checkout the best one the goods amount reaches applies by
 * itself (one per order).
 */
const fields: FormField[] = [{ label: 'page.marketing.name', value: 'name', maxLength: 30 }, ...amountFields, ...periodFields];

export const sellerFullReductionsPage: PageConfig = {
  url: '/Seller/full_reductions',
  buttons: { show: true },
  columns: [{ label: 'page.marketing.name', value: 'name' }, ...moneyColumns, stateColumn, ...periodColumns, createdAtColumn],
  search: [{ label: 'page.marketing.name', value: 'name', where: 'likeRight' }],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.marketing.name', value: 'name' },
      { label: 'page.marketing.money', value: 'money', viewType: 'money' },
      { label: 'page.marketing.useMoney', value: 'use_money', viewType: 'money' },
      { label: 'page.marketing.start', value: 'start_time' },
      { label: 'page.marketing.end', value: 'end_time' },
      stateView,
      createdAtView,
    ],
    rules: amountRules,
  },
};

export default definePage(sellerFullReductionsPage);
