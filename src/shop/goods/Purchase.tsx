import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { skuPickerMachine, type AddToCartInput } from '../../../machines/skuPicker.machine';
import { qtyError, type SpecGroup } from '../../../machines/skuPicker';
import { addCartLine, type GoodsDetail } from '../../api/shop';
import { t } from '../../app/i18n';
import { go } from '../../app/navigation';
import { useSession } from '../../app/session';
import { dismissToast, toast } from '../../ui/toast';
import { setCartCount } from '../layout/commonStore';
import { MarketPrice, Price } from '../shared/Price';
import { paramPath } from '../shared/params';
import { pickerInput } from './specs';
import { loginWithReturn } from '../../app/returnTo';
import { PromotionStrip } from '../promotions/PromotionStrip';
import { GoodsPromotionsPanel, type PromoChoice } from '../promotions/GoodsPromotions';
import type { GoodsPromotions } from '../../api/promotions';

/** POST /api/user/carts; the answered count goes straight to the header badge. */
export async function addToCart({ goodsId, skuId, qty }: AddToCartInput) {
  const result = await addCartLine({ goods_id: goodsId, sku_id: skuId, buy_num: qty });
  if (result.kind !== 'ok') throw { msg: 'msg' in result ? result.msg : '' };
  setCartCount(result.data?.cart_count ?? 0);
  return result.data;
}

export const buyNowPath = (line: { goodsId: number; skuId: number; qty: number } & PromoChoice) =>
  paramPath('/order/before', {
    order: [{ goods_id: line.goodsId, sku_id: line.skuId, buy_num: line.qty, ...(line.seckillId ? { seckill_id: line.seckillId } : {}), ...(line.collectiveId ? { collective_id: line.collectiveId } : {}) }],
    ifcart: 0,
  });

/** The last "added to cart" toast: the next refusal replaces it (both on screen read as a contradiction). */
let addedToast: number | null = null;
const dropAddedToast = () => {
  if (addedToast !== null) dismissToast(addedToast);
  addedToast = null;
};

const purchaseMachine = skuPickerMachine.provide({
  actors: { addToCart: fromPromise<unknown, AddToCartInput>(({ input }) => addToCart(input)) },
  actions: {
    notifyAdded: () => {
      dropAddedToast();
      addedToast = toast.success(t('shop.goods.added'));
    },
    goBuyNow: (_, line) => go(buyNowPath(line)),
  },
});

const KNOWN = ['skuErr', 'stockErr', 'minimumErr', 'buyNumErr'];

function SpecRadios({ group, chosen, available, invalid, errorId, onPick }: { group: SpecGroup; chosen?: number; available: number[]; invalid: boolean; errorId: string; onPick: (valueId: number) => void }) {
  const intl = useIntl();
  const labelId = useId();
  const focusable = chosen ?? group.values[0]?.id;
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const from = group.values.findIndex((v) => v.id === (chosen ?? focusable));
    const next = (from + delta + group.values.length) % group.values.length;
    onPick(group.values[next].id);
    (event.currentTarget.querySelectorAll('[role="radio"]')[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <span id={labelId} className="w-16 shrink-0 pt-1.5 text-sm text-slate-600">
        {group.name}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onKeyDown={onKey}
        className={`flex flex-wrap gap-2 rounded ${invalid ? 'outline-2 outline-offset-2 outline-brand' : ''}`}
      >
        {group.values.map((value) => {
          const checked = chosen === value.id;
          const soldOut = !available.includes(value.id);
          return (
            <button
              key={value.id}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={value.id === focusable ? 0 : -1}
              // a radio: the chosen value stays chosen (the machine ignores choosing it again)
              onClick={() => onPick(value.id)}
              onKeyDown={(e) => {
                if (e.key === ' ' || e.key === 'Enter') {
                  e.preventDefault();
                  onPick(value.id);
                }
              }}
              className={`focus-ring rounded border px-3 py-1 text-sm ${
                checked ? 'border-brand bg-red-50 text-brand' : soldOut ? 'border-dashed border-slate-300 text-slate-500 line-through' : 'border-slate-300 text-slate-800 hover:border-brand'
              }`}
            >
              {value.name}
              {soldOut && <span className="sr-only"> {intl.formatMessage({ id: 'shop.goods.soldOut' })}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Price, spec radios, quantity and the two buttons, bound to the skuPicker machine. */
export function Purchase({ goods, onSkuImage }: { goods: GoodsDetail; onSkuImage?: (image: string) => void }) {
  const intl = useIntl();
  const errorId = useId();
  const qtyId = useId();
  const input = useMemo(() => pickerInput(goods), [goods]);
  // the flash sale or group the next Buy is for (set by the promotions panel just before it sends BUY.NOW)
  const promo = useRef<PromoChoice>({});
  const machine = useMemo(() => purchaseMachine.provide({ actions: { goBuyNow: (_, line) => go(buyNowPath({ ...line, ...promo.current })) } }), []);
  const actor = useActorRef(machine, { input });
  const buyWith = (choice: PromoChoice) => {
    promo.current = choice;
    actor.send({ type: 'BUY.NOW' });
    promo.current = {};
  };
  const ctx = useSelector(actor, (s) => s.context);
  const adding = useSelector(actor, (s) => s.matches('adding'));
  const { loggedIn } = useSession(2);
  const skuRow = ctx.sku ? goods.skuList?.find((s) => s.id === ctx.sku?.id) : undefined;
  // a SKU with its own image shows it in the gallery (the cart line shows it too), once per choice
  const sku = ctx.sku;
  useEffect(() => {
    if (sku?.image) onSkuImage?.(sku.image);
  }, [sku, onSkuImage]);
  useEffect(() => {
    if (ctx.error) dropAddedToast();
  }, [ctx.error]);
  // A chosen SKU (or a goods without specs) with nothing in stock cannot be bought: say so, offer no button.
  const soldOut = ctx.stock <= 0 && (ctx.specs.length === 0 || !!ctx.sku);
  const error = ctx.error ? (KNOWN.includes(ctx.error) ? t(`home.goods.${ctx.error}`) : ctx.error === 'addFailed' ? t('shop.goods.addFailed') : ctx.error) : '';
  const addToCartClick = () => (loggedIn ? actor.send({ type: 'CART.ADD' }) : go(loginWithReturn('/login')));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded bg-slate-50 px-4 py-3">
        <span className="text-sm text-slate-600">
          <FormattedMessage id="shop.goods.price" />
        </span>
        <span data-testid="goods-price">
          <Price cents={ctx.priceCents} className="text-2xl font-bold text-brand" />
        </span>
        <MarketPrice value={skuRow?.goods_market_price ?? goods.goods_market_price} />
        <span className="ml-auto text-sm text-slate-600">
          <FormattedMessage id="shop.goods.sales" values={{ n: goods.goods_sale ?? 0 }} />
        </span>
      </div>
      <PromotionStrip coupons={goods.coupons ?? []} reductions={goods.full_reductions ?? []} />
      <GoodsPromotionsPanel goodsId={goods.id} initial={goods as unknown as GoodsPromotions} onBuy={buyWith} />
      {ctx.specs.map((group) => (
        <SpecRadios
          key={group.id}
          group={group}
          chosen={ctx.selected[group.id]}
          available={ctx.available[group.id] ?? []}
          invalid={ctx.missingSpecs.includes(group.id)}
          errorId={errorId}
          onPick={(valueId) => actor.send({ type: 'SPEC.PICK', specId: group.id, valueId })}
        />
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={qtyId} className="w-16 text-sm text-slate-600">
          <FormattedMessage id="shop.goods.qty" />
        </label>
        <div className="flex">
          <button type="button" aria-label={intl.formatMessage({ id: 'shop.goods.qtyDec' })} onClick={() => actor.send({ type: 'QTY.DEC' })} className="focus-ring h-9 w-9 rounded-l border border-slate-300 text-lg hover:bg-slate-50">
            −
          </button>
          <input
            id={qtyId}
            inputMode="numeric"
            value={ctx.qtyText}
            // invalid while the box holds a quantity that cannot be bought (after a refusal put a good one back, the reason stays below)
            aria-invalid={qtyError(ctx.qtyText, ctx.stock) !== null || undefined}
            aria-describedby={ctx.error ? errorId : undefined}
            onChange={(e) => actor.send({ type: 'QTY.SET', value: e.target.value })}
            className="focus-ring h-9 w-16 border-y border-slate-300 text-center text-sm"
          />
          <button type="button" aria-label={intl.formatMessage({ id: 'shop.goods.qtyInc' })} onClick={() => actor.send({ type: 'QTY.INC' })} className="focus-ring h-9 w-9 rounded-r border border-slate-300 text-lg hover:bg-slate-50">
            +
          </button>
        </div>
        <span data-testid="goods-stock" className="text-sm text-slate-600">
          <FormattedMessage id="shop.goods.stock" values={{ n: ctx.stock }} />
        </span>
      </div>
      {/* the line keeps its height; the alert exists only with a message (an empty one is noise) */}
      <div className="min-h-5">
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled={soldOut} onClick={() => buyWith({})} className="focus-ring rounded border border-brand bg-red-50 px-6 py-2.5 font-medium text-brand hover:bg-red-100 disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-100 disabled:text-slate-500">
          <FormattedMessage id="shop.goods.buyNow" />
        </button>
        <button type="button" disabled={adding || soldOut} aria-busy={adding || undefined} onClick={addToCartClick} className="focus-ring rounded bg-brand px-6 py-2.5 font-medium text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-60">
          <FormattedMessage id="shop.goods.addToCart" />
        </button>
        {soldOut && (
          <span className="self-center text-sm font-medium text-slate-700">
            <FormattedMessage id="shop.goods.noStock" />
          </span>
        )}
      </div>
    </div>
  );
}
