import { PHONE_PATTERN } from '../../../machines/storeApplication';
import type { ApiResult } from '../../api/client';

/** The register / forgot-password form's fields. */
export type PhoneCodeField = 'username' | 'password' | 're_password' | 'code';
export type PhoneCodeErrors = Partial<Record<PhoneCodeField, string>>;

/** The server's field names (`data.field` of a refusal; `phone` from POST /api/sms) → the form's. */
const FIELD_OF: Record<string, PhoneCodeField> = { username: 'username', phone: 'username', password: 'password', re_password: 're_password', code: 'code' };

/** What each field must hold, in the form's own words (locale keys, both languages). */
export const RULE_OF: Record<PhoneCodeField, string> = {
  username: 'auth.rule.phone',
  password: 'auth.rule.password',
  re_password: 'msg.reInputError',
  code: 'auth.rule.code',
};

/**
 * A refusal the form can show under one of its fields: the field, and the message. A validation
 * failure (`data.issues`) names the field by its server name ("phone 格式不正确。"), so the form
 * says the field's rule instead; other refusals (phone taken, wrong code) are sentences of their
 * own and are shown as the server wrote them. Null when the answer names no field of the form.
 */
export function fieldRefusal(result: ApiResult<unknown>, translate: (key: string) => string): { field: PhoneCodeField; message: string } | null {
  if (result.kind !== 'fail' || !result.data || typeof result.data !== 'object') return null;
  const data = result.data as { field?: unknown; issues?: unknown };
  const field = typeof data.field === 'string' ? FIELD_OF[data.field] : undefined;
  if (!field) return null;
  const message = Array.isArray(data.issues) || !result.msg ? translate(RULE_OF[field]) : result.msg;
  return { field, message };
}

/** The form's own checks before anything is sent: every field, in the form's words. */
export function checkPhoneCode(values: Record<PhoneCodeField, string>, translate: (key: string) => string): PhoneCodeErrors {
  const errors: PhoneCodeErrors = {};
  const phone = values.username.trim();
  if (!phone) errors.username = translate('auth.rule.phoneEmpty');
  else if (!PHONE_PATTERN.test(phone)) errors.username = translate(RULE_OF.username);
  if (values.password.length < 6 || values.password.length > 32) errors.password = translate(RULE_OF.password);
  else if (values.password !== values.re_password) errors.re_password = translate(RULE_OF.re_password);
  const code = values.code.trim();
  if (!code) errors.code = translate('sms.codeEmpty');
  else if (!/^\d{6}$/.test(code)) errors.code = translate(RULE_OF.code);
  return errors;
}
