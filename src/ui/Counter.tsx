import { FormattedMessage } from 'react-intl';

/**
 * "12/30" under a text field with a length limit: red past the limit. Nothing typed is cut (a
 * native maxLength cut names and reasons silently, issue 15); the form's rules refuse the excess.
 */
export function Counter({ id, count, max }: { id: string; count: number; max: number }) {
  return (
    <span id={id} className={`text-xs tabular-nums ${count > max ? 'font-medium text-red-700' : 'text-slate-600'}`}>
      <FormattedMessage id="form.counter" values={{ count, max }} />
    </span>
  );
}

/** Characters as a reader counts them (an emoji or a CJK character is one). */
export const charCount = (text: string) => [...text].length;
