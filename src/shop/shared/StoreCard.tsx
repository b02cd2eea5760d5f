import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { GoodsCard, StoreInfo, StoreRate } from '../../api/shop';
import type { ChatTarget } from '../../chat/ChatDrawer';
import { ContactStore } from './ContactStore';
import { FavButton } from './FavButton';
import { Price } from './Price';
import { Stars } from './Stars';

/** Store card of the goods page and store front (screens §3.6, §3.18). */
export function StoreCard({ store, rate, enter = true, suggestion }: { store: StoreInfo; rate?: StoreRate; enter?: boolean; /** Offered in the chat opened from here (the goods being viewed). */ suggestion?: ChatTarget['suggestion'] }) {
  const intl = useIntl();
  const r = rate ?? store.rate;
  const rows: [string, number | undefined][] = [
    ['shop.store.agree', r?.agreeAll],
    ['shop.store.service', r?.serviceAll],
    ['shop.store.speed', r?.speedAll],
  ];
  return (
    <section aria-labelledby={`store-${store.id}`} className="rounded border border-slate-200 bg-white p-4 text-sm">
      <h2 id={`store-${store.id}`} className="mb-2 text-base font-semibold text-slate-900">
        {store.store_name}
      </h2>
      {r && (
        <dl className="space-y-1">
          <div className="flex items-center justify-between gap-2">
            <dt className="text-slate-700">
              <FormattedMessage id="shop.store.overall" />
            </dt>
            <dd className="shrink-0">
              <Stars value={r.scoreAll} />
            </dd>
          </div>
          {rows.map(([id, value]) => (
            <div key={id} className="flex items-center justify-between gap-2">
              <dt className="text-slate-700">
                <FormattedMessage id={id} />
              </dt>
              <dd className="shrink-0">
                <Stars value={value ?? 5} label={intl.formatMessage({ id })} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {store.store_company_name && (
        <p className="mt-2 text-slate-700">
          <FormattedMessage id="shop.store.company" values={{ name: store.store_company_name }} />
        </p>
      )}
      {(store.area_info || store.store_address) && (
        <p className="mt-1 text-slate-700">
          <FormattedMessage id="shop.store.address" values={{ address: `${store.area_info ?? ''} ${store.store_address ?? ''}`.trim() }} />
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {enter && (
          <Link href={`/store/${store.id}`} className="focus-ring rounded bg-brand px-3 py-1 text-sm text-white hover:bg-brand-dark">
            <FormattedMessage id="shop.store.enter" />
          </Link>
        )}
        <FavButton isType={1} outId={store.id} />
        {store.user_id ? <ContactStore target={{ ownerId: store.user_id, storeName: store.store_name, suggestion }} /> : null}
      </div>
    </section>
  );
}

/** Sales ranking (screens §3.6): up to 6 goods with their rank. */
export function SaleList({ goods }: { goods?: GoodsCard[] }) {
  return (
    <section aria-labelledby="sale-list" className="rounded border border-slate-200 bg-white p-4 text-sm">
      <h2 id="sale-list" className="mb-2 text-base font-semibold text-slate-900">
        <FormattedMessage id="shop.goods.saleList" />
      </h2>
      {goods?.length ? (
        <ol className="space-y-2">
          {goods.slice(0, 6).map((g, i) => (
            <li key={g.id} className="flex items-start gap-2">
              <span aria-hidden="true" className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded text-xs text-white ${i < 3 ? 'bg-brand' : 'bg-slate-500'}`}>
                {i + 1}
              </span>
              <Link href={`/goods/${g.id}`} className="focus-ring flex-1 rounded hover:text-brand">
                <span className="line-clamp-2 text-slate-900 underline-offset-2 hover:underline">{g.goods_name}</span>
                <Price value={g.goods_price} className="text-xs text-brand" />
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-600">
          <FormattedMessage id="shop.goods.saleListEmpty" />
        </p>
      )}
    </section>
  );
}
