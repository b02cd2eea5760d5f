import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { countdownMachine } from '../../../machines/countdown.machine';
import { formatShort } from '../../../machines/countdown';
import { CHOOSE_METHOD, PASSWORD_FORMAT, PAY_FAILED, PAY_METHODS, balanceShortfall, payTotal, payable, type PayMethod, type PayOrder } from '../../../machines/payment';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Money } from '../cart/Money';
import { ShopLayout } from '../layout/ShopLayout';
import { LoginRedirect } from '../shared/LoginRedirect';
import { boundPaymentMachine } from './boundPayment';
import { OrderSteps } from './OrderSteps';
import { Failed, Waiting } from './PageStates';
import { orderIdsOf } from './paths';
import { QrDialog } from './QrDialog';
import { Thumb } from './Thumb';

type PaymentActor = ActorRefFrom<typeof boundPaymentMachine>;
type ReservationActor = ActorRefFrom<typeof countdownMachine>;

const ERRORS: Record<string, string> = {
  [CHOOSE_METHOD]: 'shop.order.chooseMethod',
  [PASSWORD_FORMAT]: 'shop.order.payPasswordFormat',
  [PAY_FAILED]: 'shop.order.payFailed',
};

function OrderCard({ order }: { order: PayOrder }) {
  return (
    <li className="border-t border-slate-100 px-4 py-3 text-sm first:border-t-0" data-testid={`pay-order-${order.id}`}>
      <p className="flex flex-wrap justify-between gap-2 text-slate-700">
        <span>
          <FormattedMessage id="shop.order.orderNo" values={{ no: order.orderNo }} />
          {order.storeName && <span className="ml-3 text-slate-600">{order.storeName}</span>}
        </span>
        <span className="font-medium text-slate-900">
          <Money cents={order.totalCents} />
          {order.freightCents > 0 && (
            <span className="ml-1 text-xs font-normal text-slate-600">
              (<FormattedMessage id="shop.order.freightIncluded" values={{ freight: <Money cents={order.freightCents} /> }} />)
            </span>
          )}
        </span>
      </p>
      {order.couponCents > 0 && (
        <p className="text-xs text-slate-600">
          <FormattedMessage id="shop.order.coupon" />: -<Money cents={order.couponCents} />
        </p>
      )}
      <ul className="mt-2 flex flex-col gap-2">
        {order.lines.map((line, index) => (
          <li key={index} className="flex items-center gap-3">
            <Thumb src={line.image} />
            <span className="min-w-0 flex-1">
              <span className="line-clamp-1 text-slate-900">{line.name}</span>
              <span className="text-xs text-slate-600">
                {line.skuName && `${line.skuName} · `}
                <Money cents={line.priceCents} /> × {line.qty}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Remaining({ reservation }: { reservation: ReservationActor }) {
  const remaining = useSelector(reservation, (s) => s.context.remaining);
  const running = useSelector(reservation, (s) => s.matches('running'));
  if (!running) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="pay-countdown">
      <FormattedMessage id="shop.order.reserved" values={{ time: <span className="font-mono font-semibold text-brand">{formatShort(remaining)}</span> }} />
    </p>
  );
}

function MethodChoice({
  actor,
  method,
  balanceCents,
  shortCents,
  disabled,
}: {
  actor: PaymentActor;
  method: PayMethod | null;
  balanceCents: number | null;
  /** How much the balance falls short of the amount (0: enough or unknown). */
  shortCents: number;
  disabled: boolean;
}) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend id={titleId} className="mb-2 text-base font-semibold text-slate-900">
        <FormattedMessage id="shop.order.method" />
      </legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {PAY_METHODS.map((name) => {
          const short = name === 'balance' && shortCents > 0;
          return (
            <label
              key={name}
              className={`flex flex-col gap-1 rounded border-2 p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand ${
                short ? 'cursor-not-allowed border-slate-200 bg-slate-50' : method === name ? 'cursor-pointer border-brand bg-red-50/40' : 'cursor-pointer border-slate-200 hover:border-slate-400'
              }`}
            >
              <input
                type="radio"
                name="pay-method"
                value={name}
                checked={method === name}
                disabled={disabled || short}
                onChange={() => actor.send({ type: 'METHOD.CHOOSE', method: name })}
                className="sr-only"
              />
              <span className="font-medium text-slate-900">{intl.formatMessage({ id: `shop.order.method.${name}` })}</span>
              {name === 'balance' && balanceCents !== null && (
                <span className="text-xs text-slate-600">
                  <FormattedMessage id="shop.order.balance" values={{ balance: <Money cents={balanceCents} /> }} />
                </span>
              )}
              {/* said before the pay password is typed, not only after the server refuses */}
              {short && (
                <span className="text-xs text-red-700" data-testid="pay-balance-short">
                  <FormattedMessage id="shop.order.balanceShort" values={{ short: <Money cents={shortCents} /> }} />
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function PayForm({ actor }: { actor: PaymentActor }) {
  const intl = useIntl();
  const orders = useSelector(actor, (s) => s.context.orders);
  const method = useSelector(actor, (s) => s.context.method);
  const balanceCents = useSelector(actor, (s) => s.context.balanceCents);
  const error = useSelector(actor, (s) => s.context.error);
  const errorField = useSelector(actor, (s) => s.context.errorField);
  const qr = useSelector(actor, (s) => s.context.qr);
  const paying = useSelector(actor, (s) => s.matches({ active: 'paying' }));
  const reservation = useSelector(actor, (s) => s.children.reservation as ReservationActor | undefined);
  const [password, setPassword] = useState('');
  const due = payable(orders);
  const { totalCents, freightCents } = payTotal(orders);
  const message = error ? (ERRORS[error] ? intl.formatMessage({ id: ERRORS[error] }) : error) : null;
  const passwordError = errorField === 'pay_password' ? message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'PAY', password });
    setPassword('');
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <section aria-labelledby="pay-orders-title" className="rounded border border-slate-200 bg-white">
        <header className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-4 py-2">
          <h2 id="pay-orders-title" className="text-base font-semibold text-slate-900">
            <FormattedMessage id="shop.order.toPay" values={{ count: due.length }} />
          </h2>
          {reservation && <Remaining reservation={reservation} />}
        </header>
        <ul>
          {due.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
        <p className="border-t border-slate-100 px-4 py-3 text-right text-sm text-slate-800" data-testid="pay-total">
          <FormattedMessage
            id={freightCents > 0 ? 'shop.order.payTotal' : 'shop.order.payTotalFree'}
            values={{ total: <Money cents={totalCents} className="text-xl font-semibold text-brand" />, freight: <Money cents={freightCents} /> }}
          />
        </p>
      </section>
      <section className="rounded border border-slate-200 bg-white p-4">
        <MethodChoice actor={actor} method={method} balanceCents={balanceCents} shortCents={balanceShortfall(balanceCents, orders)} disabled={paying} />
        {method === 'balance' && (
          <div className="mt-4 max-w-xs">
            <Field
              label={<FormattedMessage id="shop.order.payPassword" />}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={password}
              onChange={(event) => setPassword(event.target.value.replace(/\D/g, ''))}
              error={passwordError ?? undefined}
              hint={
                <Link href="/user/safe/pay_password" className="focus-ring rounded text-brand hover:underline">
                  <FormattedMessage id="shop.order.payPasswordSet" />
                </Link>
              }
            />
          </div>
        )}
        {message && !passwordError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {message}
          </p>
        )}
        <div className="mt-4 flex justify-end">
          <Button type="submit" loading={paying} className="px-8">
            <FormattedMessage id="shop.order.payNow" />
          </Button>
        </div>
      </section>
      <QrDialog qr={qr} totalCents={totalCents} onClose={() => actor.send({ type: 'QR.CLOSE' })} />
    </form>
  );
}

/** Where the pay page ends when there is nothing left to pay here. */
function Ended({ id }: { id: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded border border-slate-200 bg-white px-4 py-16 text-center text-sm text-slate-700">
      <p>
        <FormattedMessage id={id} />
      </p>
      <div className="flex gap-3">
        <Link href="/user/orders" className="focus-ring rounded bg-brand px-5 py-2 font-medium text-white hover:bg-brand-dark">
          <FormattedMessage id="shop.order.myOrders" />
        </Link>
        <Link href="/" className="focus-ring rounded border border-slate-300 px-5 py-2 hover:border-brand hover:text-brand">
          <FormattedMessage id="shop.order.home" />
        </Link>
      </div>
    </div>
  );
}

function PayView({ orderIds }: { orderIds: number[] }) {
  const actor = useActorRef(boundPaymentMachine, { input: { orderIds } });
  const phase = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'active'));
  const error = useSelector(actor, (s) => s.context.error);
  if (phase === 'loading' || phase === 'paid') return <Waiting />;
  if (phase === 'failed') return <Failed message={error} onRetry={() => actor.send({ type: 'RETRY' })} />;
  if (phase === 'closed') return <Ended id="shop.order.nothingToPay" />;
  if (phase === 'expired') return <Ended id="shop.order.expired" />;
  return <PayForm actor={actor} />;
}

/** Payment (/order/pay/<params>, screens §3.9 with §6.3 item 31 fixed), bound to the payment machine. */
export default function PayPage({ params }: { params: { params?: string } }) {
  const intl = useIntl();
  const { loggedIn } = useSession(2);
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'shop.order.payTitle' });
  }, [intl]);
  if (!loggedIn) return <LoginRedirect />;
  const orderIds = orderIdsOf(params.params);
  return (
    <ShopLayout>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">
        <FormattedMessage id="shop.order.payTitle" />
      </h1>
      <OrderSteps active={2} />
      {orderIds.length ? <PayView key={orderIds.join(',')} orderIds={orderIds} /> : <Ended id="shop.order.badPayLink" />}
    </ShopLayout>
  );
}
