import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { loadMyReviews, type MyReview } from '../../api/reviews';
import { LoadFailed } from '../../shop/shared/States';
import { StarsView } from './StarInput';
import { useResource } from '../../shop/shared/useResource';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';

const PER_PAGE = 20;

function ReviewItem({ review }: { review: MyReview }) {
  const intl = useIntl();
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row">
      <Link href={`/goods/${review.goods_id}`} className="focus-ring flex min-w-0 items-start gap-3 rounded hover:text-brand sm:w-64 sm:shrink-0">
        {review.goods_master_image ? (
          <img src={review.goods_master_image} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 shrink-0 rounded border border-slate-200 object-cover" />
        ) : (
          <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded bg-slate-100" />
        )}
        <span className="min-w-0 text-sm">
          <span className="line-clamp-2 text-slate-900">{review.goods_name}</span>
          {review.sku_name && <span className="block text-xs text-slate-600">{review.sku_name}</span>}
        </span>
      </Link>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-center gap-3">
          <StarsView value={review.score} label={intl.formatMessage({ id: 'ucentre.review.score' })} />
          <span className="text-xs text-slate-600">
            <FormattedMessage id="ucentre.review.subScores" values={{ agree: review.agree, service: review.service, speed: review.speed }} />
          </span>
          {review.is_show !== 1 && (
            <span className="rounded bg-amber-50 px-2 py-0.5 text-xs text-amber-900">
              <FormattedMessage id="ucentre.review.hidden" />
            </span>
          )}
        </div>
        {review.content && <p className="mt-1 whitespace-pre-line break-words text-slate-900">{review.content}</p>}
        {review.image.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2">
            {review.image.map((src, i) => (
              <li key={src}>
                <a href={src} target="_blank" rel="noopener noreferrer" className="focus-ring block rounded">
                  <img src={src} alt={intl.formatMessage({ id: 'ucentre.review.photoN' }, { n: i + 1 })} width={64} height={64} loading="lazy" className="h-16 w-16 rounded border border-slate-200 object-cover" />
                </a>
              </li>
            ))}
          </ul>
        )}
        {review.reply && (
          <p className="mt-2 rounded bg-slate-50 p-2 text-slate-700">
            <FormattedMessage id="ucentre.review.reply" values={{ reply: review.reply }} />
          </p>
        )}
        <p className="mt-1 text-xs text-slate-600">{review.created_at}</p>
      </div>
    </li>
  );
}

/** /user/comments (screens §3.29 我的评论): the caller's reviews, newest first, with replies. */
export default function MyReviewsPage() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const list = useResource(`user-comments:${page}`, () => loadMyReviews(page, PER_PAGE));
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.review.mine' })}>
      {list.status === 'failed' ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : !list.data ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : list.data.data.length === 0 ? (
        <Empty />
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-busy={list.status === 'loading'}>
            {list.data.data.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
          <div className="mt-4 flex justify-center">
            <Pagination page={page} perPage={PER_PAGE} total={list.data.total} sizes={[PER_PAGE]} onPage={setPage} onSize={() => {}} />
          </div>
        </>
      )}
    </UserLayout>
  );
}
