import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { loadArticle, loadArticleTitles } from '../../api/account';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';

const SEPARATOR = '##qingwuit##';
/** The HTML part of stored rich text (`html + separator + editor JSON`); sanitised when it was written. */
const htmlOf = (content: string) => content.split(SEPARATOR)[0];

const decode = (text: string | undefined) => {
  try {
    return decodeURIComponent(text ?? '');
  } catch {
    return text ?? '';
  }
};

/** /user/article/:name (screens §3.35): a help article by its title (GET /api/article/:name), the other help titles beside it. */
export default function ArticlePage() {
  const intl = useIntl();
  const name = decode(useParams<{ name: string }>().name);
  const article = useResource(name ? `user-article:${name}` : null, () => loadArticle(name));
  const titles = useResource('user-article-titles', loadArticleTitles);
  return (
    <UserLayout title={article.data?.name ?? intl.formatMessage({ id: 'ucentre.article.title' })}>
      <div className="flex flex-col gap-6 md:flex-row">
        <div className="min-w-0 flex-1">
          {!name || article.status === 'missing' ? (
            <p role="status" className="py-6 text-sm text-slate-700">
              <FormattedMessage id="ucentre.article.missing" />
            </p>
          ) : article.status === 'failed' ? (
            <LoadFailed message={article.message} onRetry={article.reload} />
          ) : !article.data ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : (
            <article>
              <p className="mb-3 flex flex-wrap gap-4 text-xs text-slate-600">
                <span>
                  <FormattedMessage id="ucentre.article.clicks" values={{ n: article.data.click }} />
                </span>
                <span>
                  <FormattedMessage id="ucentre.article.updated" values={{ time: article.data.updated_at }} />
                </span>
              </p>
              <div className="text-sm leading-relaxed text-slate-800 [&_a]:text-brand [&_a]:underline [&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-2 [&_ul]:list-disc [&_ul]:pl-5" dangerouslySetInnerHTML={{ __html: htmlOf(article.data.content ?? '') }} />
            </article>
          )}
        </div>
        {titles.data && titles.data.length > 0 && (
          <nav aria-label={intl.formatMessage({ id: 'ucentre.article.list' })} className="md:w-48 md:shrink-0 md:border-l md:border-slate-100 md:pl-4">
            <h2 className="mb-2 text-xs font-semibold text-slate-600">
              <FormattedMessage id="ucentre.article.list" />
            </h2>
            <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
              {titles.data.map((t) => (
                <li key={t.id}>
                  <Link
                    href={`/user/article/${encodeURIComponent(t.name)}`}
                    aria-current={t.name === name ? 'page' : undefined}
                    className={`focus-ring block rounded px-2 py-1 text-sm ${t.name === name ? 'bg-brand/10 font-medium text-brand' : 'text-slate-700 hover:text-brand'}`}
                  >
                    {t.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </UserLayout>
  );
}
