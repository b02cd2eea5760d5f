import type { IntlShape } from 'react-intl';
import { BAD_WAYBILL, LOAD_FAILED, REQUIRED, STEP_FAILED, TOO_LONG, TOO_MANY } from '../../machines/afterSale';

const CODES: Record<string, string> = {
  [REQUIRED]: 'refund.error.required',
  [TOO_LONG]: 'refund.error.tooLong',
  [TOO_MANY]: 'refund.error.tooMany',
  [BAD_WAYBILL]: 'refund.error.waybill',
  [LOAD_FAILED]: 'refund.error.loadFailed',
  [STEP_FAILED]: 'refund.error.stepFailed',
};

/** A machine error code in words; a server message as it came. */
export function refundErrorText(intl: IntlShape, error: string | null | undefined): string {
  if (!error) return '';
  return CODES[error] ? intl.formatMessage({ id: CODES[error] }, { max: 200, images: 6 }) : error;
}
