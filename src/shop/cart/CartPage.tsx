import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { CART_EMPTY, REMOVE_FAILED, SELECT_FIRST, UPDATE_FAILED, allChecked, isSelectable, storeChecked, totals, type CartLine, type CartStore } from '../../../machines/cart';
import { BUY_NUM_ERR, MINIMUM_ERR, STOCK_ERR } from '../../../machines/skuPicker';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { ShopLayout } from '../layout/ShopLayout';
import { LoginRedirect } from '../shared/LoginRedirect';
import { boundCartMachine } from './boundCart';
import { Money } from './Money';
import { Steps } from './Steps';

type CartActor = ActorRefFrom<typeof boundCartMachine>;

const LINE_ERRORS: Record<string, string> = {
  [MINIMUM_ERR]: 'home.goods.minimumErr',
  [STOCK_ERR]: 'home.goods.stockErr',
  [BUY_NUM_ERR]: 'home.goods.buyNumErr',
  [UPDATE_FAILED]: 'shop.cart.updateFailed',
};
const PAGE_ERRORS: Record<string, string> = {
  [CART_EMPTY]: 'home.goods.cartEmpty',
  [SELECT_FIRST]: 'msg.selectErr',
  [REMOVE_FAILED]: 'shop.cart.removeFailed',
};

/** `/x/y.jpg` → `/x/y_150.jpg` (server thumbnails); the original if the thumbnail is missing. */
function LineImage({ src, alt }: { src: string; alt: string }) {
  const small = src ? src.replace(/(\.[a-z0-9]+)(\?.*)?$/i, '_150$1$2') : '';
  const [url, setUrl] = useState(small);
  if (!url) return <span aria-hidden="true" className="block h-20 w-20 rounded bg-slate-100" />;
  return (
    <img
      src={url}
      alt={alt}
      width={80}
      height={80}
      loading="lazy"
      decoding="async"
      onError={() => setUrl(url === small && small !== src ? src : '')}
      className="h-20 w-20 rounded border border-slate-200 bg-slate-100 object-cover"
    />
  );
}

/**
 * − [qty] +; a typed quantity is sent on Enter or when leaving the box. The box then shows the
 * quantity the line has: the new one while it is saved, the saved one again when the typed value
 * was refused (0, above stock, not a number: the message says why) or the save failed, so the box,
 * the subtotal and the checkout always agree.
 */
function QtyStepper({ line, disabled, onSet, errorId }: { line: CartLine; disabled: boolean; onSet: (qty: number) => void; errorId?: string }) {
  const intl = useIntl();
  /** What is typed and not yet sent; null shows the line's quantity. */
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const text = draft.trim();
    if (text !== String(line.qty)) onSet(/^\d+$/.test(text) ? Number(text) : Number.NaN);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const step = 'focus-ring flex h-8 w-8 items-center justify-center border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400';
  return (
    <div className="inline-flex items-stretch">
      <button
        type="button"
        className={`${step} rounded-l`}
        disabled={disabled || line.qty <= 1}
        onClick={() => onSet(line.qty - 1)}
        aria-label={intl.formatMessage({ id: 'shop.cart.decrease' }, { name: line.name })}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        value={draft ?? String(line.qty)}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onKey}
        aria-label={intl.formatMessage({ id: 'shop.cart.qtyOf' }, { name: line.name })}
        aria-describedby={errorId}
        className="focus-ring h-8 w-14 border-y border-slate-300 text-center text-sm disabled:bg-slate-100"
      />
      <button
        type="button"
        className={`${step} rounded-r`}
        disabled={disabled || line.qty >= line.stock}
        onClick={() => onSet(line.qty + 1)}
        aria-label={intl.formatMessage({ id: 'shop.cart.increase' }, { name: line.name })}
      >
        +
      </button>
    </div>
  );
}

/** The line's remove button (the phone layout shows it under the line, the desktop one in its column). */
function RemoveLine({ actor, line, busy, className }: { actor: CartActor; line: CartLine; busy: boolean; className: string }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => actor.send({ type: 'REMOVE', cartIds: [line.cartId] })}
      className={`focus-ring rounded text-sm text-slate-700 hover:text-brand disabled:text-slate-400 ${className}`}
      aria-label={intl.formatMessage({ id: 'shop.cart.removeLine' }, { name: line.name })}
    >
      <FormattedMessage id="shop.cart.remove" />
    </button>
  );
}

/** Asks the cart for a quantity (a refused one leaves the line as it was; the line's error says why). */
function setQty(actor: CartActor, line: CartLine, qty: number): void {
  actor.send({ type: 'QTY.SET', cartId: line.cartId, qty });
}

function LineRow({ actor, line, selected, busy }: { actor: CartActor; line: CartLine; selected: boolean; busy: boolean }) {
  const intl = useIntl();
  const error = useSelector(actor, (s) => s.context.lineErrors[line.cartId]);
  const updating = useSelector(actor, (s) => s.context.updating?.cartId === line.cartId);
  const available = isSelectable(line);
  const errorId = error ? `cart-line-${line.cartId}-error` : undefined;
  return (
    <li
      data-testid={`cart-line-${line.cartId}`}
      className={`grid grid-cols-[1rem_80px_minmax(0,1fr)] items-start gap-x-3 gap-y-2 border-t border-slate-100 px-3 py-4 md:grid-cols-[1rem_80px_minmax(0,3fr)_minmax(0,1fr)_6rem_8.5rem_6rem_4rem] md:items-center ${
        available ? '' : 'bg-slate-50 text-slate-500'
      }`}
    >
      <Checkbox
        checked={selected}
        disabled={!available}
        onChange={() => actor.send({ type: 'LINE.TOGGLE', cartId: line.cartId })}
        aria-label={intl.formatMessage({ id: 'shop.cart.selectLine' }, { name: line.name })}
        className="mt-8 md:mt-0"
      />
      <Link href={`/goods/${line.goodsId}`} className={`focus-ring rounded ${available ? '' : 'opacity-50 grayscale'}`} tabIndex={-1} aria-hidden="true">
        <LineImage src={line.image} alt="" />
      </Link>
      <div className="min-w-0">
        <Link href={`/goods/${line.goodsId}`} className="focus-ring line-clamp-2 rounded text-sm text-slate-900 hover:text-brand">
          {line.name}
        </Link>
        {!available && (
          <span className="mt-1 inline-block rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700">
            <FormattedMessage id="shop.cart.unavailable" />
          </span>
        )}
        <p className="mt-1 text-xs text-slate-600 md:hidden">
          {line.skuName && (
            <>
              <FormattedMessage id="shop.cart.colSpec" />: {line.skuName} ·{' '}
            </>
          )}
          <Money cents={line.priceCents} />
        </p>
      </div>
      <p className="hidden text-sm text-slate-700 md:block">{line.skuName || '-'}</p>
      <p className="hidden text-sm md:block">
        <Money cents={line.priceCents} />
      </p>
      <div className="col-span-3 col-start-1 flex flex-wrap items-center gap-x-4 gap-y-1 pl-7 md:col-span-1 md:col-start-auto md:flex-col md:items-start md:pl-0">
        <div className="flex items-center gap-2">
          <QtyStepper line={line} disabled={busy || !available} onSet={(qty) => setQty(actor, line, qty)} errorId={errorId} />
          {updating && <Spinner size="sm" />}
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-xs text-red-700">
            {LINE_ERRORS[error] ? intl.formatMessage({ id: LINE_ERRORS[error] }) : error}
          </p>
        )}
        <p className="text-sm font-semibold text-brand md:hidden">
          <span className="sr-only">
            <FormattedMessage id="shop.cart.colSubtotal" />
          </span>
          <Money cents={line.priceCents * line.qty} />
        </p>
        <RemoveLine actor={actor} line={line} busy={busy} className="ml-auto md:hidden" />
      </div>
      <p className="hidden text-sm font-semibold text-brand md:block">
        <Money cents={line.priceCents * line.qty} />
      </p>
      <RemoveLine actor={actor} line={line} busy={busy} className="hidden text-left md:block" />
    </li>
  );
}

function StoreGroup({ actor, store, selected, busy }: { actor: CartActor; store: CartStore; selected: number[]; busy: boolean }) {
  const intl = useIntl();
  const state = storeChecked(store, selected);
  return (
    <section aria-label={store.storeName} className="mb-4 rounded border border-slate-200 bg-white" data-testid={`cart-store-${store.storeId}`}>
      <header className="flex flex-wrap items-center gap-3 bg-slate-50 px-3 py-2 text-sm">
        <Checkbox
          checked={state === 'checked'}
          indeterminate={state === 'indeterminate'}
          disabled={!store.lines.some(isSelectable)}
          onChange={() => actor.send({ type: 'STORE.TOGGLE', storeId: store.storeId })}
          aria-label={intl.formatMessage({ id: 'shop.cart.selectStore' }, { name: store.storeName })}
        />
        <h2 className="font-medium text-slate-900">{store.storeName}</h2>
        <Link href={`/store/${store.storeId}`} className="focus-ring rounded text-brand hover:underline">
          <FormattedMessage id="shop.cart.enterStore" />
        </Link>
      </header>
      <ul>
        {store.lines.map((line) => (
          <LineRow key={line.cartId} actor={actor} line={line} selected={selected.includes(line.cartId)} busy={busy} />
        ))}
      </ul>
    </section>
  );
}

function SelectAll({ actor, id }: { actor: CartActor; id: string }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => allChecked(s.context.stores, s.context.selected));
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
      <Checkbox
        id={id}
        checked={state === 'checked'}
        indeterminate={state === 'indeterminate'}
        onChange={() => actor.send({ type: 'ALL.TOGGLE' })}
        aria-label={intl.formatMessage({ id: 'shop.cart.selectAll' })}
      />
      <span aria-hidden="true">
        <FormattedMessage id="shop.cart.selectAll" />
      </span>
    </label>
  );
}

function CartView() {
  const intl = useIntl();
  const cart = useActorRef(boundCartMachine);
  const stores = useSelector(cart, (s) => s.context.stores);
  const selected = useSelector(cart, (s) => s.context.selected);
  const error = useSelector(cart, (s) => s.context.error);
  const removing = useSelector(cart, (s) => s.context.removing);
  const phase = useSelector(cart, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches({ ready: 'confirming' }) ? 'confirming' : s.matches({ ready: 'removing' }) ? 'removing' : s.matches({ ready: 'updating' }) ? 'updating' : 'idle',
  );
  const sum = totals(stores, selected);
  const busy = phase !== 'idle';
  const pageError = error ? (PAGE_ERRORS[error] ? intl.formatMessage({ id: PAGE_ERRORS[error] }) : error) : null;

  if (phase === 'loading') {
    return (
      <div className="flex justify-center py-16 text-slate-500">
        <Spinner />
      </div>
    );
  }
  if (phase === 'failed') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-sm text-slate-700">
        <p>{pageError || intl.formatMessage({ id: 'shop.cart.loadFailed' })}</p>
        <Button variant="secondary" onClick={() => cart.send({ type: 'RELOAD' })}>
          <FormattedMessage id="shop.cart.retry" />
        </Button>
      </div>
    );
  }
  if (stores.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded border border-slate-200 bg-white py-16 text-sm text-slate-700">
        <p>
          <FormattedMessage id="shop.cart.empty" />
        </p>
        <Link href="/" className="focus-ring rounded bg-brand px-5 py-2 font-medium text-white hover:bg-brand-dark">
          <FormattedMessage id="shop.cart.goShopping" />
        </Link>
      </div>
    );
  }

  return (
    <>
      <div
        aria-hidden="true"
        className="mb-2 hidden grid-cols-[1rem_80px_minmax(0,3fr)_minmax(0,1fr)_6rem_8.5rem_6rem_4rem] gap-x-3 rounded bg-white px-3 py-2 text-sm text-slate-700 md:grid"
      >
        <span className="col-span-3">
          <FormattedMessage id="shop.cart.colGoods" />
        </span>
        <span>
          <FormattedMessage id="shop.cart.colSpec" />
        </span>
        <span>
          <FormattedMessage id="shop.cart.colPrice" />
        </span>
        <span>
          <FormattedMessage id="shop.cart.colQty" />
        </span>
        <span>
          <FormattedMessage id="shop.cart.colSubtotal" />
        </span>
        <span>
          <FormattedMessage id="shop.cart.colAction" />
        </span>
      </div>
      <div className="mb-3 rounded bg-white px-3 py-2">
        <SelectAll actor={cart} id="cart-all-top" />
      </div>
      {stores.map((store) => (
        <StoreGroup key={store.storeId} actor={cart} store={store} selected={selected} busy={busy} />
      ))}
      <footer className="sticky bottom-0 z-10 flex flex-wrap items-center gap-x-6 gap-y-3 rounded border border-slate-200 bg-white px-3 py-3 shadow-sm">
        <SelectAll actor={cart} id="cart-all-bottom" />
        <button
          type="button"
          disabled={busy}
          onClick={() => cart.send({ type: 'REMOVE', cartIds: selected })}
          className="focus-ring rounded text-sm text-slate-700 hover:text-brand disabled:text-slate-400"
        >
          <FormattedMessage id="shop.cart.removeSelected" />
        </button>
        <p className="ml-auto text-sm text-slate-800" data-testid="cart-summary" aria-live="polite">
          <FormattedMessage
            id="shop.cart.summary"
            values={{ count: sum.count, total: <Money cents={sum.totalCents} className="text-lg font-semibold text-brand" /> }}
          />
        </p>
        {pageError && (
          <p role="alert" className="w-full text-right text-sm text-red-700 sm:order-last">
            {pageError}
          </p>
        )}
        <Button onClick={() => cart.send({ type: 'CHECKOUT' })} disabled={busy} className="px-8">
          <FormattedMessage id="shop.cart.checkout" />
        </Button>
      </footer>
      <ConfirmDialog
        open={phase === 'confirming' || phase === 'removing'}
        title={<FormattedMessage id="shop.cart.removeTitle" />}
        message={<FormattedMessage id="shop.cart.removeConfirm" values={{ count: removing.length }} />}
        busy={phase === 'removing'}
        onConfirm={() => cart.send({ type: 'CONFIRM' })}
        onCancel={() => cart.send({ type: 'DECLINE' })}
      />
    </>
  );
}

/** The shopper's cart (/carts, screens §3.7 with §6.3 item 29 fixed), bound to the cart machine. */
export default function CartPage() {
  const intl = useIntl();
  const { loggedIn } = useSession(2);
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'shop.cart.title' });
  }, [intl]);
  if (!loggedIn) return <LoginRedirect />;
  return (
    <ShopLayout>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">
        <FormattedMessage id="shop.cart.title" />
      </h1>
      <Steps
        label={intl.formatMessage({ id: 'shop.cart.steps' })}
        doneLabel={intl.formatMessage({ id: 'shop.cart.stepDone' })}
        active={0}
        steps={[
          <FormattedMessage key="1" id="shop.cart.step1" />,
          <FormattedMessage key="2" id="shop.cart.step2" />,
          <FormattedMessage key="3" id="shop.cart.step3" />,
          <FormattedMessage key="4" id="shop.cart.step4" />,
        ]}
      />
      <CartView />
    </ShopLayout>
  );
}
