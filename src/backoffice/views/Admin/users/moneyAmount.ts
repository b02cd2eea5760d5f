/**
 * The amount of a balance adjustment (POST /Admin/users/money/handle): a signed number with at
 * most 2 decimals, not zero, within ±999,999,999.99 (the server's bounds), sent as `-12.50` /
 * `12.50`.
 */
export const MONEY_TYPES = [
  { value: 0, key: 'page.users.moneyType.balance' },
  { value: 1, key: 'page.users.moneyType.frozen' },
  { value: 2, key: 'page.users.moneyType.integral' },
] as const;

export const MAX_ADJUST_CENTS = 99_999_999_999;

export type AmountCheck = { ok: true; value: string } | { ok: false; error: 'required' | 'format' | 'zero' | 'range' };

export function checkAmount(raw: string): AmountCheck {
  const text = raw.trim();
  if (!text) return { ok: false, error: 'required' };
  const match = /^([+-]?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, error: 'format' };
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents === 0) return { ok: false, error: 'zero' };
  if (cents > MAX_ADJUST_CENTS) return { ok: false, error: 'range' };
  const value = `${sign === '-' ? '-' : ''}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return { ok: true, value };
}

export const AMOUNT_ERROR_KEYS = {
  required: 'msg.requiredMsg',
  format: 'page.users.amountFormat',
  zero: 'page.users.amountZero',
  range: 'page.users.amountRange',
} as const;
