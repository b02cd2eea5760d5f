import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { REMARK_MAX, type PreviewLine, type RefusedLine, type StoreGroup } from '../../../machines/checkout';
import { Money } from '../cart/Money';
import type { StoreCoupons } from '../../../machines/couponPicker';
import { CouponChoice, DiscountLines } from './CouponChoice';
import { Thumb } from './Thumb';

/** Why a line cannot be bought: the preview's reason, else the last create's. */
export function refusalText(line: PreviewLine, refused: readonly RefusedLine[]): string | null {
  if (line.refusal) return line.refusal.msg || line.refusal.code;
  const hit = refused.find((item) => item.goodsId === line.goodsId && item.skuId === line.skuId);
  return hit ? hit.msg || hit.code : null;
}

function LineRow({ line, refusal }: { line: PreviewLine; refusal: string | null }) {
  const intl = useIntl();
  return (
    <li
      data-testid={`checkout-line-${line.goodsId}-${line.skuId}`}
      className={`grid grid-cols-[64px_minmax(0,1fr)] gap-x-3 gap-y-1 border-t border-slate-100 px-4 py-3 text-sm md:grid-cols-[64px_minmax(0,3fr)_minmax(0,1fr)_6rem_4rem_6rem] md:items-center ${
        refusal ? 'bg-red-50/60' : ''
      }`}
    >
      <Thumb src={line.image} />
      <div className="min-w-0">
        <Link href={`/goods/${line.goodsId}`} className="focus-ring line-clamp-2 rounded text-slate-900 hover:text-brand">
          {line.name}
        </Link>
        <p className="mt-1 text-xs text-slate-600 md:hidden">
          {line.skuName && `${line.skuName} · `}
          <Money cents={line.priceCents} /> × {line.qty}
        </p>
        {line.promo && (
          <p className="mt-1 text-xs text-brand" data-testid="line-promo">
            <FormattedMessage
              id={line.promo.kind === 'seckill' ? 'shop.order.promoSeckill' : 'shop.order.promoGroup'}
              values={{ n: Number(line.promo.discount), list: (line.promo.listCents / 100).toFixed(2), saved: (line.promo.savedCents / 100).toFixed(2) }}
            />
          </p>
        )}
        {refusal && (
          <p className="mt-1 text-xs font-medium text-red-700" data-testid="line-refusal">
            <span className="sr-only">{intl.formatMessage({ id: 'shop.order.refused' })}: </span>
            {refusal}
          </p>
        )}
      </div>
      <p className="hidden text-slate-700 md:block">{line.skuName || '-'}</p>
      <p className="hidden md:block">
        <Money cents={line.priceCents} />
      </p>
      <p className="hidden md:block">× {line.qty}</p>
      <p className="col-start-2 font-medium text-slate-900 md:col-start-auto md:text-right">
        <span className="sr-only">
          <FormattedMessage id="shop.cart.colSubtotal" />{' '}
        </span>
        <Money cents={line.totalCents} />
      </p>
    </li>
  );
}

export interface StoreGroupCardProps {
  group: StoreGroup;
  refused: readonly RefusedLine[];
  remark: string;
  disabled: boolean;
  onRemark: (text: string) => void;
  /** The coupon choice of this store (couponPicker.machine); none before the first preview. */
  coupons?: StoreCoupons;
  couponBusy?: boolean;
  onCoupon?: (couponId: number) => void;
}

/** One store of the checkout: its lines (with any refusal), freight, total and the remark to the seller. */
export function StoreGroupCard({ group, refused, remark, disabled, onRemark, coupons, couponBusy, onCoupon }: StoreGroupCardProps) {
  const remarkId = `checkout-remark-${group.storeId}`;
  return (
    <section aria-label={group.storeName} data-testid={`checkout-store-${group.storeId}`} className="mb-4 rounded border border-slate-200 bg-white">
      <header className="flex flex-wrap items-center gap-3 bg-slate-50 px-4 py-2 text-sm">
        <h3 className="font-medium text-slate-900">{group.storeName}</h3>
        <Link href={`/store/${group.storeId}`} className="focus-ring rounded text-brand hover:underline">
          <FormattedMessage id="shop.cart.enterStore" />
        </Link>
        {!group.canBuy && (
          <span className="rounded bg-red-100 px-2 py-0.5 text-xs text-red-800">
            <FormattedMessage id="shop.order.storeCannotBuy" />
          </span>
        )}
      </header>
      <ul>
        {group.lines.map((line) => (
          <LineRow key={`${line.goodsId}-${line.skuId}`} line={line} refusal={refusalText(line, refused)} />
        ))}
      </ul>
      <div className="flex flex-col gap-3 border-t border-slate-100 px-4 py-3 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-1 flex-col gap-1 md:max-w-md">
          <label htmlFor={remarkId} className="text-sm text-slate-800">
            <FormattedMessage id="shop.order.remark" />
          </label>
          <textarea
            id={remarkId}
            value={remark}
            maxLength={REMARK_MAX}
            rows={2}
            disabled={disabled}
            onChange={(event) => onRemark(event.target.value)}
            className="focus-ring rounded border border-slate-400 px-3 py-2 text-sm disabled:bg-slate-100"
          />
          {coupons && onCoupon && <CouponChoice store={coupons} disabled={disabled || Boolean(couponBusy)} onChoose={onCoupon} />}
        </div>
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm md:grid-cols-[auto_auto] md:text-right [&>dd]:text-right">
          <dt className="text-slate-600">
            <FormattedMessage id="shop.order.goodsAmount" />
          </dt>
          <dd>
            <Money cents={group.goodsCents} />
          </dd>
          <dt className="text-slate-600">
            <FormattedMessage id="shop.order.freight" />
          </dt>
          <dd data-testid="store-freight">{group.freightCents === 0 ? <FormattedMessage id="shop.order.freeShipping" /> : <Money cents={group.freightCents} />}</dd>
          {group.discounts && group.discounts.length > 0 ? (
            <DiscountLines discounts={group.discounts} />
          ) : (
            group.couponCents > 0 && (
              <>
                <dt className="text-slate-600">
                  <FormattedMessage id="shop.order.coupon" />
                </dt>
                <dd>
                  -<Money cents={group.couponCents} />
                </dd>
              </>
            )
          )}
          <dt className="font-medium text-slate-900">
            <FormattedMessage id="shop.order.storeTotal" />
          </dt>
          <dd className="font-semibold text-brand" data-testid="store-total">
            <Money cents={group.totalCents} />
          </dd>
        </dl>
      </div>
    </section>
  );
}
