import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { localName } from '../../../machines/localName';
import type { GoodsClass } from '../../api/common';
import { searchGoods } from '../../api/shop';
import { go } from '../../app/navigation';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { useCommon } from '../layout/commonStore';
import { ShopLayout } from '../layout/ShopLayout';
import { GoodsGrid } from '../shared/GoodsCard';
import { Breadcrumb } from '../shared/Breadcrumb';
import { LoadFailed, Loading } from '../shared/States';
import { useResource } from '../shared/useResource';
import { FilterRow, GOODS_SORTS, SortRow, chip } from '../shared/SortRow';
import { MAX_KEYWORDS, apiParams, findClass, pickBrand, pickClass, pickSort, readSearch, searchHref, withPage, type SearchState, type Unread } from './searchState';

export const PER_PAGE = 30;

function ClassRow({ level, label, nodes, chosen, state, tree }: { level: 0 | 1 | 2; label: ReactNode; nodes: GoodsClass[]; chosen?: number; state: SearchState; tree: GoodsClass[] }) {
  const { locale } = useIntl();
  return (
    <FilterRow label={label}>
      <li>
        <Link href={searchHref(pickClass(state, tree, level))} className={chip(!chosen)} aria-current={!chosen ? 'true' : undefined}>
          <FormattedMessage id="shop.list.all" />
        </Link>
      </li>
      {nodes.map((node) => (
        <li key={node.id}>
          <Link href={searchHref(pickClass(state, tree, level, node))} className={chip(chosen === node.id)} aria-current={chosen === node.id ? 'true' : undefined}>
            {localName(node, locale)}
          </Link>
        </li>
      ))}
    </FilterRow>
  );
}

/** A link the page could not (wholly) read: said plainly, with the way to a clean list. */
function UnreadNotice({ unread }: { unread: Unread }) {
  if (unread === 'none') return null;
  return (
    <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <FormattedMessage id={unread === 'all' ? 'shop.list.unreadLink' : 'shop.list.unreadParts'} />{' '}
      <Link href="/s" className="focus-ring rounded font-medium underline underline-offset-2">
        <FormattedMessage id="shop.list.clearLink" />
      </Link>
    </p>
  );
}

/** Goods search / list (screens §3.5) driven by the base64 route state. */
export default function SearchPage() {
  const { params } = useParams<{ params?: string }>();
  const { locale } = useIntl();
  const { state, unread, shortened } = readSearch(params);
  const { data: common, status: commonStatus } = useCommon();
  const tree = common?.classes ?? [];
  const brands = common?.brands ?? [];
  const page = state.page ?? 1;
  const query = apiParams(state);
  const result = useResource(`${query}|${page}`, () => searchGoods({ params: query, page, per_page: PER_PAGE }));
  const top = findClass(tree, state.pid);
  const second = top?.children?.find((c) => c.id === state.sid);
  const commonLoading = commonStatus === 'idle' || commonStatus === 'loading';
  const lastPage = Math.max(1, Math.ceil((result.data?.total ?? 0) / PER_PAGE));
  const title = state.keywords ? <FormattedMessage id="shop.list.resultFor" values={{ keywords: state.keywords }} /> : <FormattedMessage id="shop.list.title" />;
  return (
    <ShopLayout>
      <Breadcrumb items={[{ label: title }]} />
      <h1 className="sr-only">{title}</h1>
      <UnreadNotice unread={unread} />
      {shortened && (
        <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <FormattedMessage id="shop.list.longKeywords" values={{ max: MAX_KEYWORDS }} />
        </p>
      )}
      {/* the filters stay usable whatever the results did */}
      {!commonLoading && (!!result.data || result.status === 'failed') && <div className="mb-4 rounded border border-slate-200 bg-white text-sm">
        <ClassRow level={0} label={<FormattedMessage id="shop.list.classes" />} nodes={tree} chosen={state.pid} state={state} tree={tree} />
        {!!top?.children?.length && <ClassRow level={1} label={localName(top, locale)} nodes={top.children} chosen={state.sid} state={state} tree={tree} />}
        {!!second?.children?.length && <ClassRow level={2} label={localName(second, locale)} nodes={second.children} chosen={state.tid} state={state} tree={tree} />}
        {!!brands.length && (
          <FilterRow label={<FormattedMessage id="shop.list.brands" />}>
            <li>
              <Link href={searchHref(pickBrand(state))} className={chip(!state.brand_id)} aria-current={!state.brand_id ? 'true' : undefined}>
                <FormattedMessage id="shop.list.all" />
              </Link>
            </li>
            {brands.map((b) => (
              <li key={b.id}>
                <Link href={searchHref(pickBrand(state, b.id))} className={chip(state.brand_id === b.id)} aria-current={state.brand_id === b.id ? 'true' : undefined}>
                  {localName(b, locale)}
                </Link>
              </li>
            ))}
          </FilterRow>
        )}
        <SortRow state={state} options={GOODS_SORTS} hrefOf={(type) => searchHref(pickSort(state, type))} />
      </div>}
      <div aria-busy={result.status === 'loading'} aria-live="polite">
        {result.status === 'failed' ? (
          <LoadFailed message={result.message} onRetry={result.reload} />
        ) : !result.data || commonLoading ? (
          <Loading />
        ) : result.data.total > 0 && !result.data.data.length ? (
          // a page past the last one (an old or edited link): say so and lead back
          <div className="flex flex-col items-center gap-4 py-12 text-sm text-slate-700">
            <p>
              <FormattedMessage id="shop.list.pastEnd" values={{ page, total: result.data.total, pages: lastPage }} />
            </p>
            <Link href={searchHref(withPage(state, lastPage))} className="focus-ring rounded bg-brand px-5 py-2 font-medium text-white hover:bg-brand-dark">
              <FormattedMessage id="shop.list.lastPage" values={{ pages: lastPage }} />
            </Link>
            <Pagination page={page} perPage={PER_PAGE} total={result.data.total} sizes={[PER_PAGE]} onPage={(p) => go(searchHref(withPage(state, p)))} onSize={() => {}} />
          </div>
        ) : !result.data.data.length ? (
          <Empty>
            <FormattedMessage id="shop.list.empty" />
          </Empty>
        ) : (
          <>
            <GoodsGrid goods={result.data.data} comments />
            <div className="mt-6 flex justify-center">
              <Pagination page={page} perPage={PER_PAGE} total={result.data.total} sizes={[PER_PAGE]} onPage={(p) => go(searchHref(withPage(state, p)))} onSize={() => {}} />
            </div>
          </>
        )}
      </div>
    </ShopLayout>
  );
}
