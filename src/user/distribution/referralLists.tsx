import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { loadCommissions, loadInvitees } from '../../api/points';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';

/** The referral lists of the user centre: invitees by level (/user/distribution_users) and commissions (/user/distribution_logs). */
const PER_PAGE = 20;
export const LEVELS = [0, 1, 2] as const;

export function Waiting() {
  return (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
}

/** The people invited on one level (0 direct, 1 second, 2 third), paged. */
export function Invitees({ level }: { level: number }) {
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
export function Commissions() {
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

