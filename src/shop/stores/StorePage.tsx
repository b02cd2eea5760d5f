import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { loadStore, searchGoods, type StoreInfo } from '../../api/shop';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { ShopLayout } from '../layout/ShopLayout';
import { Carousel } from '../shared/Carousel';
import { GoodsGrid } from '../shared/GoodsCard';
import { encodeParam, rowIdOf } from '../shared/params';
import { Breadcrumb } from '../shared/Breadcrumb';
import { Missing } from '../shared/Missing';
import { LoadFailed, Loading } from '../shared/States';
import { SaleList, StoreCard } from '../shared/StoreCard';
import { GOODS_SORTS, SortRow, nextSort, type Sort, type SortType } from '../shared/SortRow';
import { useResource } from '../shared/useResource';
import { StorePromotions } from '../promotions/StorePromotions';
import { MapView } from '../../maps/MapView';

export const STORE_GOODS_PER_PAGE = 40;

function StoreGoods({ store }: { store: StoreInfo }) {
  const [sort, setSort] = useState<Sort<SortType>>({});
  const [page, setPage] = useState(1);
  const params = encodeParam({ store_id: store.id, ...sort });
  const goods = useResource(`${params}|${page}`, () => searchGoods({ params, page, per_page: STORE_GOODS_PER_PAGE }));
  const choose = (type?: SortType) => {
    setSort(nextSort(sort, type));
    setPage(1);
  };
  return (
    <div className="min-w-0 flex-1">
      <div className="mb-4 rounded border border-slate-200 bg-white text-sm">
        <SortRow state={sort} options={GOODS_SORTS} onPick={choose} />
      </div>
      {goods.status === 'failed' ? (
        <LoadFailed message={goods.message} onRetry={goods.reload} />
      ) : !goods.data ? (
        <Loading />
      ) : !goods.data.data.length ? (
        <Empty />
      ) : (
        <>
          <GoodsGrid goods={goods.data.data} wide={false} />
          <div className="mt-6 flex justify-center">
            <Pagination page={page} perPage={STORE_GOODS_PER_PAGE} total={goods.data.total} sizes={[STORE_GOODS_PER_PAGE]} onPage={setPage} onSize={() => {}} />
          </div>
        </>
      )}
    </div>
  );
}

/** Store front (screens §3.18); closed, unapproved or unknown stores get a 404 state. */
export default function StorePage() {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const storeId = rowIdOf(id);
  const store = useResource(storeId ? `store-${storeId}` : null, () => loadStore(storeId));
  const s = store.data;
  // the seller keeps three slide positions; the server drops the empty ones
  const slides = s?.store_slide ?? [];
  return (
    <ShopLayout>
      {!storeId || store.status === 'missing' ? (
        <Missing title={<FormattedMessage id="shop.store.missing" />} />
      ) : store.status === 'failed' ? (
        <LoadFailed message={store.message} onRetry={store.reload} />
      ) : !s || s.id !== storeId ? (
        <Loading />
      ) : (
        <>
          <Breadcrumb items={[{ href: '/stores', label: <FormattedMessage id="shop.nav.stores" /> }, { label: s.store_name }]} />
          <h1 className="mb-4 text-xl font-semibold text-slate-900">{s.store_name}</h1>
          {slides.length > 0 ? (
            <div className="mb-6">
              <Carousel slides={slides.map((image) => ({ image }))} width={1200} height={350} label={intl.formatMessage({ id: 'shop.store.banner' }, { name: s.store_name })} />
            </div>
          ) : (
            // a store without slides still gets a banner: its logo, name and description on the brand colour
            <section
              aria-label={intl.formatMessage({ id: 'shop.store.banner' }, { name: s.store_name })}
              data-testid="store-default-banner"
              className="mb-6 flex min-h-32 items-center gap-4 rounded bg-gradient-to-r from-brand-dark to-brand px-6 py-6 text-white sm:px-10"
            >
              {s.store_logo && <img src={s.store_logo} alt="" width={72} height={72} className="h-[72px] w-[72px] shrink-0 rounded-full bg-white object-cover" />}
              <div className="min-w-0">
                <p className="text-2xl font-semibold break-words">{s.store_name}</p>
                {s.store_description && <p className="mt-1 line-clamp-2 text-sm text-white/90">{s.store_description}</p>}
              </div>
            </section>
          )}
          <StorePromotions storeId={s.id} />
          <div className="flex flex-col gap-6 lg:flex-row">
            <aside className="flex flex-col gap-4 lg:w-[240px] lg:shrink-0">
              <StoreCard store={s} enter={false} />
              <SaleList goods={s.sale_list} />
              {s.store_lat && s.store_lng && (
                <section className="rounded border border-slate-200 bg-white p-3" aria-labelledby="store-map-title">
                  <h2 id="store-map-title" className="mb-2 text-sm font-semibold text-slate-900">
                    <FormattedMessage id="map.storeLabel" />
                  </h2>
                  <MapView lng={s.store_lng} lat={s.store_lat} className="h-48" label={intl.formatMessage({ id: 'map.storeLabel' })} />
                  {(s.area_info || s.store_address) && <p className="mt-2 text-xs text-slate-700">{`${s.area_info ?? ''} ${s.store_address ?? ''}`.trim()}</p>}
                </section>
              )}
            </aside>
            <StoreGoods key={s.id} store={s} />
          </div>
        </>
      )}
    </ShopLayout>
  );
}
