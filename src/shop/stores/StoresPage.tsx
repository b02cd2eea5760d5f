import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { loadStores } from '../../api/shop';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { ShopLayout } from '../layout/ShopLayout';
import { Img } from '../shared/Img';
import { encodeParam } from '../shared/params';
import { Breadcrumb } from '../shared/Breadcrumb';
import { LoadFailed, Loading } from '../shared/States';
import { SortRow, nextSort, type Sort, type SortOption } from '../shared/SortRow';
import { useResource } from '../shared/useResource';

export const STORES_PER_PAGE = 30;

/** 默认 and 距离 (fix of screens §6.3 item 34: both work, 距离 toggles its direction). */
const STORE_SORTS: SortOption<'distance'>[] = [{ id: 'shop.sort.default' }, { type: 'distance', id: 'shop.stores.distanceSort' }];

/** localStorage `lonlat` ("lng,lat", screens §5.2) → query coordinates. */
function position(): { lng?: string; lat?: string } {
  try {
    const [lng, lat] = (localStorage.getItem('lonlat') ?? '').split(',');
    return lng && lat && Number.isFinite(Number(lng)) && Number.isFinite(Number(lat)) ? { lng, lat } : {};
  } catch {
    return {};
  }
}

/** Store street (screens §3.17). */
export default function StoresPage() {
  const intl = useIntl();
  const [sort, setSort] = useState<Sort<'distance'>>({});
  const [page, setPage] = useState(1);
  const params = encodeParam(sort);
  const stores = useResource(`${params}|${page}`, () => loadStores({ params, page, per_page: STORES_PER_PAGE, ...position() }));
  const choose = (type?: 'distance') => {
    setSort(nextSort(sort, type));
    setPage(1);
  };
  return (
    <ShopLayout>
      <Breadcrumb items={[{ label: <FormattedMessage id="shop.nav.stores" /> }]} />
      <h1 className="mb-4 text-xl font-semibold text-slate-900">
        <FormattedMessage id="shop.nav.stores" />
      </h1>
      <div className="mb-4 rounded border border-slate-200 bg-white text-sm">
        <SortRow state={sort} options={STORE_SORTS} onPick={choose} />
      </div>
      {stores.status === 'failed' ? (
        <LoadFailed message={stores.message} onRetry={stores.reload} />
      ) : !stores.data ? (
        <Loading />
      ) : !stores.data.data.length ? (
        <Empty />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-busy={stores.status === 'loading'}>
            {stores.data.data.map((s) => (
              <li key={s.id} className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4 text-sm sm:flex-row sm:items-center">
                <div className="w-24 shrink-0">
                  <Img src={s.store_logo || ''} alt={intl.formatMessage({ id: 'shop.store.logo' }, { name: s.store_name })} width={96} height={96} className="rounded" />
                </div>
                <div className="min-w-0 flex-1 space-y-1">
                  <h2 className="text-base font-semibold text-slate-900">{s.store_name}</h2>
                  {s.store_company_name && <p className="text-slate-700"><FormattedMessage id="shop.store.company" values={{ name: s.store_company_name }} /></p>}
                  <p className="text-slate-700"><FormattedMessage id="shop.store.address" values={{ address: `${s.area_info ?? ''} ${s.store_address ?? ''}`.trim() }} /></p>
                  <p className="flex flex-wrap gap-x-4 text-slate-700">
                    <span><FormattedMessage id="shop.stores.rate" values={{ rate: s.rate ?? 100 }} /></span>
                    {s.distance != null && <span><FormattedMessage id="shop.stores.distance" values={{ km: s.distance }} /></span>}
                    {s.goods_count != null && <span><FormattedMessage id="shop.stores.goodsCount" values={{ n: s.goods_count }} /></span>}
                  </p>
                </div>
                <Link href={`/store/${s.id}`} className="focus-ring self-start rounded bg-brand px-4 py-1.5 text-white hover:bg-brand-dark sm:self-center">
                  <FormattedMessage id="shop.store.enter" />
                  <span className="sr-only"> {s.store_name}</span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex justify-center">
            <Pagination page={page} perPage={STORES_PER_PAGE} total={stores.data.total} sizes={[STORES_PER_PAGE]} onPage={setPage} onSize={() => {}} />
          </div>
        </>
      )}
    </ShopLayout>
  );
}
