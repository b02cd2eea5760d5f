import type { AreaIndex } from '../../machines/areas';
import { areaPath, request, type ApiResult } from './client';

/**
 * The dashboards' answers (`/api/{Admin,Seller}/dashboard/*`, issue 26). Money is a 2-decimal
 * string, counts whole numbers; a rate is a percent with 2 decimals, null without a previous
 * figure to compare with.
 */
export interface PlotPoint {
  time: string;
  num: string | number;
  orders?: number;
  refunds?: string;
}

export interface Period {
  unit: 'day' | 'month' | 'year';
  from: string;
  to: string;
  previous_from: string;
  previous_to: string;
}

export interface Summary {
  sales: string;
  orders: number;
  refunds: string;
  previous_sales: string;
  previous_orders: number;
  previous_refunds: string;
  sales_rate: number | null;
  orders_rate: number | null;
  new_users: number;
  previous_new_users: number;
  new_stores: number;
  previous_new_stores: number;
}

export interface RankedRow {
  id: number;
  store_name?: string;
  goods_name?: string;
  orders_count: number;
  quantity?: number;
  total_price: string;
}

export interface Todo {
  to_ship: number;
  after_sales: number;
  stores_review: number;
  goods_review: number;
  cashes: number;
}

export interface DashboardAll {
  total_price: string;
  today_price: string;
  yesterday_price: string;
  week_price: string;
  last_week_price: string;
  month_price: string;
  last_month_price: string;
  order_wait: number;
  order_send: number;
  order_complete: number;
  order_refund: number;
  day_rate: number | null;
  week_rate: number | null;
  month_rate: number | null;
  order_plot: PlotPoint[];
  user_plot: PlotPoint[];
  list: RankedRow[];
  /** The platform's top goods (admin only). */
  goods?: RankedRow[];
  todo: Todo;
  summary: Summary;
  period: Period;
}

export interface OrderAnalysis {
  plot: PlotPoint[];
  store: RankedRow[];
  goods: RankedRow[];
  summary: Summary;
  period: Period;
}

export interface PlotAnalysis {
  plot: PlotPoint[];
  summary: Summary;
  period: Period;
}

/** The answer's data, or a rejection the machines read (`{msg}`). */
function unwrap<T>(result: ApiResult<T>): T {
  if (result.kind === 'ok') return result.data;
  throw result.kind === 'transport' ? { msg: result.message } : result;
}

/** GET `/api/{Admin|Seller}/dashboard/<name>` with a period query. */
export async function loadDashboard<T>(area: AreaIndex, name: string, query: Record<string, string>): Promise<T> {
  return unwrap(await request<T>(area, 'GET', areaPath(area, `dashboard/${name}`), query, { quiet: true }));
}
