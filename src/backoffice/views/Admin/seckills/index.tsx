import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn } from '../shared/columns';
import { LIVE_STOPPED, SALE_STATES, saleColumns, saleView } from '../shared/promotionColumns';

/** Menu view `Admin/seckills/index` (menu 73): every store's flash sales; the operator may stop one (or let it run again). */
const fields: FormField[] = [{ label: 'page.promo.status', value: 'status', type: 'radio', translate: true }];

export const adminSeckillsPage: PageConfig = {
  url: '/Admin/seckills',
  buttons: { store: false, destroy: false, deletes: false },
  // The store's name shrinks (wraps) and the creation time is shown on asking (Columns menu): the
  // window, state and units fit beside the actions at 1280 px (they needed 1103 px of a 1004 px box).
  columns: [{ label: 'page.promo.storeName', value: 'store_name', width: 140 }, ...saleColumns, { ...createdAtColumn, hidden: true }],
  search: [
    { label: 'page.promo.storeId', value: 'store_id' },
    { label: 'page.promo.status', value: 'status', type: 'select', translate: true },
  ],
  dictData: { state: SALE_STATES, status: LIVE_STOPPED },
  form: { add: [], edit: fields, view: [{ label: 'page.promo.storeName', value: 'store_name' }, ...saleView], rules: { status: [{ required: true }] } },
};

export default definePage(adminSeckillsPage);
