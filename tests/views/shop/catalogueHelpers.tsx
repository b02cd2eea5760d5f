import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { envelope, renderWithApp, useMessages } from '../helpers';

/** Class tree: 数码 (1) → 手机 (11) → 智能机 (111), 老人机 (112); 数码 → 配件 (12, no children); 空类 (2, no children). */
export const CLASSES = [
  {
    id: 1, pid: 0, name: '数码',
    children: [
      { id: 11, pid: 1, name: '手机', children: [{ id: 111, pid: 11, name: '智能机' }, { id: 112, pid: 11, name: '老人机' }] },
      { id: 12, pid: 1, name: '配件' },
    ],
  },
  { id: 2, pid: 0, name: '空类' },
];
export const BRANDS = [{ id: 7, name: '青梧' }, { id: 8, name: '华强' }];

export const commonAnswers = (cart = 0) => ({
  'GET /api/common': envelope({ classes: CLASSES, brands: BRANDS, common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart }),
  'GET /api/cart_count': envelope(cart),
});

export const page = <T,>(rows: T[], total = rows.length, current = 1, perPage = 30) => ({
  data: rows, total, per_page: perPage, current_page: current, last_page: Math.max(1, Math.ceil(total / perPage)),
});

export const card = (id: number, name: string, price = '9.90') => ({
  id, goods_name: name, goods_subname: `${name} 副标题`, goods_master_image: `/uploads/seed/g${id}.jpg`, goods_price: price, goods_market_price: '19.90', order_comment_count: 2,
});

export function login() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, nickname: 'Ann', belong_id: 0 }));
}

export function boot(path: string) {
  window.history.replaceState(null, '', path);
  useMessages('zh-cn');
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}
