import { definePage } from '../../../table/definePage';
import type { PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../shared/columns';
import { STOPPED, moneyColumns, periodColumns, stateColumn, stateView, stopFields, storeColumn, storeDict } from '../../Seller/coupons/promotionColumns';

/** Menu view `Admin/full_reductions/index` (`/Admin/full_reductions`): every store's full reductions; the operator can stop one. */
export const adminFullReductionsPage: PageConfig = {
  url: '/Admin/full_reductions',
  buttons: { store: false, destroy: false, deletes: false, show: true },
  columns: [storeColumn, { label: 'page.marketing.name', value: 'name' }, ...moneyColumns, stateColumn, ...periodColumns, createdAtColumn],
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
      { label: 'page.marketing.start', value: 'start_time' },
      { label: 'page.marketing.end', value: 'end_time' },
      stateView,
      createdAtView,
    ],
  },
};

export default definePage(adminFullReductionsPage);
