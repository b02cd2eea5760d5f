import { LEDGER_NAME_KEYS } from './logName';

/**
 * The shopper's three ledgers (spec §2 /user/money, /user/frozen_money, /user/integral; screens
 * §3.29): one page each, with the kinds of entry the server writes to that balance (its stored
 * names, server/modules/** applyLedger) for the kind filter.
 */
export interface Ledger {
  path: '/user/money' | '/user/frozen_money' | '/user/integral';
  isType: 0 | 1 | 2;
  /** Menu and page title. */
  title: string;
  names: readonly (keyof typeof LEDGER_NAME_KEYS)[];
}

export const LEDGERS: readonly Ledger[] = [
  { path: '/user/money', isType: 0, title: 'ucentre.menu.money', names: ['订单支付', '售后退款', '重复支付退款', '分销佣金', '资金提现', '拒绝提现', '取消提现', '系统处理'] },
  { path: '/user/frozen_money', isType: 1, title: 'ucentre.menu.frozenMoney', names: ['资金提现', '提现成功', '拒绝提现', '取消提现', '系统处理'] },
  { path: '/user/integral', isType: 2, title: 'ucentre.menu.integral', names: ['订单积分', '积分兑换', '系统处理'] },
];

/** A ledger page's address: `?name=<kind>&direction=in|out&from=YYYY-MM-DD&to=YYYY-MM-DD&page=<n>`. */
export interface LedgerQuery {
  name: string;
  direction: '' | 'in' | 'out';
  from: string;
  to: string;
  page: number;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The query of an address, anything unknown dropped (a kind this ledger has no entries of, a bad date). */
export function ledgerQueryOf(ledger: Ledger, search: string): LedgerQuery {
  const params = new URLSearchParams(search);
  const name = params.get('name') ?? '';
  const direction = params.get('direction') ?? '';
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  const page = Number(params.get('page') ?? 1);
  return {
    name: (ledger.names as readonly string[]).includes(name) ? name : '',
    direction: direction === 'in' || direction === 'out' ? direction : '',
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function ledgerHref(ledger: Ledger, query: LedgerQuery): string {
  const params = new URLSearchParams();
  if (query.name) params.set('name', query.name);
  if (query.direction) params.set('direction', query.direction);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `${ledger.path}?${text}` : ledger.path;
}
