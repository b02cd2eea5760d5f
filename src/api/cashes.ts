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

/** POST /api/user/check: the shopper's real-name check (withdrawals are paid to its card). */
export const saveRealName = (input: RealNameForm): Promise<ApiResult<SavedCheck>> => request<SavedCheck>(2, 'POST', areaPath(2, 'user/check'), input, { quiet: true });

export const cancelCash = (area: CashArea, id: number): Promise<ApiResult<number[]>> => request<number[]>(area, 'DELETE', `${base(area)}/${id}`);

/** The shopper's own money logs of one kind: 0 balance, 1 frozen, 2 points. */
export const listMoneyLogs = (isType: 0 | 1 | 2, page: number, perPage: number): Promise<ApiResult<Page<MoneyLogRow>>> =>
  request<Page<MoneyLogRow>>(2, 'GET', areaPath(2, 'user/money_logs'), { is_type: isType, page, per_page: perPage });
