import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { listMoneyLogs, loadCashAccount } from '../../api/cashes';
import { pointsText } from '../../api/points';
import { fetchUser } from '../../api/auth';
import { navigate } from '../../app/navigation';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Field } from '../../ui/Field';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';
import { ledgerHref, ledgerQueryOf, LEDGERS, type Ledger, type LedgerQuery } from './ledgers';
import { ledgerNameKey } from './logName';

const PER_PAGE = 20;

/** The balance the ledger explains, now: money and frozen money from the withdrawal account, points from the profile. */
function Balance({ ledger }: { ledger: Ledger }) {
  const account = useResource(ledger.isType === 2 ? null : 'user-cash-account', () => loadCashAccount(2));
  const user = useResource(ledger.isType === 2 ? 'user-info' : null, () => fetchUser(2, { quiet: true }));
  const amount = ledger.isType === 0 ? account.data?.balance : ledger.isType === 1 ? account.data?.frozen : user.data ? pointsText(String(user.data.integral ?? 0)) : undefined;
  if (amount === undefined) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="ledger-balance">
      <FormattedMessage id="ucentre.mlog.now" values={{ amount: ledger.isType === 2 ? amount : `￥${amount}` }} />
    </p>
  );
}

/** The kind, in or out, and date filters; applied to the address, so a reload or a link keeps them. */
function Filters({ ledger, query }: { ledger: Ledger; query: LedgerQuery }) {
  const intl = useIntl();
  const id = useId();
  // keyed by the address: a new query starts a new draft
  const [draft, setDraft] = useState(query);
  const say = (key: string) => intl.formatMessage({ id: key });
  const kindName = (name: string) => {
    const key = ledgerNameKey(name);
    return key ? say(key) : name;
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(ledgerHref(ledger, { ...draft, page: 1 }));
  };
  const badRange = !!draft.from && !!draft.to && draft.from > draft.to;
  return (
    <form role="search" aria-label={say('ucentre.mlog.filters')} onSubmit={apply} className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:items-end">
      <div className="flex flex-col gap-1">
        <span id={`${id}-kind`} className="text-sm font-medium text-slate-800">
          <FormattedMessage id="ucentre.mlog.kind" />
        </span>
        <Select
          aria-labelledby={`${id}-kind`}
          value={draft.name}
          placeholder={say('ucentre.mlog.all')}
          onChange={(value) => setDraft((d) => ({ ...d, name: String(value ?? '') }))}
          options={[{ label: say('ucentre.mlog.all'), value: '' }, ...ledger.names.map((name) => ({ label: kindName(name), value: name }))]}
        />
      </div>
      <div className="flex flex-col gap-1">
        <span id={`${id}-direction`} className="text-sm font-medium text-slate-800">
          <FormattedMessage id="ucentre.mlog.direction" />
        </span>
        <Select
          aria-labelledby={`${id}-direction`}
          value={draft.direction}
          placeholder={say('ucentre.mlog.all')}
          onChange={(value) => setDraft((d) => ({ ...d, direction: value === 'in' || value === 'out' ? value : '' }))}
          options={[
            { label: say('ucentre.mlog.all'), value: '' },
            { label: say('ucentre.mlog.in'), value: 'in' },
            { label: say('ucentre.mlog.out'), value: 'out' },
          ]}
        />
      </div>
      <Field label={say('ucentre.mlog.from')} type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
      <Field
        label={say('ucentre.mlog.to')}
        type="date"
        value={draft.to}
        min={draft.from || undefined}
        error={badRange ? say('ucentre.mlog.badRange') : undefined}
        onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
      />
      <div className="col-span-2 flex gap-2 sm:col-span-4">
        <Button type="submit" disabled={badRange}>
          <FormattedMessage id="ucentre.mlog.search" />
        </Button>
        <Button variant="secondary" onClick={() => navigate(ledger.path)}>
          <FormattedMessage id="ucentre.mlog.reset" />
        </Button>
      </div>
    </form>
  );
}

/** The entries of one ledger matching the query, newest first, paged: name, signed change, details, time. */
function Entries({ ledger, query }: { ledger: Ledger; query: LedgerQuery }) {
  const intl = useIntl();
  const filters = { name: query.name, direction: query.direction || undefined, from: query.from, to: query.to };
  const list = useResource(`user-money-logs:${ledgerHref(ledger, query)}`, () => listMoneyLogs(ledger.isType, query.page, PER_PAGE, filters));
  if (list.status === 'failed') return <LoadFailed message={list.message} onRetry={list.reload} />;
  if (!list.data)
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner />
      </div>
    );
  if (list.data.data.length === 0)
    return (
      <Empty>
        <FormattedMessage id="ucentre.mlog.empty" />
      </Empty>
    );
  const logName = (name: string) => {
    const key = ledgerNameKey(name);
    return key ? intl.formatMessage({ id: key }) : name;
  };
  return (
    <div className="flex flex-col gap-3">
      <table className="w-full text-left text-sm">
        <thead className="hidden border-b border-slate-200 text-slate-600 sm:table-header-group">
          <tr>
            {['name', 'money', 'info', 'time'].map((key) => (
              <th key={key} scope="col" className="px-2 py-2 font-medium">
                <FormattedMessage id={`ucentre.mlog.${key}`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.data.data.map((row) => {
            const negative = row.money.startsWith('-');
            // points are whole numbers: '800', not '800.00'
            const amount = ledger.isType === 2 ? pointsText(row.money) : row.money;
            return (
              <tr key={row.id} className="grid grid-cols-2 gap-1 border-b border-slate-100 py-2 sm:table-row" data-testid="money-log">
                <td className="px-2 font-medium text-slate-900 sm:py-2">{logName(row.name)}</td>
                <td className={`px-2 text-right font-semibold sm:py-2 sm:text-left ${negative ? 'text-slate-900' : 'text-green-800'}`}>{negative ? amount : `+${amount}`}</td>
                <td className="col-span-2 break-all px-2 text-slate-600 sm:py-2">{row.info || '-'}</td>
                <td className="col-span-2 px-2 text-xs text-slate-600 sm:py-2 sm:text-sm">{row.created_at}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {list.data.total > PER_PAGE && (
        <Pagination page={query.page} perPage={PER_PAGE} total={list.data.total} sizes={[PER_PAGE]} onPage={(page) => navigate(ledgerHref(ledger, { ...query, page }))} onSize={() => {}} />
      )}
    </div>
  );
}

/** /user/money, /user/frozen_money and /user/integral: one balance each, now, and the entries that explain it, filtered. */
export default function LedgerPage() {
  const intl = useIntl();
  const [path] = useLocation();
  const search = useSearch();
  const ledger = LEDGERS.find((l) => l.path === path.replace(/\/+$/, '')) ?? LEDGERS[0];
  const query = ledgerQueryOf(ledger, search);
  return (
    <UserLayout title={intl.formatMessage({ id: ledger.title })}>
      <div className="flex flex-col gap-4">
        <Balance ledger={ledger} />
        <Filters key={ledgerHref(ledger, query)} ledger={ledger} query={query} />
        <Entries key={ledger.path} ledger={ledger} query={query} />
      </div>
    </UserLayout>
  );
}
