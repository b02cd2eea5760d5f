import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { pointsText, type PointsCard as Card } from '../../api/points';
import { Img } from '../shared/Img';
import { thumb } from '../shared/money';

/** "300 points" in the brand colour. */
export function Points({ value, className = 'font-semibold text-brand' }: { value: string | number; className?: string }) {
  return (
    <span className={className}>
      <FormattedMessage id="shop.points.amount" values={{ n: pointsText(value), count: Number(value) }} />
    </span>
  );
}

/** A points goods tile: image, name, points, market price and the "redeem" cue. */
export function PointsCard({ goods }: { goods: Card }) {
  return (
    <Link href={`/integral/goods/${goods.id}`} className="focus-ring group flex h-full flex-col rounded border border-slate-200 bg-white p-2 transition-shadow hover:border-brand hover:shadow-md">
      <Img src={thumb(goods.goods_master_image, 400)} alt={goods.goods_name} width={400} height={400} className="rounded-sm" />
      <span className="mt-2 line-clamp-2 min-h-10 text-sm text-slate-900 group-hover:text-brand">{goods.goods_name}</span>
      <span className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2">
        <Points value={goods.goods_price} />
        <span className="text-xs text-slate-600">
          <FormattedMessage id="shop.points.market" values={{ value: goods.goods_market_price }} />
        </span>
      </span>
      <span className="mt-2 rounded bg-brand/10 py-1 text-center text-xs font-medium text-brand">
        <FormattedMessage id="shop.points.redeem" />
      </span>
    </Link>
  );
}

export function PointsGrid({ goods }: { goods: Card[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {goods.map((g) => (
        <li key={g.id}>
          <PointsCard goods={g} />
        </li>
      ))}
    </ul>
  );
}
