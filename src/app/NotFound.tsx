import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { areaOfPath } from '../../machines/areas';
import { ShopLayout } from '../shop/layout/ShopLayout';

function Notice({ as: Tag }: { as: 'main' | 'section' }) {
  return (
    <Tag className={`flex flex-col items-center justify-center gap-4 bg-white px-4 text-center ${Tag === 'main' ? 'min-h-screen' : 'py-16'}`}>
      <svg aria-hidden="true" viewBox="0 0 120 80" className="h-28 w-40 text-slate-300">
        <rect x="6" y="10" width="108" height="62" rx="6" fill="none" stroke="currentColor" strokeWidth="4" />
        <path d="M6 24h108" stroke="currentColor" strokeWidth="4" />
        <path d="M44 44l12 12M56 44 44 56M68 44l12 12M80 44 68 56" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1 className="text-6xl font-bold text-slate-800">404</h1>
      <p className="text-slate-700">
        <FormattedMessage id="error.notFound" />
      </p>
      <Link href="/" className="focus-ring rounded px-3 py-1 text-sm text-office underline">
        <FormattedMessage id="error.backHome" />
      </Link>
    </Tag>
  );
}

/**
 * 404 for every unknown path (screens §4.7). A shopper's lands inside the storefront frame (top
 * bar, header with search and classes, footer: issue 15), so the way on is at hand; a back-office
 * path stands alone.
 */
export default function NotFound() {
  const [path] = useLocation();
  if (areaOfPath(path) !== 2) return <Notice as="main" />;
  return (
    <ShopLayout>
      <Notice as="section" />
    </ShopLayout>
  );
}
