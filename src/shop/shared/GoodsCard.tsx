import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { GoodsCard as Card } from '../../api/shop';
import { Img } from './Img';
import { thumb } from './money';
import { MarketPrice, Price } from './Price';

/** A goods tile: lazy square image, name, subtitle, price, struck market price, optional review count. */
export function GoodsCard({ goods, comments = false }: { goods: Card; comments?: boolean }) {
  return (
    <Link
      href={`/goods/${goods.id}`}
      className="focus-ring group flex h-full flex-col rounded border border-slate-200 bg-white p-2 transition-shadow hover:border-brand hover:shadow-md"
    >
      <Img src={thumb(goods.goods_master_image, 400)} alt={goods.goods_name} width={400} height={400} className="rounded-sm" />
      <span className="mt-2 line-clamp-2 min-h-10 text-sm text-slate-900 group-hover:text-brand">{goods.goods_name}</span>
      {goods.goods_subname && <span className="mt-1 line-clamp-1 text-xs text-slate-600">{goods.goods_subname}</span>}
      <span className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2">
        <Price value={goods.goods_price} />
        <MarketPrice value={goods.goods_market_price} />
      </span>
      {comments && (
        <span className="mt-1 text-xs text-slate-600">
          <FormattedMessage id="shop.goods.commentCount" values={{ n: goods.order_comment_count ?? 0 }} />
        </span>
      )}
    </Link>
  );
}

/** Responsive grid: 2 per row at 360 px, 5 per row at 1200 px. */
export function GoodsGrid({ goods, comments = false, wide = true }: { goods: Card[]; comments?: boolean; wide?: boolean }) {
  return (
    <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 ${wide ? 'lg:grid-cols-5' : ''}`}>
      {goods.map((g) => (
        <li key={g.id}>
          <GoodsCard goods={g} comments={comments} />
        </li>
      ))}
    </ul>
  );
}
