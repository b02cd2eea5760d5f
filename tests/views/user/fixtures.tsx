import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import type { Locale } from '../../../src/app/locale';
import { navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { envelope, renderWithApp, useMessages, type RecordedCall } from '../helpers';

/** Shared pieces of the user-centre view tests. */
export const SLOW = { timeout: 8000 };

export const common = {
  'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 0 }),
  'GET /api/cart_count': envelope(0),
};

export function login() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, nickname: 'Ann', belong_id: 0 }));
}

export function boot(path: string, locale: Locale = 'zh-cn') {
  window.history.replaceState(null, '', path);
  useMessages(locale);
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}

export const calledWith = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path);
export const queryOf = (call: RecordedCall) => Object.fromEntries(new URLSearchParams(call.url.split('?')[1] ?? ''));

const line = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  goods_id: 100 + id,
  sku_id: 0,
  goods_name: `商品${id}`,
  goods_image: `/uploads/goods/g${id}.jpg`,
  sku_name: '红色,XL',
  goods_price: '99.00',
  buy_num: 2,
  total_price: '198.00',
  ...over,
});

export const order = (id: number, status: number, over: Record<string, unknown> = {}) => ({
  id,
  order_no: `20261126100000${String(id).padStart(6, '0')}`,
  order_name: `商品${id}`,
  order_image: '',
  order_price: '198.00',
  total_price: '208.00',
  freight_money: '10.00',
  coupon_money: '0.00',
  order_status: status,
  order_status_cn: '',
  refund_status: 0,
  payment_name: status > 1 ? 'balance' : '',
  store: { id: 1, store_name: '鲸声旗舰店', store_logo: '' },
  created_at: '2026-11-26 10:00:00',
  expires_at: status === 1 ? '2026-11-26 10:30:00' : null,
  order_goods: [line(id)],
  ...over,
});

export const detail = (id: number, status: number, over: Record<string, unknown> = {}) => ({
  ...order(id, status),
  receive_name: '张三',
  receive_tel: '13912345678',
  receive_area: '北京市 北京市 朝阳区',
  receive_address: '建国路 1 号',
  remark: '请尽快发货',
  delivery_code: status >= 3 ? 'sf' : '',
  delivery_name: status >= 3 ? '顺丰速运' : '',
  delivery_no: status >= 3 ? 'SF1234567890' : '',
  pay_time: status >= 2 ? '2026-11-26 10:05:00' : null,
  delivery_time: status >= 3 ? '2026-11-26 12:00:00' : null,
  receipt_time: null,
  comment_time: null,
  cancel_time: null,
  pay: status >= 2 ? { pay_no: 'P20261126100500123456', payment_name: 'balance', total: '208.00' } : null,
  logs: [
    { action: 'create', from_status: -1, to_status: 1, actor: 'user', actor_name: 'Ann', note: '', created_at: '2026-11-26 10:00:00' },
    ...(status >= 2 ? [{ action: 'pay', from_status: 1, to_status: 2, actor: 'system', actor_name: '系统', note: '', created_at: '2026-11-26 10:05:00' }] : []),
    ...(status >= 3 ? [{ action: 'ship', from_status: 2, to_status: 3, actor: 'seller', actor_name: '鲸声旗舰店', note: '', created_at: '2026-11-26 12:00:00' }] : []),
  ],
  ...over,
});
