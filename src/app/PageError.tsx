import { FormattedMessage } from 'react-intl';

/** A page that failed to render (ErrorBoundary in App): the message and a way on, never a blank screen. */
export default function PageError() {
  return (
    <main role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 bg-white px-4 text-center">
      <p className="text-slate-800">
        <FormattedMessage id="error.pageFailed" />
      </p>
      <a href="/" className="focus-ring rounded px-3 py-1 text-sm text-office underline">
        <FormattedMessage id="error.backHome" />
      </a>
    </main>
  );
}
