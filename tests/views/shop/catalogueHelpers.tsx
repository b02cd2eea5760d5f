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

/** A goods detail answer (GET /api/goods/5): two specs, three SKUs, one of them out of stock. */
export const GOODS = {
  id: 5, goods_name: '青梧 T 恤', goods_subname: '纯棉', store_id: 3, goods_master_image: '/uploads/seed/t.jpg', goods_price: '9.00', goods_market_price: '29.00',
  goods_stock: 8, goods_sale: 12, goods_content: '<p>PC 详情</p>##qingwuit##<p>手机详情</p>',
  goods_images: ['/uploads/seed/t.jpg', '/uploads/seed/t2.jpg'], goods_images_thumb_400: ['/uploads/seed/t_400.jpg', '/uploads/seed/t2_400.jpg'], goods_images_thumb_150: ['/uploads/seed/t_150.jpg', '/uploads/seed/t2_150.jpg'],
  classList: [{ id: 111, name: '智能机', pid: 11 }, { id: 11, name: '手机', pid: 1 }, { id: 1, name: '数码', pid: 0 }],
  attrList: [
    { id: 1, name: '颜色', specs: [{ id: 11, name: '红' }, { id: 12, name: '蓝' }] },
    { id: 2, name: '尺码', specs: [{ id: 21, name: 'S' }, { id: 22, name: 'M' }] },
  ],
  skuList: [
    { id: 101, spec_id: [11, 21], goods_price: '10.00', goods_market_price: '30.00', goods_stock: 3 },
    { id: 102, spec_id: [11, 22], goods_price: '12.00', goods_stock: 0 },
    { id: 103, spec_id: [12, 21], goods_price: '15.00', goods_stock: 5 },
  ],
  store_info: { id: 3, store_name: '青梧旗舰店', store_company_name: '青梧公司', area_info: '北京', store_address: '一号', after_sale_service: '<p>七天无理由</p>##qingwuit##{"type":"doc","content":[]}', rate: { scoreAll: 5, agreeAll: 4, serviceAll: 5, speedAll: 3 } },
  rate: { scoreAll: 5, agreeAll: 4, serviceAll: 5, speedAll: 3 },
  comment_statistics: { all: 40, good: 30, commonly: 6, bad: 4, rate: 75 },
  sale_list: [card(6, '同店热卖')],
};

export function login() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, nickname: 'Ann', belong_id: 0 }));
}

export function boot(path: string, locale: 'zh-cn' | 'en' = 'zh-cn') {
  window.history.replaceState(null, '', path);
  useMessages(locale);
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}
