import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn } from '../shared/columns';
import { LIVE_STOPPED, offerColumns } from '../shared/promotionColumns';

/** Menu view `Admin/collectives/index` (menu 74): every store's group buys; the operator may stop one (no new groups). */
const fields: FormField[] = [{ label: 'page.promo.status', value: 'status', type: 'radio', translate: true }];

export const adminCollectivesPage: PageConfig = {
  url: '/Admin/collectives',
  buttons: { store: false, destroy: false, deletes: false },
  columns: [{ label: 'page.promo.storeName', value: 'store_name' }, ...offerColumns, createdAtColumn],
  search: [
    { label: 'page.promo.storeId', value: 'store_id' },
    { label: 'page.promo.status', value: 'status', type: 'select', translate: true },
  ],
  dictData: { status: LIVE_STOPPED },
  form: {
    add: [],
    edit: fields,
    view: [
      { label: 'page.promo.storeName', value: 'store_name' },
      { label: 'page.promo.goodsName', value: 'goods_name' },
      { label: 'page.promo.discount', value: 'discount' },
      { label: 'page.promo.need', value: 'need' },
    ],
    rules: { status: [{ required: true }] },
  },
};

export default definePage(adminCollectivesPage);
