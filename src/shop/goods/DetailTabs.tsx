import { useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadReviews, type GoodsDetail } from '../../api/shop';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Img } from '../shared/Img';
import { LoadFailed, Loading } from '../shared/States';
import { Stars } from '../shared/Stars';
import { useResource } from '../shared/useResource';

export const CONTENT_SEPARATOR = '##qingwuit##';
export const REVIEWS_PER_PAGE = 30;

/** The HTML part of a stored rich text (`html##qingwuit##json`): goods content, after-sale text. */
export const pcContent = (html?: string) => (html ?? '').split(CONTENT_SEPARATOR)[0];

const FILTERS = [
  { type: 0, id: 'shop.reviews.all', key: 'all' },
  { type: 1, id: 'shop.reviews.good', key: 'good' },
  { type: 2, id: 'shop.reviews.medium', key: 'commonly' },
  { type: 3, id: 'shop.reviews.bad', key: 'bad' },
] as const;

function Reviews({ goods }: { goods: GoodsDetail }) {
  const intl = useIntl();
  const [isType, setIsType] = useState(0);
  const [page, setPage] = useState(1);
  const stats = goods.comment_statistics;
  // fix of screens §6.3 item 26: paging reloads the reviews (not the goods)
  const reviews = useResource(`${goods.id}|${isType}|${page}`, () => loadReviews(goods.id, { is_type: isType, page, per_page: REVIEWS_PER_PAGE }));
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <p className="text-brand">
          <span className="text-3xl font-bold">{stats?.rate ?? 100}%</span> <FormattedMessage id="shop.reviews.rate" />
        </p>
        <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: 'shop.reviews.filter' })}>
          {FILTERS.map((f) => (
            <li key={f.type}>
              <button
                type="button"
                aria-pressed={isType === f.type}
                onClick={() => {
                  setIsType(f.type);
                  setPage(1);
                }}
                className={`focus-ring rounded-full border px-3 py-1 text-sm ${isType === f.type ? 'border-brand bg-brand text-white' : 'border-slate-300 text-slate-800 hover:border-brand'}`}
              >
                <FormattedMessage id={f.id} values={{ n: stats?.[f.key] ?? 0 }} />
              </button>
            </li>
          ))}
        </ul>
      </div>
      {reviews.status === 'failed' ? (
        <LoadFailed message={reviews.message} onRetry={reviews.reload} />
      ) : !reviews.data ? (
        <Loading />
      ) : !reviews.data.data.length ? (
        <Empty />
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-busy={reviews.status === 'loading'}>
            {reviews.data.data.map((r) => (
              <li key={r.id} className="flex gap-3 py-4 text-sm">
                <div className="flex w-28 shrink-0 items-start gap-2">
                  <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-200 text-slate-700">
                    {r.avatar ? <img src={r.avatar} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 object-cover" /> : (r.nickname ?? '?').slice(0, 1)}
                  </span>
                  <span className="break-all text-slate-700">{r.nickname}</span>
                </div>
                <div className="min-w-0 flex-1">
                  <Stars value={r.score} />
                  <p className="mt-1 text-slate-900">{r.is_system === 1 && !r.content ? <FormattedMessage id="shop.reviews.system" /> : r.content || 'good!~'}</p>
                  {!!r.image?.length && (
                    <ul className="mt-2 flex flex-wrap gap-2">
                      {r.image.map((src, i) => (
                        <li key={i} className="w-16">
                          <a href={src} target="_blank" rel="noopener noreferrer" className="focus-ring block">
                            <Img src={src} alt={intl.formatMessage({ id: 'shop.reviews.image' }, { n: i + 1 })} width={64} height={64} />
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                  {r.reply && (
                    <p className="mt-2 rounded bg-slate-50 p-2 text-slate-700">
                      <FormattedMessage id="shop.reviews.reply" values={{ reply: r.reply }} />
                    </p>
                  )}
                  {r.created_at && <p className="mt-1 text-xs text-slate-600">{r.created_at}</p>}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex justify-center">
            <Pagination page={page} perPage={REVIEWS_PER_PAGE} total={reviews.data.total} sizes={[REVIEWS_PER_PAGE]} onPage={setPage} onSize={() => {}} />
          </div>
        </>
      )}
    </div>
  );
}

/** Tabs 商品详情 / 用户评价 (all) / 售后服务 (screens §3.6); reviews load when their tab opens. */
export function DetailTabs({ goods }: { goods: GoodsDetail }) {
  const intl = useIntl();
  const [tab, setTab] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const labels = [
    intl.formatMessage({ id: 'shop.goods.tabContent' }),
    intl.formatMessage({ id: 'shop.goods.tabReviews' }, { n: goods.comment_statistics?.all ?? 0 }),
    intl.formatMessage({ id: 'shop.goods.tabService' }),
  ];
  const onKey = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (tab + delta + labels.length) % labels.length;
    setTab(next);
    refs.current[next]?.focus();
  };
  const content = pcContent(goods.goods_content);
  const service = pcContent(goods.store_info?.after_sale_service);
  return (
    <section className="rounded border border-slate-200 bg-white">
      <div role="tablist" aria-label={intl.formatMessage({ id: 'shop.goods.tabs' })} onKeyDown={onKey} className="flex overflow-x-auto border-b border-slate-200 bg-slate-50">
        {labels.map((label, i) => (
          <button
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`goods-tab-${i}`}
            type="button"
            role="tab"
            aria-selected={tab === i}
            aria-controls={`goods-panel-${i}`}
            tabIndex={tab === i ? 0 : -1}
            onClick={() => setTab(i)}
            className={`focus-ring shrink-0 px-5 py-2.5 text-sm ${tab === i ? 'border-t-2 border-brand bg-white font-semibold text-brand' : 'text-slate-800 hover:text-brand'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={`goods-panel-${tab}`} role="tabpanel" aria-labelledby={`goods-tab-${tab}`} tabIndex={0} className="focus-ring p-4">
        {tab === 0 &&
          (content ? <div className="goods-content max-w-none overflow-x-auto text-sm [&_img]:h-auto [&_img]:max-w-full" dangerouslySetInnerHTML={{ __html: content }} /> : <Empty />)}
        {tab === 1 && <Reviews goods={goods} />}
        {tab === 2 && (service ? <div className="text-sm [&_img]:h-auto [&_img]:max-w-full" dangerouslySetInnerHTML={{ __html: service }} /> : <Empty />)}
      </div>
    </section>
  );
}
