import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import type { FieldWidgetProps } from './types';

/** TipTap is loaded only when an editor field is shown (never in the shell or storefront bundles). */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function EditorInput(props: FieldWidgetProps) {
  const height = props.field.height ?? 385;
  return (
    <Suspense
      fallback={
        <div style={{ height }} className="flex items-center justify-center rounded border border-slate-300 text-slate-500">
          <Spinner />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
