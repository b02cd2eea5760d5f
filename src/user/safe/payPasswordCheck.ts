/** The pay-password form's fields (user centre /user/safe). */
export type PayPasswordField = 'pay_password' | 're_pay_password' | 'code';
export type PayPasswordValues = Record<PayPasswordField, string>;
export type PayPasswordErrors = Partial<Record<PayPasswordField, string>>;

const SIX_DIGITS = /^\d{6}$/;

/** The form's own checks before anything is sent, each in its field's words (locale keys). */
export function checkPayPassword(values: PayPasswordValues, translate: (key: string) => string): PayPasswordErrors {
  const errors: PayPasswordErrors = {};
  if (!SIX_DIGITS.test(values.pay_password)) errors.pay_password = translate('ucentre.safe.rule.password');
  else if (values.pay_password !== values.re_pay_password) errors.re_pay_password = translate('msg.reInputError');
  const code = values.code.trim();
  if (!code) errors.code = translate('sms.codeEmpty');
  else if (!SIX_DIGITS.test(code)) errors.code = translate('auth.rule.code');
  return errors;
}

/** '13800000000' → '138****0000' (the phone the code goes to, not spelled out whole). */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);
