import type { Column, PageConfig, ViewField } from '../../../table/types';
import { STOPPED, moneyColumns, periodColumns, stateColumn, stateView, stopFields, storeColumn, storeDict } from '../../Seller/coupons/promotionColumns';
import { createdAtColumn, createdAtView } from './columns';

/**
 * The operator's page of every store's promotions of one kind (`url`, e.g. `/Admin/coupons`):
 * read them and stop one (or restart it); a kind's own columns and view rows (`own`) come after
 * the amounts.
 */
export function operatorPromotionPage(url: string, own: { columns?: Column[]; view?: ViewField[] } = {}): PageConfig {
  return {
    url,
    buttons: { store: false, destroy: false, deletes: false, show: true },
    columns: [storeColumn, { label: 'page.marketing.name', value: 'name' }, ...moneyColumns, ...(own.columns ?? []), stateColumn, ...periodColumns, createdAtColumn],
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
        ...(own.view ?? []),
        { label: 'page.marketing.start', value: 'start_time' },
        { label: 'page.marketing.end', value: 'end_time' },
        stateView,
        createdAtView,
      ],
    },
  };
}
