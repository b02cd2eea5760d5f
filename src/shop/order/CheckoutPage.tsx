import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ADDRESS_REQUIRED, CANNOT_BUY, CREATE_FAILED, LINES_REFUSED, NETWORK_FAILED, allBuyable, grandTotal } from '../../../machines/checkout';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Money } from '../cart/Money';
import { ShopLayout } from '../layout/ShopLayout';
import { LoginRedirect } from '../shared/LoginRedirect';
import { AddressPicker } from './AddressPicker';
import { boundCheckoutMachine, checkoutKey } from './boundCheckout';
import { useCouponPicker } from './useCouponPicker';
import { OrderSteps } from './OrderSteps';
import { Failed, Waiting } from './PageStates';
import { checkoutBackOf, checkoutParamOf } from './paths';
import { StoreGroupCard } from './StoreGroupCard';

/** The user centre's address dialog, fetched when the shopper first adds an address here. */
const NewAddressDialog = lazy(() => import('./NewAddressDialog'));

const ERRORS: Record<string, string> = {
  [ADDRESS_REQUIRED]: 'shop.order.addressRequired',
  [CANNOT_BUY]: 'shop.order.cannotBuy',
  [LINES_REFUSED]: 'shop.order.linesRefused',
  [NETWORK_FAILED]: 'shop.order.networkFailed',
  [CREATE_FAILED]: 'shop.order.createFailed',
};

function CheckoutView({ params }: { params: string }) {
  const intl = useIntl();
  const machine = useMemo(() => boundCheckoutMachine(params), [params]);
  const [idemKey] = useState(() => checkoutKey(params));
  const actor = useActorRef(machine, { input: { params, idemKey } });
  const phase = useSelector(actor, (s) => String(s.value));
  const addresses = useSelector(actor, (s) => s.context.addresses);
  const addressId = useSelector(actor, (s) => s.context.addressId);
  const groups = useSelector(actor, (s) => s.context.groups);
  const remarks = useSelector(actor, (s) => s.context.remarks);
  const refused = useSelector(actor, (s) => s.context.refused);
  const error = useSelector(actor, (s) => s.context.error);
  const [adding, setAdding] = useState(false);
  const back = useMemo(() => checkoutBackOf(params), [params]);
  const picker = useCouponPicker(actor, groups, phase, error);

  if (phase === 'loading' || (phase === 'previewing' && groups.length === 0)) return <Waiting />;
  if (phase === 'failed') return <Failed message={error} onRetry={() => actor.send({ type: 'RETRY' })} />;

  const creating = phase === 'creating' || phase === 'retrying' || phase === 'done';
  const previewing = phase === 'previewing';
  const buyable = allBuyable(groups);
  const chosen = addresses.find((address) => address.id === addressId);
  const units = groups.reduce((sum, group) => sum + group.lines.reduce((n, line) => n + line.qty, 0), 0);
  // a "buy now" checkout did not come from the cart: its refusal points back to the goods
  const cannotBuyId = back.toCart ? 'shop.order.cannotBuy' : 'shop.order.cannotBuyNow';
  const messageId = error === CANNOT_BUY ? cannotBuyId : error ? ERRORS[error] : undefined;
  const message = error ? (messageId ? intl.formatMessage({ id: messageId }) : error) : null;

  return (
    <>
      <AddressPicker
        addresses={addresses}
        chosen={addressId}
        disabled={previewing || creating}
        onChoose={(id) => actor.send({ type: 'ADDRESS.CHOOSE', addressId: id })}
        onAdd={() => setAdding(true)}
      />
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
      <div className="relative" aria-busy={previewing || undefined}>
        <h2 className="mb-3 text-base font-semibold text-slate-900">
          <FormattedMessage id="shop.order.goods" />
        </h2>
        {groups.map((group) => (
          <StoreGroupCard
            key={group.storeId}
            group={group}
            refused={refused}
            remark={remarks[group.storeId] ?? ''}
            disabled={creating}
            onRemark={(text) => actor.send({ type: 'REMARK.SET', storeId: group.storeId, text })}
            coupons={picker.stores.find((store) => store.storeId === group.storeId)}
            couponBusy={picker.busy || previewing}
            onCoupon={(couponId) => picker.choose(group.storeId, couponId)}
          />
        ))}
        {previewing && (
          <div className="absolute inset-0 flex items-start justify-center bg-white/60 pt-16">
            <Spinner />
          </div>
        )}
      </div>
      <footer className="sticky bottom-0 z-10 flex flex-col gap-2 rounded border border-slate-200 bg-white px-4 py-3 shadow-sm sm:items-end">
        <p className="text-sm text-slate-800" data-testid="checkout-total" aria-live="polite">
          <FormattedMessage
            id="shop.order.grandTotal"
            values={{ count: units, total: <Money cents={grandTotal(groups)} className="text-xl font-semibold text-brand" /> }}
          />
        </p>
        {chosen && (
          <p className="text-xs text-slate-600">
            <FormattedMessage id="shop.order.sendTo" values={{ place: `${chosen.areaInfo} ${chosen.address}`, name: chosen.name, tel: chosen.tel }} />
          </p>
        )}
        {message && (
          <p role="alert" className="text-sm text-red-700">
            {message}
          </p>
        )}
        {!buyable && !message && (
          <p className="text-sm text-red-700">
            <FormattedMessage id={cannotBuyId} />
          </p>
        )}
        <div className="flex items-center gap-3">
          <Link href={back.href} className="focus-ring rounded text-sm text-slate-700 hover:text-brand">
            <FormattedMessage id={back.toCart ? 'shop.order.backToCart' : 'shop.order.backToGoods'} />
          </Link>
          <Button onClick={() => actor.send({ type: 'SUBMIT' })} disabled={!buyable || previewing} loading={creating} className="px-8">
            <FormattedMessage id="shop.order.submit" />
          </Button>
        </div>
      </footer>
    </>
  );
}

/** A checkout address that carries no readable order. */
function BadLink() {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded border border-slate-200 bg-white py-16 text-sm text-slate-700">
      <p>
        <FormattedMessage id="shop.order.badLink" />
      </p>
      <Link href="/carts" className="focus-ring rounded bg-brand px-5 py-2 font-medium text-white hover:bg-brand-dark">
        <FormattedMessage id="shop.order.backToCart" />
      </Link>
    </div>
  );
}

/** Order confirmation (/order/before/<params>, screens §3.8 with §6.3 item 30 fixed), bound to the checkout machine. */
export default function CheckoutPage({ params }: { params: { params?: string } }) {
  const intl = useIntl();
  const { loggedIn } = useSession(2);
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'shop.order.title' });
  }, [intl]);
  if (!loggedIn) return <LoginRedirect />;
  const checkoutParams = checkoutParamOf(params.params);
  return (
    <ShopLayout>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">
        <FormattedMessage id="shop.order.title" />
      </h1>
      <OrderSteps active={1} />
      {checkoutParams ? <CheckoutView key={checkoutParams} params={checkoutParams} /> : <BadLink />}
    </ShopLayout>
  );
}
