import { useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { inputClass } from '../../../fields/types';
import type { CustomFieldProps } from '../../../table/types';
import { charCount, Counter } from '../../../../ui/Counter';

export const SPEC_MAX = 20;

/** The spec names of a value (strings, or `{name}` objects of `isWith=specs`). */
export function specNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => (item && typeof item === 'object' ? (item as { name?: unknown }).name : item))
    .filter((name): name is string | number => typeof name === 'string' || typeof name === 'number')
    .map(String);
}

/** Why a new spec name is refused, or null. */
export function specProblem(list: readonly string[], name: string): 'empty' | 'duplicate' | 'tooLong' | null {
  const text = name.trim();
  if (!text) return 'empty';
  if ([...text].length > SPEC_MAX) return 'tooLong';
  if (list.includes(text)) return 'duplicate';
  return null;
}

/** Spec names as removable tags, with an input that adds one on Enter or blur (duplicates refused). */
export function TagsEditor({ value, onChange, id, describedBy, error }: CustomFieldProps) {
  const intl = useIntl();
  const list = specNames(value);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<'duplicate' | 'tooLong' | null>(null);
  const add = () => {
    const found = specProblem(list, draft);
    if (found === 'empty') return setProblem(null);
    if (found) return setProblem(found);
    onChange([...list, draft.trim()]);
    setDraft('');
    setProblem(null);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const problemId = `${id}-problem`;
  return (
    <div className="flex flex-col gap-2">
      {list.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: 'page.goodsAttrs.specs' })}>
          {list.map((name) => (
            <li key={name} className="inline-flex items-center gap-1 rounded border border-blue-300 bg-blue-50 px-2 py-0.5 text-xs text-blue-800">
              {name}
              <button
                type="button"
                aria-label={intl.formatMessage({ id: 'page.goodsAttrs.removeSpec' }, { name })}
                onClick={() => onChange(list.filter((n) => n !== name))}
                className="focus-ring rounded px-0.5 leading-none text-blue-900 hover:text-red-700"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={draft}
        placeholder={intl.formatMessage({ id: 'page.goodsAttrs.newSpec' })}
        aria-invalid={!!error || !!problem || undefined}
        aria-describedby={[describedBy, problem ? problemId : null, `${id}-counter`].filter(Boolean).join(' ') || undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setProblem(null);
        }}
        onKeyDown={onKey}
        onBlur={add}
        className={inputClass(!!error || !!problem)}
      />
      <Counter id={`${id}-counter`} count={charCount(draft.trim())} max={SPEC_MAX} />
      {problem && (
        <p id={problemId} role="alert" className="text-xs text-red-700">
          <FormattedMessage id={problem === 'duplicate' ? 'page.goodsAttrs.duplicate' : 'page.goodsAttrs.tooLong'} values={{ max: SPEC_MAX }} />
        </p>
      )}
    </div>
  );
}
