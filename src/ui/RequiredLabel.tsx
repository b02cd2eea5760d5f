import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A label caption with the required mark: a red asterisk drawn by CSS (so the label's text, and
 * the field's accessible name, stay the caption); the input itself carries `aria-required`.
 */
export function RequiredLabel({ id, text }: { id?: string; text?: ReactNode }) {
  return <span className="after:ml-0.5 after:text-red-700 after:content-['*']" data-required="true">{text ?? (id ? <FormattedMessage id={id} /> : null)}</span>;
}
