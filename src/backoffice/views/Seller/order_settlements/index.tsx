import { definePage } from '../../../table/definePage';
import type { PageConfig } from '../../../table/types';
import { settlementColumns, settlementSearch, settlementView } from '../../Admin/shared/settlementColumns';

/**
 * Menu view `Seller/order_settlements/index` (screens §4.6, menu 42): what each settlement paid the
 * store for which order (total, refund, platform commission, referral commissions, paid), read-only.
 * Each payment is also a 订单结算 log on the store's money page.
 */
export const sellerSettlementsPage: PageConfig = {
  url: '/Seller/order_settlements',
  buttons: { store: false, update: false, deletes: false, destroy: false },
  columns: settlementColumns,
  search: settlementSearch,
  form: { add: [], edit: [], view: settlementView },
};

export default definePage(sellerSettlementsPage);
