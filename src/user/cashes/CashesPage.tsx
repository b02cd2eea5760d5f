import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { cancelCash, listCashes, loadCashAccount, type CashRow } from '../../api/cashes';
import { resultText } from '../../api/client';
import { maskCard, WithdrawalDialog } from '../../money/WithdrawalDialog';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';
import { centsText, amountCents } from '../../../machines/withdrawal';

const PER_PAGE = 20;

const STATUS_CLASSES: Record<number, string> = {
  0: 'border-amber-300 bg-amber-50 text-amber-800',
  1: 'border-green-300 bg-green-50 text-green-800',
  2: 'border-red-300 bg-red-50 text-red-800',
  3: 'border-slate-300 bg-slate-50 text-slate-700',
};

/** What was requested: the net amount plus the fee. */
export const requestedOf = (row: Pick<CashRow, 'money' | 'commission'>) => centsText((amountCents(row.money) ?? 0) + (amountCents(row.commission) ?? 0));

function CashItem({ row, onCancel }: { row: CashRow; onCancel: (row: CashRow) => void }) {
  const intl = useIntl();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="cash-row">
      <div className="min-w-0 flex flex-col gap-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold text-slate-900">￥{requestedOf(row)}</span>
          <span className={`rounded border px-2 py-0.5 text-xs ${STATUS_CLASSES[row.cash_status]}`}>
            <FormattedMessage id={`ucentre.cash.status.${row.cash_status}`} />
          </span>
        </div>
        <p className="text-slate-700">
          <FormattedMessage id="ucentre.cash.fee" /> ￥{row.commission} · <FormattedMessage id="ucentre.cash.net" /> ￥{row.money}
        </p>
        <p className="truncate text-slate-600">
          {row.bank_name} {maskCard(row.card_no)} · {row.name}
        </p>
        {row.cash_status === 2 && row.refuse_info && (
          <p className="text-red-700">
            <FormattedMessage id="ucentre.cash.refused" values={{ reason: row.refuse_info }} />
          </p>
        )}
        <p className="text-xs text-slate-600">
          <FormattedMessage id="ucentre.cash.time" /> {row.created_at}
        </p>
      </div>
      {row.cash_status === 0 && (
        <Button variant="secondary" className="shrink-0 self-start sm:self-center" onClick={() => onCancel(row)} aria-label={intl.formatMessage({ id: 'ucentre.cash.cancelNamed' }, { time: row.created_at })}>
          <FormattedMessage id="ucentre.cash.cancelOne" />
        </Button>
      )}
    </li>
  );
}

/** /user/cashes (screens §3.28, its bugs fixed): balance and frozen funds, the withdrawals with their state, apply (withdrawal machine) and cancel a pending one. */
export default function CashesPage() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState(false);
  const [cancelling, setCancelling] = useState<CashRow | null>(null);
  const [busy, setBusy] = useState(false);
  const account = useResource('user-cash-account', () => loadCashAccount(2));
  const list = useResource(`user-cashes:${page}`, () => listCashes(page, PER_PAGE));
  const reload = () => {
    account.reload();
    list.reload();
  };

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    const result = await cancelCash(2, cancelling.id);
    setBusy(false);
    setCancelling(null);
    if (result.kind !== 'ok') return toast.error(resultText(result));
    toast.success(intl.formatMessage({ id: 'ucentre.cash.cancelled' }));
    reload();
  };

  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.menu.cashes' })}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <dl className="flex flex-wrap gap-6 text-sm">
            <div>
              <dt className="text-slate-600">
                <FormattedMessage id="ucentre.cash.balance" />
              </dt>
              <dd className="text-xl font-semibold text-red-700" data-testid="user-balance">
                ￥{account.data?.balance ?? '-'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600" title={intl.formatMessage({ id: 'ucentre.cash.frozenHint' })}>
                <FormattedMessage id="ucentre.cash.frozen" />
              </dt>
              <dd className="text-xl font-semibold text-slate-900" data-testid="user-frozen">
                ￥{account.data?.frozen ?? '-'}
              </dd>
            </div>
          </dl>
          <div className="flex items-center gap-3">
            <Link href="/user/money" className="focus-ring rounded text-sm text-brand hover:underline">
              <FormattedMessage id="ucentre.cash.logsLink" />
            </Link>
            <Button onClick={() => setApplying(true)}>
              <FormattedMessage id="ucentre.cash.apply" />
            </Button>
          </div>
        </div>
        <h2 className="text-base font-semibold text-slate-900">
          <FormattedMessage id="ucentre.cash.list" />
        </h2>
        {list.status === 'failed' ? (
          <LoadFailed message={list.message} onRetry={list.reload} />
        ) : !list.data ? (
          <div className="flex justify-center py-10 text-slate-500">
            <Spinner />
          </div>
        ) : list.data.data.length === 0 ? (
          <Empty>
            <FormattedMessage id="ucentre.cash.empty" />
          </Empty>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {list.data.data.map((row) => (
                <CashItem key={row.id} row={row} onCancel={setCancelling} />
              ))}
            </ul>
            {list.data.total > PER_PAGE && <Pagination page={page} perPage={PER_PAGE} total={list.data.total} sizes={[PER_PAGE]} onPage={setPage} onSize={() => {}} />}
          </>
        )}
      </div>
      {applying && (
        <WithdrawalDialog
          area={2}
          onClose={() => setApplying(false)}
          onDone={() => {
            setApplying(false);
            toast.success(intl.formatMessage({ id: 'ucentre.cash.submitted' }));
            if (page !== 1) setPage(1);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={<FormattedMessage id="ucentre.cash.cancelTitle" />}
        message={<FormattedMessage id="ucentre.cash.cancelConfirm" values={{ amount: cancelling ? requestedOf(cancelling) : '' }} />}
        confirmLabel={<FormattedMessage id="ucentre.cash.cancelYes" />}
        cancelLabel={<FormattedMessage id="ucentre.cash.cancelNo" />}
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(null)}
      />
    </UserLayout>
  );
}
