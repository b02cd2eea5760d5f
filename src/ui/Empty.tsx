import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export function Empty({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 py-10 text-sm text-slate-600">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 7h18l-2 12H5L3 7Zm3-4h12l3 4H3l3-4Z" />
      </svg>
      <p className="text-center">{children ?? <FormattedMessage id="common.empty" />}</p>
    </div>
  );
}
