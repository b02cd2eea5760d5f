import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ensureMessages } from '../../../../app/i18n';
import { StoreBalances } from '../../../../money/StoreBalances';
import { WithdrawalDialog } from '../../../../money/WithdrawalDialog';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { toast } from '../../../../ui/toast';
import { TablePage } from '../../../table/TablePage';
import type { PageConfig, Row, TableApi } from '../../../table/types';
import { call, fetchData } from '../../Admin/shared/pageApi';
import { CASH_STATUS, cashColumns, cashSearch, cashView, requestedText } from '../../Admin/shared/settlementColumns';

/**
 * Menu view `Seller/cashes/index` (screens §4.6, menu 43): the store's balance and frozen funds,
 * its withdrawals, "withdraw" (the withdrawal dialog: bank details, amount with the fee shown,
 * confirm) and cancelling a pending one (its amount back to the balance). Paying out and refusing
 * are the operator's.
 */
export function sellerCashesPage(open: (api: TableApi) => void, cancel: (row: Row, api: TableApi) => void): PageConfig {
  return {
    url: '/Seller/cashes',
    buttons: { store: false, update: false, deletes: false, destroy: false },
    columns: cashColumns,
    search: cashSearch,
    dictData: { cash_status: CASH_STATUS },
    toolbar: [{ label: 'page.settle.withdraw', variant: 'office', onClick: open }],
    rowActions: [{ label: 'page.settle.cancelCash', variant: 'secondary', show: (row) => Number(row.cash_status) === 0, onClick: cancel }],
    form: { add: [], edit: [], view: cashView },
  };
}

interface Account {
  balance: string;
  frozen: string;
}

export default function SellerCashesPage() {
  const intl = useIntl();
  const [account, setAccount] = useState<Account | null>(null);
  const [applying, setApplying] = useState(false);
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const apiRef = useRef<TableApi | null>(null);

  const loadAccount = useCallback(() => {
    void fetchData<Account | null>(1, 'cashes/account', undefined, null).then(setAccount);
  }, []);
  useEffect(loadAccount, [loadAccount]);

  const config = useMemo(
    () =>
      sellerCashesPage(
        (api) => {
          apiRef.current = api;
          // the dialog speaks the user centre's withdrawal messages
          void ensureMessages('ucentre').then(() => setApplying(true));
        },
        (row, api) => {
          apiRef.current = api;
          setCancelling(row);
        },
      ),
    [],
  );
  const reload = () => {
    loadAccount();
    apiRef.current?.reload();
  };
  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    const result = await call(1, 'DELETE', `cashes/${String(cancelling.id)}`);
    setBusy(false);
    setCancelling(null);
    if (result.kind !== 'ok') return;
    toast.success(intl.formatMessage({ id: 'page.settle.cancelledCash' }));
    reload();
  };

  return (
    <div className="flex flex-col gap-3">
      <StoreBalances balance={account?.balance} frozen={account?.frozen}>
        <Link href="/Seller/money_logs" className="focus-ring rounded text-office hover:underline">
          <FormattedMessage id="page.settle.moneyLogsLink" />
        </Link>
      </StoreBalances>
      <TablePage config={config} />
      {applying && (
        <WithdrawalDialog
          area={1}
          onClose={() => setApplying(false)}
          onDone={() => {
            setApplying(false);
            toast.success(intl.formatMessage({ id: 'page.settle.applied' }));
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={<FormattedMessage id="page.settle.cancelCash" />}
        message={<FormattedMessage id="page.settle.cancelCashConfirm" values={{ amount: cancelling ? requestedText(cancelling) : '' }} />}
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}
