import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';

export function Breadcrumb({ items }: { items: { href?: string; label: ReactNode }[] }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'shop.nav.breadcrumb' })} className="mb-4 text-sm text-slate-700">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link href="/" className="focus-ring rounded underline-offset-2 hover:text-brand hover:underline">
            <FormattedMessage id="shop.nav.home" />
          </Link>
        </li>
        {items.map((item, index) => (
          <li key={index} className="flex min-w-0 items-center gap-1">
            <span aria-hidden="true">/</span>
            {item.href ? (
              <Link href={item.href} className="focus-ring rounded underline-offset-2 hover:text-brand hover:underline">
                {item.label}
              </Link>
            ) : (
              // a long unbroken search word wraps inside the page instead of widening it
              <span aria-current={index === items.length - 1 ? 'page' : undefined} className="min-w-0 break-all">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
