import { useEffect, useState } from 'react';
import { StoreBalances } from '../../../../money/StoreBalances';
import { TablePage } from '../../../table/TablePage';
import type { PageConfig } from '../../../table/types';
import { STORE_MONEY_LOG_TYPES, YES_NO, createdAtColumn, createdAtView } from '../../Admin/shared/columns';
import { fetchData } from '../../Admin/shared/pageApi';
import { LedgerName } from '../../../../money/LedgerName';

/**
 * Menu view `Seller/money_logs/index`: the store's balance changes, read-only, under a strip with
 * the store's balance and frozen funds (`GET /Seller/stores/0`); each row's type named as the store's.
 */
export const sellerMoneyLogsPage: PageConfig = {
  url: '/Seller/money_logs',
  buttons: { store: false, update: false, deletes: false, destroy: false },
  columns: [
    // the names the server writes, in the reader's language
    { label: 'page.moneyLogs.name', value: 'name', type: 'custom', noExport: false, render: (row) => <LedgerName name={row.name} /> },
    { label: 'page.moneyLogs.money', value: 'money', type: 'money' },
    { label: 'page.moneyLogs.type', value: 'is_type', type: 'dict_tags', translate: true },
    { label: 'page.moneyLogs.info', value: 'info' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.moneyLogs.name', value: 'name', where: 'likeRight' },
    { label: 'page.moneyLogs.money', value: 'money' },
    { label: 'page.moneyLogs.type', value: 'is_type', type: 'select', translate: true },
    { label: 'page.moneyLogs.time', value: 'created_at', type: 'daterange' },
  ],
  dictData: { is_type: STORE_MONEY_LOG_TYPES, yes_no: YES_NO },
  form: {
    add: [],
    edit: [],
    view: [
      { label: 'page.moneyLogs.name', value: 'name' },
      { label: 'page.moneyLogs.money', value: 'money', viewType: 'money' },
      { label: 'page.moneyLogs.type', value: 'is_type', viewType: 'dict_tags', translate: true },
      { label: 'page.moneyLogs.info', value: 'info' },
      createdAtView,
    ],
  },
};

interface Balances {
  store_money?: string;
  store_frozen_money?: string;
}

export default function SellerMoneyLogsPage() {
  const [balances, setBalances] = useState<Balances | null>(null);
  useEffect(() => {
    let live = true;
    void fetchData<Balances | null>(1, 'stores/0', undefined, null).then((data) => live && setBalances(data));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="flex flex-col gap-3">
      <StoreBalances balance={balances?.store_money} frozen={balances?.store_frozen_money} />
      <TablePage config={sellerMoneyLogsPage} />
    </div>
  );
}
