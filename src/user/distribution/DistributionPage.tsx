import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { loadReferral } from '../../api/points';
import { QrImage } from '../../shop/order/QrImage';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';
import { LEVELS, Waiting } from './referralLists';

/**
 * /user/distribution (screens §3.31, its oddities fixed): the invite link with a copy button that
 * says when copying fails, a QR code of the link itself, and how many people were invited on each
 * level and what they earned, each a link to its list (/user/distribution_users, /user/distribution_logs).
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
              <Link key={level} href={`/user/distribution_users?lev=${level}`} className="focus-ring rounded-lg bg-slate-50 p-3 text-center hover:bg-slate-100">
                <p className="text-2xl font-semibold text-slate-900">{summary.data!.counts[level]}</p>
                <p className="text-xs text-slate-600"><FormattedMessage id={`ucentre.referral.count${level + 1}`} /></p>
              </Link>
            ))}
            <Link href="/user/distribution_logs" className="focus-ring rounded-lg bg-brand/10 p-3 text-center hover:bg-brand/20">
              <p className="text-2xl font-semibold text-brand" data-testid="commission-total">¥{summary.data.commission_total}</p>
              <p className="text-xs text-slate-600"><FormattedMessage id="ucentre.referral.earned" /></p>
            </Link>
          </section>
        </div>
      )}
    </UserLayout>
  );
}
