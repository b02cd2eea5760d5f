import { useId } from 'react';
import { useIntl } from 'react-intl';

/**
 * A 1–5 score as five radio buttons drawn as stars (arrow keys move, the value is spoken):
 * `legend` names the score (综合评分, 描述相符…).
 */
export function StarInput({ legend, value, onChange, error }: { legend: string; value: number; onChange: (value: number) => void; error?: string }) {
  const intl = useIntl();
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <legend className="float-left mr-3 w-20 text-sm text-slate-700">{legend}</legend>
      <span className="inline-flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer px-0.5 text-2xl leading-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <span aria-hidden="true" className={n <= value ? 'text-amber-500' : 'text-slate-300'}>
              ★
            </span>
            <span className="sr-only">{intl.formatMessage({ id: 'ucentre.review.stars' }, { n })}</span>
          </label>
        ))}
      </span>
      <span aria-hidden="true" className="text-sm text-slate-700">
        {intl.formatMessage({ id: 'ucentre.review.points' }, { n: value })}
      </span>
      {error && <span className="w-full text-xs text-red-700">{error}</span>}
    </fieldset>
  );
}

/** A 0–5 score shown as stars with its spoken value (the user centre's own words: no catalogue messages needed). */
export function StarsView({ value, label }: { value: number; label?: string }) {
  const intl = useIntl();
  const score = Math.max(0, Math.min(5, Math.round(Number(value) || 0)));
  const text = intl.formatMessage({ id: 'ucentre.review.points' }, { n: score });
  return (
    <span role="img" aria-label={label ? `${label} ${text}` : text} className="inline-flex items-center gap-1 text-sm">
      <span aria-hidden="true" className="tracking-tight text-amber-600">
        {'★'.repeat(score)}
        <span className="text-slate-300">{'★'.repeat(5 - score)}</span>
      </span>
      <span aria-hidden="true" className="text-slate-700">
        {text}
      </span>
    </span>
  );
}
