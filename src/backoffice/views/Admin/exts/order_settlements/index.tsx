import { TablePage } from '../../../../table/TablePage';
import type { PageConfig, TableApi } from '../../../../table/types';
import { toast } from '../../../../../ui/toast';
import { call } from '../../shared/pageApi';
import { ownerName, settlementColumns, settlementSearch, settlementView } from '../../shared/settlementColumns';

/**
 * Menu view `Admin/exts/order_settlements/index` (screens §4.5, menu 66): what each settlement
 * paid to which store for which order, read-only, and "settle now" (`POST /Admin/order_settlement_handle`:
 * every completed order not yet settled, once; the schedule does the same hourly after the
 * after-sale window).
 */
async function settleNow(api: TableApi) {
  const result = await call<{ settled: number }>(0, 'POST', 'order_settlement_handle');
  if (result.kind !== 'ok') return;
  toast.success(result.msg);
  api.reload();
}

export const adminSettlementsPage: PageConfig = {
  url: '/Admin/order_settlements',
  buttons: { store: false, update: false, deletes: false, destroy: false },
  columns: [{ label: 'page.settle.store', value: 'store_id', type: 'custom', render: ownerName('store_id') }, ...settlementColumns],
  search: [...settlementSearch, { label: 'page.settle.storeId', value: 'store_id' }],
  dicts: [{ name: 'store_id', url: '/Admin/stores', selectByColumnIds: true, labelName: 'store_name', valueName: 'id' }],
  toolbar: [{ label: 'page.settle.settleNow', variant: 'office', onClick: (api) => void settleNow(api) }],
  form: { add: [], edit: [], view: [{ label: 'page.settle.store', value: 'store_id', viewType: 'custom', render: ownerName('store_id') }, ...settlementView] },
};

export default function AdminSettlementsPage() {
  return <TablePage config={adminSettlementsPage} />;
}
