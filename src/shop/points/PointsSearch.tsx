import { FormattedMessage, useIntl } from 'react-intl';
import { localName } from '../../../machines/localName';
import { Link } from 'wouter';
import { loadPointsClasses, searchPointsGoods } from '../../api/points';
import { navigate } from '../../app/navigation';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { ShopLayout } from '../layout/ShopLayout';
import { encodeParam } from '../shared/params';
import { LoadFailed, Loading } from '../shared/States';
import { useResource } from '../shared/useResource';
import { PointsGrid } from './PointsCard';
import { queryOf, searchHref, type PointsQuery } from './searchHref';
import { usePageTitle } from './usePageTitle';

export const PER_PAGE = 30;

const SORTS: { id: string; sort_type?: PointsQuery['sort_type']; sort_order?: PointsQuery['sort_order'] }[] = [
  { id: 'shop.points.sort.default' },
  { id: 'shop.points.sort.sales', sort_type: 'goods_sale', sort_order: 'desc' },
  { id: 'shop.points.sort.pointsAsc', sort_type: 'goods_price', sort_order: 'asc' },
  { id: 'shop.points.sort.pointsDesc', sort_type: 'goods_price', sort_order: 'desc' },
];

const chip = (active: boolean) =>
  `focus-ring rounded-full border px-3 py-1 text-sm ${active ? 'border-brand bg-brand text-white' : 'border-slate-300 text-slate-700 hover:border-brand hover:text-brand'}`;

/** Points goods list (/integral/search/<params>, screens §3.14): class filter, sort, paging. */
export default function PointsSearch({ params }: { params: { params?: string } }) {
  const intl = useIntl();
  usePageTitle('shop.points.searchTitle');
  const query = queryOf(params.params);
  const page = query.page ?? 1;
  const classes = useResource('integral-classes', loadPointsClasses);
  const key = `integral-search:${JSON.stringify(query)}`;
  const goods = useResource(key, () =>
    searchPointsGoods({ params: encodeParam({ cid: query.cid, sort_type: query.sort_type, sort_order: query.sort_order, keywords: query.keywords }), page, per_page: PER_PAGE }),
  );
  const go = (next: PointsQuery) => navigate(searchHref(next));
  return (
    <ShopLayout>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">
        <FormattedMessage id="shop.points.searchTitle" />
      </h1>
      <div className="mb-4 flex flex-col gap-3 rounded border border-slate-200 bg-white p-3">
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={intl.formatMessage({ id: 'shop.points.classes' })}>
          <span className="text-sm text-slate-600">
            <FormattedMessage id="shop.points.classes" />
          </span>
          <Link href={searchHref({ ...query, cid: undefined, page: undefined })} className={chip(!query.cid)} aria-current={!query.cid ? 'true' : undefined}>
            <FormattedMessage id="shop.points.allClasses" />
          </Link>
          {(classes.data ?? []).map((cls) => (
            <Link key={cls.id} href={searchHref({ ...query, cid: cls.id, page: undefined })} className={chip(query.cid === cls.id)} aria-current={query.cid === cls.id ? 'true' : undefined}>
              {localName(cls, intl.locale)}
            </Link>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={intl.formatMessage({ id: 'shop.points.sort' })}>
          <span className="text-sm text-slate-600">
            <FormattedMessage id="shop.points.sort" />
          </span>
          {SORTS.map((sort) => {
            const active = query.sort_type === sort.sort_type && (sort.sort_type === undefined || query.sort_order === sort.sort_order);
            return (
              <Link key={sort.id} href={searchHref({ ...query, sort_type: sort.sort_type, sort_order: sort.sort_order, page: undefined })} className={chip(active)} aria-current={active ? 'true' : undefined}>
                <FormattedMessage id={sort.id} />
              </Link>
            );
          })}
        </div>
      </div>
      {goods.status === 'loading' && !goods.data && <Loading />}
      {goods.status === 'failed' && <LoadFailed message={goods.message} onRetry={goods.reload} />}
      {goods.data &&
        (goods.data.data.length ? (
          <>
            <PointsGrid goods={goods.data.data} />
            <div className="mt-4">
              <Pagination page={page} perPage={PER_PAGE} total={goods.data.total} sizes={[PER_PAGE]} onPage={(p) => go({ ...query, page: p })} onSize={() => undefined} />
            </div>
          </>
        ) : (
          <Empty>
            <FormattedMessage id="shop.points.noGoods" />
          </Empty>
        ))}
    </ShopLayout>
  );
}
