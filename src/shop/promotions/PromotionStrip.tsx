import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { resultText } from '../../api/client';
import { loadTakenCoupons, takeCoupon, type FullReduction, type TakeableCoupon } from '../../api/marketing';
import { go } from '../../app/navigation';
import { loginWithReturn } from '../../app/returnTo';
import { useHydrated } from '../../app/serverRender';
import { useSession } from '../../app/session';
import { toast } from '../../ui/toast';

/**
 * A store's promotions on the goods page and the store front (screens §3.6): its running full
 * reductions ("spend X, get Y off", applied at checkout by themselves) and the coupons a shopper
 * can take, one each while the stock lasts. Anonymous shoppers are sent to log in first; a
 * logged-in shopper sees at once which coupons they took already (used or not).
 */
const money = (text: string) => text.replace(/\.00$/, '');

/** The shopper's copy as a refused second take reports it (`data.taken`). */
function takenState(data: unknown): 'taken' | 'used' | undefined {
  const taken = data && typeof data === 'object' ? (data as { taken?: unknown }).taken : undefined;
  return taken === 'used' ? 'used' : taken === 'unused' ? 'taken' : undefined;
}

type CardState = 'idle' | 'busy' | 'taken' | 'used';

/**
 * For a logged-in shopper: which of these coupons they took already; null until known (their
 * buttons wait for it, so a coupon taken before never offers "Take" for a moment). A failed ask
 * leaves every coupon takeable: the server still refuses a second take.
 */
function useTakenCoupons(ids: readonly number[]): Record<string, 'unused' | 'used'> | null {
  // the server's HTML is everyone's: the login state counts once the page is hydrated (a button
  // disabled in the hydrating render but not in the HTML stayed enabled in the page)
  const hydrated = useHydrated();
  const session = useSession(2);
  const loggedIn = hydrated && session.loggedIn;
  const key = ids.join(',');
  const [answer, setAnswer] = useState<{ key: string; taken: Record<string, 'unused' | 'used'> } | null>(null);
  useEffect(() => {
    if (!loggedIn || !key) return;
    let live = true;
    void loadTakenCoupons(key.split(',').map(Number)).then((result) => {
      if (live) setAnswer({ key, taken: result.kind === 'ok' ? result.data : {} });
    });
    return () => {
      live = false;
    };
  }, [loggedIn, key]);
  if (!loggedIn || !key) return {};
  return answer?.key === key ? answer.taken : null;
}

function CouponCard({ coupon, taken }: { coupon: TakeableCoupon; taken: 'unused' | 'used' | 'unknown' | undefined }) {
  const intl = useIntl();
  const { loggedIn } = useSession(2);
  const [picked, setState] = useState<CardState>('idle');
  // what this page did wins; until then, what the shopper had taken before
  const state: CardState = picked !== 'idle' ? picked : taken === 'used' ? 'used' : taken === 'unused' ? 'taken' : 'idle';
  const take = async () => {
    if (!loggedIn) return go(loginWithReturn('/login'));
    setState('busy');
    const result = await takeCoupon(coupon.id);
    if (result.kind === 'ok') {
      setState('taken');
      toast.success(intl.formatMessage({ id: 'shop.goods.coupon.took' }));
      return;
    }
    if (result.kind === 'unauthorized') return go(loginWithReturn('/login'));
    // one per shopper per coupon (409): the server says whether their copy is still to use or used
    setState(result.kind === 'fail' && result.code === 409 ? (takenState(result.data) ?? 'taken') : 'idle');
    toast.error(resultText(result) || intl.formatMessage({ id: 'shop.goods.coupon.failed' }));
  };
  const label = intl.formatMessage(
    { id: Number(coupon.use_money) > 0 ? 'shop.goods.coupon.card' : 'shop.goods.coupon.cardNoThreshold' },
    { money: money(coupon.money), threshold: money(coupon.use_money) },
  );
  return (
    <li className="flex items-stretch overflow-hidden rounded border border-red-200 bg-red-50 text-sm" data-testid={`coupon-${coupon.id}`}>
      <div className="flex flex-col justify-center px-3 py-1.5">
        <span className="font-semibold text-red-700">￥{money(coupon.money)}</span>
        <span className="text-xs text-slate-700">{label}</span>
      </div>
      <button
        type="button"
        onClick={() => void take()}
        disabled={state !== 'idle' || taken === 'unknown'}
        aria-label={intl.formatMessage({ id: 'shop.goods.coupon.takeNamed' }, { name: coupon.name, label })}
        className="focus-ring border-l border-dashed border-red-300 px-3 text-xs font-medium text-red-700 hover:bg-red-100 disabled:cursor-default disabled:text-slate-500"
      >
        <FormattedMessage id={state === 'used' ? 'shop.goods.coupon.used' : state === 'taken' ? 'shop.goods.coupon.taken' : 'shop.goods.coupon.take'} />
      </button>
    </li>
  );
}

export function PromotionStrip({ coupons, reductions }: { coupons: readonly TakeableCoupon[]; reductions: readonly FullReduction[] }) {
  const intl = useIntl();
  const taken = useTakenCoupons(coupons.map((c) => c.id));
  if (coupons.length === 0 && reductions.length === 0) return null;
  return (
    <section aria-label={intl.formatMessage({ id: 'shop.goods.coupon.section' })} className="flex flex-col gap-2 text-sm" data-testid="promotions">
      {reductions.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="w-16 shrink-0 text-slate-600">
            <FormattedMessage id="shop.goods.coupon.reductions" />
          </span>
          <ul className="flex flex-wrap gap-2">
            {reductions.map((r) => (
              <li key={r.id} className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-700">
                <FormattedMessage id="shop.goods.coupon.reduction" values={{ threshold: money(r.use_money), money: money(r.money) }} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {coupons.length > 0 && (
        <div className="flex flex-wrap items-start gap-2">
          <span className="w-16 shrink-0 pt-1.5 text-slate-600">
            <FormattedMessage id="shop.goods.coupon.coupons" />
          </span>
          <ul className="flex flex-wrap gap-2">
            {coupons.map((c) => (
              <CouponCard key={c.id} coupon={c} taken={taken ? taken[c.id] : 'unknown'} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
