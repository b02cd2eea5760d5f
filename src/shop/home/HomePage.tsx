import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { Empty } from '../../ui/Empty';
import { Spinner } from '../../ui/Spinner';
import { useCommon } from '../layout/commonStore';
import { ShopLayout } from '../layout/ShopLayout';
import { searchPath } from '../layout/searchParam';

/** Home (/): welcome banner and the goods class tree from /api/common as entry points to search. */
export default function HomePage() {
  const { status, data } = useCommon();
  const name = data?.common.web_name || 'Souk';
  return (
    <ShopLayout>
      <section className="mb-6 rounded-lg bg-gradient-to-r from-brand to-brand-dark px-8 py-10 text-white">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="home.welcome" values={{ name }} />
        </h1>
        {data?.common.description && <p className="mt-2 max-w-2xl text-sm text-white/90">{data.common.description}</p>}
      </section>
      <section aria-labelledby="home-classes">
        <h2 id="home-classes" className="mb-4 text-lg font-semibold text-slate-900">
          <FormattedMessage id="home.classes" />
        </h2>
        {status === 'loading' || status === 'idle' ? (
          <div className="flex justify-center py-10 text-slate-500">
            <Spinner />
          </div>
        ) : !data?.classes.length ? (
          <Empty />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.classes.map((top) => (
              <li key={top.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <Link href={searchPath(top.name)} className="focus-ring rounded font-semibold text-slate-900 hover:text-brand">
                  {top.name}
                </Link>
                {!!top.children?.length && (
                  <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                    {top.children.map((child) => (
                      <li key={child.id}>
                        <Link href={searchPath(child.name)} className="focus-ring rounded text-slate-700 hover:text-brand">
                          {child.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </ShopLayout>
  );
}
