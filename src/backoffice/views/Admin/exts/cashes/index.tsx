import { useMemo, useRef, useState } from 'react';
import { TablePage } from '../../../../table/TablePage';
import type { PageConfig, Row, TableApi } from '../../../../table/types';
import { CASH_STATUS, cashColumns, cashSearch, cashView, ownerName } from '../../shared/settlementColumns';
import { CashDecisionDialog } from './CashDecisionDialog';

/**
 * Menu view `Admin/exts/cashes/index` (screens §4.5, menu 67): every withdrawal of shoppers and
 * stores; a pending one is paid out or refused with a reason (each once, CashDecisionDialog).
 */
export function adminCashesPage(decide: (row: Row, decision: 1 | 2, api: TableApi) => void): PageConfig {
  const pending = (row: Row) => Number(row.cash_status) === 0;
  return {
    url: '/Admin/cashes',
    buttons: { store: false, update: false, deletes: false, destroy: false },
    columns: [
      { label: 'page.settle.user', value: 'user_id', type: 'custom', render: ownerName('user_id') },
      { label: 'page.settle.store', value: 'store_id', type: 'custom', render: ownerName('store_id') },
      ...cashColumns,
    ],
    search: [...cashSearch, { label: 'page.settle.storeId', value: 'store_id' }, { label: 'page.settle.userId', value: 'user_id' }],
    dicts: [
      { name: 'user_id', url: '/Admin/users', selectByColumnIds: true, labelName: 'nickname', valueName: 'id' },
      { name: 'store_id', url: '/Admin/stores', selectByColumnIds: true, labelName: 'store_name', valueName: 'id' },
    ],
    dictData: { cash_status: CASH_STATUS },
    rowActions: [
      { label: 'page.settle.pay', variant: 'office', permission: 'update', show: pending, onClick: (row, api) => decide(row, 1, api) },
      { label: 'page.settle.refuse', variant: 'danger', permission: 'update', show: pending, onClick: (row, api) => decide(row, 2, api) },
    ],
    form: { add: [], edit: [], view: cashView },
  };
}

export default function AdminCashesPage() {
  const [target, setTarget] = useState<{ row: Row; decision: 1 | 2 } | null>(null);
  const apiRef = useRef<TableApi | null>(null);
  const config = useMemo(
    () =>
      adminCashesPage((row, decision, api) => {
        apiRef.current = api;
        setTarget({ row, decision });
      }),
    [],
  );
  return (
    <>
      <TablePage config={config} />
      {target && (
        <CashDecisionDialog
          row={target.row}
          decision={target.decision}
          onClose={() => setTarget(null)}
          onDone={() => {
            setTarget(null);
            apiRef.current?.reload();
          }}
        />
      )}
    </>
  );
}
