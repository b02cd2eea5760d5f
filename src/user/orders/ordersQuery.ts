import { ORDER_TABS } from '../../../machines/orderActions';

/** The /user/orders address: `?status=<state>&keywords=<text>&page=<n>` (the home page's shortcuts link here). */
export interface OrdersQuery {
  status: number;
  keywords: string;
  page: number;
}

export function ordersQueryOf(search: string): OrdersQuery {
  const params = new URLSearchParams(search);
  const status = Number(params.get('status') ?? -1);
  const page = Number(params.get('page') ?? 1);
  return {
    status: (ORDER_TABS as readonly number[]).includes(status) ? status : -1,
    keywords: (params.get('keywords') ?? '').slice(0, 60),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function ordersHref(query: OrdersQuery): string {
  const params = new URLSearchParams();
  if (query.status !== -1) params.set('status', String(query.status));
  if (query.keywords.trim()) params.set('keywords', query.keywords.trim());
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `/user/orders?${text}` : '/user/orders';
}
