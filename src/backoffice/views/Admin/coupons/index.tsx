import { definePage } from '../../../table/definePage';
import type { PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../shared/columns';
import { STOPPED, moneyColumns, periodColumns, stateColumn, stateView, stopFields, storeColumn, storeDict } from '../../Seller/coupons/promotionColumns';

/** Menu view `Admin/coupons/index` (`/Admin/coupons`): every store's coupons; the operator can stop one (or restart it). */
export const adminCouponsPage: PageConfig = {
  url: '/Admin/coupons',
  buttons: { store: false, destroy: false, deletes: false, show: true },
  columns: [storeColumn, { label: 'page.marketing.name', value: 'name' }, ...moneyColumns, { label: 'page.coupons.stock', value: 'stock' }, stateColumn, ...periodColumns, createdAtColumn],
  search: [
    { label: 'page.marketing.name', value: 'name', where: 'likeRight' },
    { label: 'page.marketing.stopped', value: 'stopped', type: 'select', translate: true },
  ],
  dicts: [storeDict],
  dictData: { stopped: STOPPED },
  form: {
    add: [],
    edit: stopFields,
    view: [
      { label: 'page.marketing.store', value: 'store_id', viewType: 'dict' },
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
  },
};

export default definePage(adminCouponsPage);
