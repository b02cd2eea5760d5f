import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadCommissions, loadInvitees, loadReferral } from '../../api/points';
import { QrImage } from '../../shop/order/QrImage';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';

const PER_PAGE = 20;
const LEVELS = [0, 1, 2] as const;

function Waiting() {
  return (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
}

/** The people invited on one level (0 direct, 1 second, 2 third), paged. */
function Invitees({ level }: { level: number }) {
  const [page, setPage] = useState(1);
  const rows = useResource(`invitees:${level}:${page}`, () => loadInvitees({ lev: level, page, per_page: PER_PAGE }));
  if (rows.status === 'failed') return <LoadFailed message={rows.message} onRetry={rows.reload} />;
  if (!rows.data) return <Waiting />;
  if (rows.data.data.length === 0) return <Empty><FormattedMessage id="ucentre.referral.noInvitees" /></Empty>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {rows.data.data.map((user) => (
          <li key={user.id} className="flex items-center justify-between py-2 text-sm">
            <span className="text-slate-900">{user.nickname}</span>
            <span className="text-xs text-slate-600"><FormattedMessage id="ucentre.referral.joined" values={{ time: user.created_at }} /></span>
          </li>
        ))}
      </ul>
      {rows.data.total > PER_PAGE && <Pagination page={page} perPage={PER_PAGE} total={rows.data.total} sizes={[PER_PAGE]} onPage={setPage} onSize={() => undefined} />}
    </>
  );
}

/** The commissions paid to the shopper, newest first. */
function Commissions() {
  const [page, setPage] = useState(1);
  const rows = useResource(`commissions:${page}`, () => loadCommissions({ page, per_page: PER_PAGE }));
  if (rows.status === 'failed') return <LoadFailed message={rows.message} onRetry={rows.reload} />;
  if (!rows.data) return <Waiting />;
  if (rows.data.data.length === 0) return <Empty><FormattedMessage id="ucentre.referral.noCommissions" /></Empty>;
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[520px] text-left text-sm">
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-2"><FormattedMessage id="ucentre.referral.level" /></th>
              <th scope="col"><FormattedMessage id="ucentre.referral.orderNo" /></th>
              <th scope="col"><FormattedMessage id="ucentre.referral.base" /></th>
              <th scope="col"><FormattedMessage id="ucentre.referral.rate" /></th>
              <th scope="col"><FormattedMessage id="ucentre.referral.commission" /></th>
              <th scope="col"><FormattedMessage id="ucentre.referral.time" /></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.data.data.map((log) => (
              <tr key={log.id}>
                <td className="py-2"><FormattedMessage id={`ucentre.referral.level${log.level}`} /></td>
                <td className="break-all">{log.order_no}</td>
                <td>¥{log.money}</td>
                <td>{log.lev}%</td>
                <td className="font-semibold text-brand">¥{log.commission}</td>
                <td className="text-xs text-slate-600">{log.created_at}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.data.total > PER_PAGE && <Pagination page={page} perPage={PER_PAGE} total={rows.data.total} sizes={[PER_PAGE]} onPage={setPage} onSize={() => undefined} />}
    </>
  );
}

/**
 * /user/distribution (screens §3.31, its oddities fixed): the invite link with a copy button that
 * says when copying fails, a QR code of the link itself, the people invited on three levels and
 * the commissions earned.
 */
export default function DistributionPage() {
  const intl = useIntl();
  const summary = useResource('referral', loadReferral);
  const link = summary.data ? `${window.location.origin}${summary.data.invite_path}` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(intl.formatMessage({ id: 'ucentre.referral.copied' }));
    } catch {
      toast.error(intl.formatMessage({ id: 'ucentre.referral.copyFailed' }));
    }
  };
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.referral.title' })}>
      {summary.status === 'failed' && <LoadFailed message={summary.message} onRetry={summary.reload} />}
      {!summary.data && summary.status === 'loading' && <Waiting />}
      {summary.data && (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="invite-link" className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <h2 id="invite-link" className="mb-2 text-sm font-semibold text-slate-900"><FormattedMessage id="ucentre.referral.link" /></h2>
              <label htmlFor="invite-link-input" className="sr-only"><FormattedMessage id="ucentre.referral.link" /></label>
              <div className="flex flex-wrap gap-2">
                <input id="invite-link-input" readOnly value={link} onFocus={(e) => e.target.select()} className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1.5 text-sm" data-testid="invite-link" />
                <Button onClick={() => void copy()}><FormattedMessage id="ucentre.referral.copy" /></Button>
              </div>
              <p className="mt-2 text-xs text-slate-600"><FormattedMessage id="ucentre.referral.hint" /></p>
            </div>
            <div className="self-center">
              <QrImage text={link} label={intl.formatMessage({ id: 'ucentre.referral.qr' })} size={160} />
            </div>
          </section>
          <section aria-labelledby="referral-totals" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <h2 id="referral-totals" className="sr-only"><FormattedMessage id="ucentre.referral.totals" /></h2>
            {LEVELS.map((level) => (
              <div key={level} className="rounded-lg bg-slate-50 p-3 text-center">
                <p className="text-2xl font-semibold text-slate-900">{summary.data!.counts[level]}</p>
                <p className="text-xs text-slate-600"><FormattedMessage id={`ucentre.referral.count${level + 1}`} /></p>
              </div>
            ))}
            <div className="rounded-lg bg-brand/10 p-3 text-center">
              <p className="text-2xl font-semibold text-brand" data-testid="commission-total">¥{summary.data.commission_total}</p>
              <p className="text-xs text-slate-600"><FormattedMessage id="ucentre.referral.earned" /></p>
            </div>
          </section>
          <TabGroup>
            <TabList className="mb-3 flex flex-wrap gap-2 border-b border-slate-200">
              {[...LEVELS.map((level) => `ucentre.referral.tab${level + 1}`), 'ucentre.referral.tabCommissions'].map((id) => (
                <Tab key={id} className="focus-ring -mb-px border-b-2 border-transparent px-3 py-2 text-sm text-slate-700 data-[selected]:border-brand data-[selected]:text-brand">
                  <FormattedMessage id={id} />
                </Tab>
              ))}
            </TabList>
            <TabPanels>
              {LEVELS.map((level) => (
                <TabPanel key={level}><Invitees level={level} /></TabPanel>
              ))}
              <TabPanel><Commissions /></TabPanel>
            </TabPanels>
          </TabGroup>
        </div>
      )}
    </UserLayout>
  );
}
