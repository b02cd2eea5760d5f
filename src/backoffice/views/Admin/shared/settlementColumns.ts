import type { CellContext, Column, DictItem, Row, SearchField, ViewField } from '../../../table/types';
import { createdAtColumn, createdAtView } from './columns';

/**
 * Columns of the settlement and withdrawal pages shared by the operator's and the store's
 * (docs/settlement.md): one settlement row per order — what the buyer paid, what was refunded,
 * the platform commission (with its rate), referral commissions, and what the store got.
 */
export const settlementColumns: Column[] = [
  { label: 'page.settle.settlementNo', value: 'settlement_no', type: 'tags', width: 190 },
  { label: 'page.settle.orderNo', value: 'order_no', width: 190 },
  { label: 'page.settle.total', value: 'total_price', type: 'money', balance: true },
  { label: 'page.settle.refund', value: 'refund_money', type: 'money', balance: true },
  { label: 'page.settle.commission', value: 'commission', type: 'custom', render: (row) => `${String(row.commission)} (${String(row.commission_rate)}%)` },
  { label: 'page.settle.referral', value: 'referral_money', type: 'money', balance: true, hidden: true },
  { label: 'page.settle.paid', value: 'settlement_price', type: 'money', balance: true },
  { label: 'page.settle.info', value: 'info', hidden: true },
  createdAtColumn,
];

export const settlementSearch: SearchField[] = [
  { label: 'page.settle.settlementNo', value: 'settlement_no', where: 'likeRight' },
  { label: 'page.settle.orderNo', value: 'order_no', where: 'likeRight' },
  { label: 'page.settle.time', value: 'created_at', type: 'daterange' },
];

export const settlementView: ViewField[] = [
  { label: 'page.settle.settlementNo', value: 'settlement_no' },
  { label: 'page.settle.orderNo', value: 'order_no' },
  { label: 'page.settle.total', value: 'total_price', viewType: 'money' },
  { label: 'page.settle.refund', value: 'refund_money', viewType: 'money' },
  { label: 'page.settle.commissionRate', value: 'commission_rate' },
  { label: 'page.settle.commission', value: 'commission', viewType: 'money' },
  { label: 'page.settle.referral', value: 'referral_money', viewType: 'money' },
  { label: 'page.settle.paid', value: 'settlement_price', viewType: 'money' },
  { label: 'page.settle.info', value: 'info' },
  createdAtView,
];

/** The name of the user or store a row belongs to (a page dictionary fetched by the ids shown), '-' for none (0), `#id` when gone. */
export const ownerName = (field: 'user_id' | 'store_id') => (row: Row, ctx: CellContext): string => {
  const id = Number(row[field] ?? 0);
  if (!id) return '-';
  const found = (ctx.dicts[field] ?? []).find((item) => String(item.value ?? (item as { id?: unknown }).id) === String(id));
  return found ? String(found.label) : `#${id}`;
};

/** cashes.cash_status (captions are locale keys). */
export const CASH_STATUS: DictItem[] = [0, 1, 2, 3].map((value) => ({ label: `page.settle.cashStatus.${value}`, value }));

/** What was requested: net + fee, in cents then back (never a float). */
export function requestedText(row: Record<string, unknown>): string {
  const cents = (v: unknown) => {
    const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(v ?? '0'));
    return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : 0;
  };
  const total = cents(row.money) + cents(row.commission);
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
}

export const cashColumns: Column[] = [
  // widths fit the English captions ("Requested" broke into "Request/ed") and the state tags
  { label: 'page.settle.cashName', value: 'name', width: 170 },
  { label: 'page.settle.requested', value: 'requested', type: 'custom', render: requestedText, width: 110 },
  { label: 'page.settle.cashFee', value: 'commission', type: 'money', balance: true, width: 90 },
  { label: 'page.settle.cashNet', value: 'money', type: 'money', balance: true, width: 110 },
  { label: 'page.settle.bankName', value: 'bank_name', width: 120 },
  { label: 'page.settle.cardNo', value: 'card_no', width: 190 },
  { label: 'page.settle.cashStatus', value: 'cash_status', type: 'dict_tags', translate: true, width: 130 },
  { label: 'page.settle.refuseInfo', value: 'refuse_info' },
  { label: 'page.settle.remark', value: 'remark', hidden: true },
  createdAtColumn,
];

export const cashSearch: SearchField[] = [
  { label: 'page.settle.cashName', value: 'name', where: 'likeRight' },
  { label: 'page.settle.bankName', value: 'bank_name', where: 'likeRight' },
  { label: 'page.settle.cardNo', value: 'card_no', where: 'likeRight' },
  { label: 'page.settle.cashStatus', value: 'cash_status', type: 'select', translate: true },
  { label: 'page.settle.time', value: 'created_at', type: 'daterange' },
];

export const cashView: ViewField[] = [
  { label: 'page.settle.cashName', value: 'name' },
  { label: 'page.settle.bankName', value: 'bank_name' },
  { label: 'page.settle.cardNo', value: 'card_no' },
  { label: 'page.settle.requested', value: 'requested', viewType: 'custom', render: requestedText },
  { label: 'page.settle.cashFee', value: 'commission', viewType: 'money' },
  { label: 'page.settle.cashRate', value: 'commission_rate' },
  { label: 'page.settle.cashNet', value: 'money', viewType: 'money' },
  { label: 'page.settle.cashStatus', value: 'cash_status', viewType: 'dict_tags', translate: true },
  { label: 'page.settle.refuseInfo', value: 'refuse_info' },
  { label: 'page.settle.remark', value: 'remark' },
  { label: 'page.settle.auditTime', value: 'audit_time' },
  createdAtView,
];
