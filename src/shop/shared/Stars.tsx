import { useIntl } from 'react-intl';

/** 0..5 stars as an image with a spoken value ("4 分"). */
export function Stars({ value, label }: { value: number; label?: string }) {
  const intl = useIntl();
  const score = Math.max(0, Math.min(5, Math.round(Number(value) || 0)));
  const text = intl.formatMessage({ id: 'shop.store.score' }, { value: score });
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap text-sm">
      <span role="img" aria-label={label ? `${label} ${text}` : text} className="tracking-tight text-amber-600">
        {'★'.repeat(score)}
        <span className="text-slate-300">{'★'.repeat(5 - score)}</span>
      </span>
      <span aria-hidden="true" className="text-slate-700">
        {text}
      </span>
    </span>
  );
}
