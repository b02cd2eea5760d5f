import type { ReactNode } from 'react';

export interface StepsProps {
  /** Step captions in order. */
  steps: ReactNode[];
  /** Index of the current step; steps before it are done; `steps.length` = all done. */
  active: number;
  /** The current step failed (shown in red). */
  failed?: boolean;
  label: string;
  /** Screen-reader suffix of a finished step ("done"). */
  doneLabel: string;
}

/** A horizontal step bar (cart and checkout, merchant onboarding); wraps on narrow screens. */
export function Steps({ steps, active, failed = false, label, doneLabel }: StepsProps) {
  return (
    <nav aria-label={label} className="mb-6">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {steps.map((step, index) => {
          const done = index < active;
          const current = index === active;
          const bad = failed && (current || (active >= steps.length && index === steps.length - 1));
          const tone = bad
            ? 'border-red-700 text-red-800'
            : done
              ? 'border-brand text-brand'
              : current
                ? 'border-brand text-slate-900 font-semibold'
                : 'border-slate-300 text-slate-600';
          return (
            <li
              key={index}
              aria-current={current ? 'step' : undefined}
              className={`flex items-center gap-2 border-b-4 pb-2 text-sm ${tone}`}
            >
              <span
                aria-hidden="true"
                className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs text-white ${
                  bad ? 'bg-red-700' : done || current ? 'bg-brand' : 'bg-slate-400'
                }`}
              >
                {bad ? '!' : done ? '✓' : index + 1}
              </span>
              <span>{step}</span>
              {done && !bad && <span className="sr-only">{doneLabel}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
