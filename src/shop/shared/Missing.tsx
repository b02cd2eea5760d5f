import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';

/** Unknown, hidden or closed: a friendly page with a way home, never a blank one. */
export function Missing({ title }: { title: ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-4 py-20 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-700">
        <FormattedMessage id="shop.state.missingHint" />
      </p>
      <Link href="/" className="focus-ring rounded bg-brand px-5 py-2 text-sm font-medium text-white hover:bg-brand-dark">
        <FormattedMessage id="shop.state.home" />
      </Link>
    </section>
  );
}
