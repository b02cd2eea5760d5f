/**
 * Money is integer cents in TypeScript and numeric(12,2) in the database.
 * Drizzle returns numeric as a string; these convert exactly, never through a float.
 */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const text = typeof value === 'number' ? value.toFixed(2) : String(value).trim();
  const match = /^(-)?(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const [, minus, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** Cents to the database / API string form: 1050 -> "10.50". */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
