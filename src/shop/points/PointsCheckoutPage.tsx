import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, lazy, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ADDRESS_REQUIRED, NETWORK_FAILED, NOT_ENOUGH_POINTS, OUT_OF_STOCK, REDEEM_FAILED, totalPoints } from '../../../machines/pointsCheckout';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { ShopLayout } from '../layout/ShopLayout';
import { AddressPicker } from '../order/AddressPicker';
import { Failed, Waiting } from '../order/PageStates';
import { Img } from '../shared/Img';
import { LoginRedirect } from '../shared/LoginRedirect';
import { thumb } from '../shared/money';
import { boundPointsCheckout, pointsKey } from './boundPointsCheckout';
import { Points } from './PointsCard';
import { usePageTitle } from './usePageTitle';

const NewAddressDialog = lazy(() => import('../order/NewAddressDialog'));

const ERRORS: Record<string, string> = {
  [ADDRESS_REQUIRED]: 'shop.points.error.address',
  [NOT_ENOUGH_POINTS]: 'shop.points.error.points',
  [OUT_OF_STOCK]: 'shop.points.error.stock',
  [NETWORK_FAILED]: 'shop.points.error.network',
  [REDEEM_FAILED]: 'shop.points.error.failed',
};

const cents = (n: number) => (n / 100).toFixed(2);

function CheckoutView({ goodsId, qty: askedQty }: { goodsId: number; qty: number }) {
  const intl = useIntl();
  const machine = useMemo(() => boundPointsCheckout(goodsId, askedQty), [goodsId, askedQty]);
  const [idemKey] = useState(() => pointsKey(goodsId, askedQty));
  const actor = useActorRef(machine, { input: { goodsId, qty: askedQty, idemKey } });
  const phase = useSelector(actor, (s) => String(s.value));
  const ctx = useSelector(actor, (s) => s.context);
  const [adding, setAdding] = useState(false);
  if (phase === 'loading') return <Waiting />;
  if (phase === 'failed' || !ctx.goods) return <Failed message={ctx.error} onRetry={() => actor.send({ type: 'RETRY' })} />;
  const busy = phase === 'redeeming' || phase === 'retrying' || phase === 'done';
  const total = totalPoints(ctx.goods, ctx.qty);
  const message = ctx.error ? (ERRORS[ctx.error] ? intl.formatMessage({ id: ERRORS[ctx.error] }) : ctx.error) : null;
  return (
    <>
      <AddressPicker addresses={ctx.addresses} chosen={ctx.addressId} disabled={busy} onChoose={(id) => actor.send({ type: 'ADDRESS.CHOOSE', addressId: id })} onAdd={() => setAdding(true)} />
      {adding && (
        <Suspense fallback={null}>
          <NewAddressDialog
            open
            onClose={() => setAdding(false)}
            onSaved={(address) => {
              setAdding(false);
              actor.send({ type: 'ADDRESS.ADDED', address });
            }}
          />
        </Suspense>
      )}
      <section aria-labelledby="points-goods-title" className="mb-6 rounded border border-slate-200 bg-white p-4">
        <h2 id="points-goods-title" className="mb-3 text-base font-semibold text-slate-900">
          <FormattedMessage id="shop.points.goods" />
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <div className="w-16 shrink-0">
            <Img src={thumb(ctx.goods.image, 150)} alt="" width={64} height={64} />
          </div>
          <Link href={`/integral/goods/${ctx.goods.id}`} className="focus-ring min-w-[12rem] flex-1 text-sm text-slate-900 hover:text-brand">
            {ctx.goods.name}
          </Link>
          <Points value={cents(ctx.goods.pointsCents)} className="text-sm text-slate-700" />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <FormattedMessage id="shop.points.qty" />
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, Math.min(ctx.goods.stock, 99))}
              value={ctx.qty}
              disabled={busy}
              onChange={(e) => actor.send({ type: 'QTY.SET', qty: Number(e.target.value) })}
              className="h-9 w-16 rounded border border-slate-300 text-center"
            />
          </label>
        </div>
        <label className="mt-4 block text-sm text-slate-700">
          <FormattedMessage id="shop.points.remark" />
          <textarea
            value={ctx.remark}
            maxLength={150}
            rows={2}
            disabled={busy}
            onChange={(e) => actor.send({ type: 'REMARK.SET', text: e.target.value })}
            className="mt-1 block w-full rounded border border-slate-300 p-2"
          />
        </label>
      </section>
      <footer className="sticky bottom-0 z-10 flex flex-col gap-2 rounded border border-slate-200 bg-white px-4 py-3 shadow-sm sm:items-end">
        <p className="text-sm text-slate-800" data-testid="points-total" aria-live="polite">
          <FormattedMessage id="shop.points.total" values={{ total: <Points value={cents(total)} className="text-xl font-semibold text-brand" /> }} />
        </p>
        <p className="text-xs text-slate-600">
          <FormattedMessage id="shop.points.balance" values={{ points: cents(ctx.balanceCents).replace(/\.00$/, '') }} /> · <FormattedMessage id="shop.points.freeShipping" />
        </p>
        {message && (
          <p role="alert" className="text-sm text-red-700">
            {message}
          </p>
        )}
        <Button onClick={() => actor.send({ type: 'SUBMIT' })} loading={busy} className="px-8">
          <FormattedMessage id="shop.points.pay" />
        </Button>
      </footer>
    </>
  );
}

/** Points checkout (/integral/order/<id>/<qty>, screens §3.16 with its total fixed), bound to the pointsCheckout machine. */
export default function PointsCheckoutPage({ params }: { params: { id?: string; qty?: string } }) {
  usePageTitle('shop.points.checkoutTitle');
  const { loggedIn } = useSession(2);
  if (!loggedIn) return <LoginRedirect />;
  const goodsId = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const qty = /^\d{1,3}$/.test(params.qty ?? '') ? Math.max(1, Number(params.qty)) : 1;
  return (
    <ShopLayout>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">
        <FormattedMessage id="shop.points.checkoutTitle" />
      </h1>
      {goodsId ? (
        <CheckoutView key={`${goodsId}-${qty}`} goodsId={goodsId} qty={qty} />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          <FormattedMessage id="shop.points.missing" />
        </p>
      )}
    </ShopLayout>
  );
}
