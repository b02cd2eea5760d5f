/**
 * Pure rules of the withdrawal form (withdrawal.machine.ts): the fee preview and the checks of
 * the real-name form and the amount. The fee is the server's rule (server/modules/settlement/rates.ts,
 * the one that is charged): the rate in percent with at most 2 decimals, amount × rate to the
 * nearest cent, halves up, in whole numbers; tests/machines/withdrawal.test.ts proves both agree.
 */

/** Who a withdrawal is paid to: the holder, bank and card of the real-name check (read-only here). */
export interface CashDetails {
  name: string;
  bank_name: string;
  card_no: string;
}

export interface CashAccount {
  /** Balance that can be withdrawn ('123.45'). */
  balance: string;
  frozen: string;
  /** Fee rate in percent ('0.5'). */
  rate: string;
  /** The payee (empty without a real-name check). */
  details: CashDetails;
  /** Whether there is a real-name check to pay to (the shopper's, or the store owner's). */
  checked: boolean;
}

/** The real-name form (POST /api/user/check): holder, ID number, bank, bank card. */
export interface RealNameForm {
  name: string;
  card_no: string;
  bank_name: string;
  bank_no: string;
}

export type DetailsError = 'required' | 'tooLong' | 'cardFormat' | 'idFormat';
export type AmountError = 'required' | 'format' | 'zero' | 'overBalance' | 'noNet';

/** '12.3' → 1230; anything that is not an amount with at most 2 decimals → null. */
export function amountCents(text: string): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 1230 → '12.30'. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '0.5' → 50 hundredths of a percent; a malformed rate → 0 (as the server reads it). */
export function rateBp(rate: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!m) return 0;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : 0;
}

/** The fee and what reaches the card, in cents: fee = cents × bp / 10000, to the nearest cent, halves up. */
export function feePreview(cents: number, bp: number): { fee: number; net: number } {
  const fee = Number((BigInt(cents) * BigInt(bp) + 5_000n) / 10_000n);
  return { fee, net: cents - fee };
}

/** The card number as sent: spaces and dashes dropped. */
export const cardDigits = (card: string) => card.replace(/[\s-]/g, '');

/** Problems of the real-name form by field, as the server checks them (empty when it can be sent). */
export function checkRealName(form: RealNameForm): Partial<Record<keyof RealNameForm, DetailsError>> {
  const errors: Partial<Record<keyof RealNameForm, DetailsError>> = {};
  for (const [field, max] of [['name', 20], ['bank_name', 30]] as const) {
    const value = form[field].trim();
    if (!value) errors[field] = 'required';
    else if ([...value].length > max) errors[field] = 'tooLong';
  }
  const id = cardDigits(form.card_no);
  if (!id) errors.card_no = 'required';
  else if (!/^[A-Za-z0-9]{6,30}$/.test(id)) errors.card_no = 'idFormat';
  const card = cardDigits(form.bank_no);
  if (!card) errors.bank_no = 'required';
  else if (!/^\d{8,30}$/.test(card)) errors.bank_no = 'cardFormat';
  return errors;
}

/** The problem of an amount against the balance and the fee rate, or null. */
export function checkAmount(text: string, balance: string, bp: number): AmountError | null {
  if (!text.trim()) return 'required';
  const cents = amountCents(text);
  if (cents === null) return 'format';
  if (cents === 0) return 'zero';
  const available = amountCents(balance) ?? 0;
  if (cents > available) return 'overBalance';
  if (feePreview(cents, bp).net <= 0) return 'noNet';
  return null;
}
