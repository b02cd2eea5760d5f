import type { CashAccount, RealNameForm } from '../../machines/withdrawal';
import type { SavedCheck, SubmitCashInput } from '../../machines/withdrawal.machine';
import { areaPath, request, type ApiResult } from './client';

/**
 * Withdrawals and money logs of the shopper (`/api/user/…`) and the store (`/api/Seller/…`)
 * (docs/settlement.md). `area` 1 is the seller centre, 2 the shopper.
 */
export type CashArea = 1 | 2;

export interface CashRow {
  id: number;
  user_id: number;
  store_id: number;
  /** Net amount paid to the card. */
  money: string;
  /** The fee. */
  commission: string;
  commission_rate: string;
  /** 0 pending, 1 paid out, 2 refused, 3 cancelled. */
  cash_status: 0 | 1 | 2 | 3;
  refuse_info: string;
  name: string;
  bank_name: string;
  card_no: string;
  remark: string;
  audit_time: string | null;
  created_at: string;
}

export interface MoneyLogRow {
  id: number;
  name: string;
  money: string;
  is_type: number;
  info: string;
  created_at: string;
}

export interface Page<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

const base = (area: CashArea) => (area === 1 ? areaPath(1, 'cashes') : areaPath(2, 'user/cashes'));

export const loadCashAccount = (area: CashArea): Promise<ApiResult<CashAccount>> => request<CashAccount>(area, 'GET', `${base(area)}/account`, undefined, { quiet: true });

export const submitCash = (area: CashArea, input: SubmitCashInput): Promise<ApiResult<CashRow>> => request<CashRow>(area, 'POST', base(area), input, { quiet: true });

export const listCashes = (page: number, perPage: number): Promise<ApiResult<Page<CashRow>>> =>
  request<Page<CashRow>>(2, 'GET', base(2), { page, per_page: perPage });

/** GET /api/user/check → the shopper's real-name check, or null before one is saved (/user/safe/check). */
export const loadRealName = (): Promise<ApiResult<RealNameRecord | null>> => request<RealNameRecord | null>(2, 'GET', areaPath(2, 'user/check'), undefined, { quiet: true });

/** The check as saved: the form's fields, the ID photos (optional) and when. */
export interface RealNameRecord extends RealNameForm {
  card_t: string;
  card_b: string;
  updated_at: string;
}

/** POST /api/user/check: the shopper's real-name check (withdrawals are paid to its card); the ID photos optional. */
export const saveRealName = (input: RealNameForm & { card_t?: string; card_b?: string }): Promise<ApiResult<SavedCheck>> => request<SavedCheck>(2, 'POST', areaPath(2, 'user/check'), input, { quiet: true });

export const cancelCash = (area: CashArea, id: number): Promise<ApiResult<number[]>> => request<number[]>(area, 'DELETE', `${base(area)}/${id}`);

/** Filters of a ledger page: a kind of entry (its stored name), in or out, a date range (YYYY-MM-DD, both ends included). */
export interface MoneyLogFilters {
  name?: string;
  direction?: 'in' | 'out';
  from?: string;
  to?: string;
}

/** The shopper's own money logs of one kind: 0 balance, 1 frozen, 2 points (list DSL filters on name, money, created_at). */
export const listMoneyLogs = (isType: 0 | 1 | 2, page: number, perPage: number, filters: MoneyLogFilters = {}): Promise<ApiResult<Page<MoneyLogRow>>> => {
  const query: Record<string, unknown> = { is_type: isType, page, per_page: perPage };
  if (filters.name) query.name = filters.name;
  if (filters.direction) query.money = filters.direction === 'in' ? '0|gt' : '0|lt';
  // [from, day after to): the DSL's range is >= a and < b
  if (filters.from || filters.to) query.created_at = [filters.from ?? '', filters.to ? dayAfter(filters.to) : ''];
  return request<Page<MoneyLogRow>>(2, 'GET', areaPath(2, 'user/money_logs'), query);
};

/** YYYY-MM-DD of the next calendar day. */
export function dayAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return next.toISOString().slice(0, 10);
}
