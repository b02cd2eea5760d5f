import { FormattedMessage } from 'react-intl';
import { shopTime } from '../../../../api/orders';
import type { Column, DictItem, FormField, Row, ViewField } from '../../../table/types';

/**
 * Pieces of the coupon and full-reduction pages of both consoles (screens §4.6): the state of a
 * promotion (not started / running / ended, or stopped by the operator) computed from its dates,
 * the period and amount fields.
 */
export type PromotionState = 'stopped' | 'notStarted' | 'running' | 'ended';

export function promotionState(row: Row, nowMs = Date.now()): PromotionState {
  if (Number(row.stopped) === 1) return 'stopped';
  if (nowMs < shopTime(String(row.start_time ?? ''))) return 'notStarted';
  if (nowMs >= shopTime(String(row.end_time ?? ''))) return 'ended';
  return 'running';
}

const STATE_STYLE: Record<PromotionState, string> = {
  stopped: 'bg-red-100 text-red-800',
  notStarted: 'bg-slate-100 text-slate-700',
  running: 'bg-green-100 text-green-800',
  ended: 'bg-amber-100 text-amber-900',
};

export function PromotionStateTag({ row }: { row: Row }) {
  const state = promotionState(row);
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${STATE_STYLE[state]}`} data-testid="promotion-state">
      <FormattedMessage id={`page.marketing.state.${state}`} />
    </span>
  );
}

export const stateColumn: Column = { label: 'page.marketing.state', value: 'stopped', type: 'custom', render: (row) => <PromotionStateTag row={row} /> };
export const stateView: ViewField = { label: 'page.marketing.state', value: 'stopped', viewType: 'custom', render: (row) => <PromotionStateTag row={row} /> };

export const STOPPED: DictItem[] = [
  { label: 'page.marketing.stopped', value: 1 },
  { label: 'page.marketing.notStopped', value: 0 },
];

export const moneyColumns: Column[] = [
  { label: 'page.marketing.money', value: 'money', type: 'money', balance: true },
  { label: 'page.marketing.useMoney', value: 'use_money', type: 'money', balance: true },
];

export const periodColumns: Column[] = [
  { label: 'page.marketing.start', value: 'start_time', type: 'datetime', width: 165 },
  { label: 'page.marketing.end', value: 'end_time', type: 'datetime', width: 165 },
];

export const amountFields: FormField[] = [
  { label: 'page.marketing.money', value: 'money', type: 'number', min: 0.01, max: 999999.99, step: 0.01, span: 12 },
  { label: 'page.marketing.useMoney', value: 'use_money', type: 'number', min: 0, max: 999999.99, step: 0.01, span: 12, hint: 'page.marketing.useMoneyHint' },
];

export const periodFields: FormField[] = [
  { label: 'page.marketing.start', value: 'start_time', type: 'datetime', span: 12 },
  { label: 'page.marketing.end', value: 'end_time', type: 'datetime', span: 12 },
];

export const amountRules = {
  name: [{ required: true }, { maxLength: 30 }],
  money: [{ required: true }],
  use_money: [{ required: true }],
  start_time: [{ required: true }],
  end_time: [{ required: true }],
};

/** The operator's pages: the store of each row. */
export const storeDict = { name: 'store_id', url: '/Admin/stores', selectByColumnIds: true, labelName: 'store_name', valueName: 'id' };
export const storeColumn: Column = { label: 'page.marketing.store', value: 'store_id', type: 'dict' };

/** The operator's only edit: stop or restart it. */
export const stopFields: FormField[] = [
  { label: 'page.marketing.stopped', value: 'stopped', type: 'switch', activeText: 'page.marketing.stopped', inactiveText: 'page.marketing.notStopped', hint: 'page.marketing.stopHint' },
];
