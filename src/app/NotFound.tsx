import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';

/** 404 for every unknown path (screens §4.7), shopper and back office alike. */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-white px-4 text-center">
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
    </main>
  );
}
