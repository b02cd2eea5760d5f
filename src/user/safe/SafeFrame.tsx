import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { UserLayout } from '../layout/UserLayout';

/** A security action's own page (/user/safe/…): its title (the layout's heading), a way back to the list, the form. */
export function SafeFrame({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  const text = intl.formatMessage({ id: title });
  return (
    <UserLayout title={text}>
      <div className="flex flex-col gap-4">
        <nav aria-label={intl.formatMessage({ id: 'ucentre.safe.title' })} className="text-sm">
          <Link href="/user/safe" className="focus-ring rounded text-brand hover:underline">
            <FormattedMessage id="ucentre.safe.back" />
          </Link>
        </nav>
        {children}
      </div>
    </UserLayout>
  );
}
