/**
 * The menu trees of reference §4.4 (admin console) and §4.5 (seller centre), row for row:
 * same ids, parents, names, icons, front-end paths (`apis`), views, is_open and is_sort.
 * Seller rows 10 and 11 are soft-deleted, as in the reference.
 */
export interface SeedMenu {
  id: number;
  pid: number;
  name: string;
  ename: string;
  icon: string;
  apis: string;
  view: string;
  is_open: number;
  is_sort: number;
  deleted?: boolean;
}

/** Admin console menus (admin_menus). */
export const adminMenus: SeedMenu[] = [
  { id: 1, pid: 0, name: '工作台', ename: 'Menu Name', icon: 'fa-desktop', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 59, pid: 1, name: '仪表盘', ename: '', icon: 'fa-dashboard', apis: '/Admin/dashboard', view: 'Admin/dashboard/index', is_open: 1, is_sort: 0 },
  { id: 19, pid: 1, name: '公告中心', ename: '', icon: 'fa-volume-up', apis: '', view: '', is_open: 0, is_sort: 9 },
  { id: 20, pid: 19, name: '公告管理', ename: '', icon: '', apis: '/Admin/notices', view: 'Admin/notices/index', is_open: 0, is_sort: 0 },
  { id: 16, pid: 1, name: '文章中心', ename: '', icon: 'fa-file-text', apis: '', view: '', is_open: 0, is_sort: 10 },
  { id: 17, pid: 16, name: '文章栏目', ename: '', icon: '', apis: '/Admin/article_menus', view: 'Admin/article_menus/index', is_open: 0, is_sort: 0 },
  { id: 18, pid: 16, name: '文章管理', ename: '', icon: '', apis: '/Admin/articles', view: 'Admin/articles/index', is_open: 0, is_sort: 1 },
  { id: 26, pid: 0, name: '商品中心', ename: '', icon: 'fa-shopping-bag', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 27, pid: 26, name: '商品分类', ename: '', icon: 'fa-th-list', apis: '/Admin/goods_classes', view: 'Admin/exts/goods_classes/index', is_open: 0, is_sort: 0 },
  { id: 28, pid: 26, name: '商品管理', ename: '', icon: 'fa-shopping-bag', apis: '/Admin/goods', view: 'Admin/exts/goods/index', is_open: 0, is_sort: 1 },
  { id: 29, pid: 26, name: '品牌管理', ename: '', icon: 'fa-codepen', apis: '/Admin/goods_brands', view: 'Admin/exts/goods_brands/index', is_open: 0, is_sort: 2 },
  { id: 30, pid: 0, name: '店铺中心', ename: '', icon: 'fa-archive', apis: '', view: '', is_open: 0, is_sort: 2 },
  { id: 31, pid: 30, name: '店铺管理', ename: '', icon: 'fa-archive', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 32, pid: 31, name: '店铺管理', ename: '', icon: '', apis: '/Admin/stores', view: 'Admin/exts/stores/index', is_open: 0, is_sort: 0 },
  { id: 60, pid: 31, name: '店铺配置', ename: '', icon: '', apis: '/Admin/configs/store', view: 'Admin/configs/store', is_open: 0, is_sort: 0 },
  { id: 48, pid: 31, name: '订单结算', ename: '', icon: '', apis: '/Admin/order_settlements', view: 'Admin/exts/order_settlements/index', is_open: 0, is_sort: 2 },
  { id: 35, pid: 30, name: '订单中心', ename: '', icon: 'fa-file-text', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 36, pid: 35, name: '订单管理', ename: '', icon: '', apis: '/Admin/orders', view: 'Admin/exts/orders/index', is_open: 0, is_sort: 0 },
  { id: 40, pid: 35, name: '退款订单', ename: '', icon: '', apis: '/Admin/refunds', view: 'Admin/exts/refunds/index', is_open: 0, is_sort: 1 },
  { id: 41, pid: 35, name: '退货订单', ename: '', icon: '', apis: '/Admin/returns', view: 'Admin/exts/refunds/return', is_open: 0, is_sort: 2 },
  { id: 42, pid: 35, name: '订单评论', ename: '', icon: '', apis: '/Admin/order_comments', view: 'Admin/exts/order_comments/index', is_open: 0, is_sort: 3 },
  { id: 49, pid: 30, name: '物流中心', ename: '', icon: 'fa-truck', apis: '', view: '', is_open: 0, is_sort: 3 },
  { id: 50, pid: 49, name: '区域地址', ename: '', icon: '', apis: '/Admin/areas', view: 'Admin/exts/areas/index', is_open: 0, is_sort: 0 },
  { id: 51, pid: 49, name: '物流公司', ename: '', icon: '', apis: '/Admin/expresses', view: 'Admin/exts/expresses/index', is_open: 0, is_sort: 1 },
  { id: 52, pid: 30, name: '营销中心', ename: '', icon: 'fa-share-alt-square', apis: '', view: '', is_open: 0, is_sort: 5 },
  { id: 53, pid: 52, name: '分销管理', ename: '', icon: '', apis: '/Admin/distribution_logs', view: 'Admin/exts/distribution_logs/index', is_open: 0, is_sort: 0 },
  { id: 43, pid: 0, name: '积分商城', ename: '', icon: 'fa-birthday-cake', apis: '', view: '', is_open: 0, is_sort: 3 },
  { id: 44, pid: 43, name: '商品管理', ename: '', icon: 'fa-shopping-bag', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 46, pid: 44, name: '商品分类', ename: '', icon: '', apis: '/Admin/integral_goods_classes', view: 'Admin/exts/integral_goods_classes/index', is_open: 0, is_sort: 0 },
  { id: 47, pid: 44, name: '商品管理', ename: '', icon: '', apis: '/Admin/integral_goods', view: 'Admin/exts/integral_goods/index', is_open: 0, is_sort: 1 },
  { id: 45, pid: 43, name: '订单管理', ename: '', icon: 'fa-file-text', apis: '/Admin/integral_orders', view: 'Admin/exts/integral_orders/index', is_open: 0, is_sort: 1 },
  { id: 54, pid: 0, name: '数据统计', ename: '', icon: 'fa-bar-chart-o', apis: '', view: '', is_open: 0, is_sort: 98 },
  { id: 55, pid: 54, name: '会员分析', ename: '', icon: 'fa-users', apis: '/Admin/dashboard/user', view: 'Admin/dashboard/user', is_open: 0, is_sort: 0 },
  { id: 56, pid: 54, name: '店铺分析', ename: '', icon: 'fa-window-restore', apis: '/Admin/dashboard/store', view: 'Admin/dashboard/store', is_open: 0, is_sort: 1 },
  { id: 57, pid: 54, name: '销量分析', ename: '', icon: 'fa-first-order', apis: '/Admin/dashboard/order', view: 'Admin/dashboard/order', is_open: 0, is_sort: 2 },
  { id: 58, pid: 54, name: '支付分析', ename: '', icon: 'fa-money', apis: '/Admin/dashboard/pay', view: 'Admin/dashboard/pay', is_open: 0, is_sort: 3 },
  { id: 2, pid: 0, name: '系统中心', ename: 'Menu Name', icon: 'fa-cogs', apis: '', view: '', is_open: 0, is_sort: 99 },
  { id: 3, pid: 2, name: '系统配置', ename: 'Menu Name', icon: 'fa-cog', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 10, pid: 3, name: '网站配置', ename: '', icon: '', apis: '/Admin/configs/web', view: 'Admin/configs/web', is_open: 0, is_sort: 0 },
  { id: 21, pid: 3, name: '支付配置', ename: '', icon: '', apis: '/Admin/configs/pay', view: 'Admin/configs/pay', is_open: 0, is_sort: 0 },
  { id: 22, pid: 3, name: '第三方登录', ename: '', icon: '', apis: '/Admin/configs/oauth', view: 'Admin/configs/oauth', is_open: 0, is_sort: 3 },
  { id: 62, pid: 3, name: '版本更新', ename: '', icon: '', apis: '/Admin/app_versions', view: 'Admin/app_versions/index', is_open: 0, is_sort: 99 },
  { id: 4, pid: 2, name: '用户管理', ename: 'Menu Name', icon: 'fa-user', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 6, pid: 4, name: '用户管理', ename: 'Menu Name', icon: '', apis: '/Admin/admins', view: 'Admin/admins/index', is_open: 0, is_sort: 0 },
  { id: 61, pid: 4, name: '平台用户', ename: '', icon: '', apis: '/Admin/users', view: 'Admin/users/index', is_open: 0, is_sort: 0 },
  { id: 7, pid: 4, name: '角色管理', ename: 'Menu Name', icon: '', apis: '/Admin/roles', view: 'Admin/roles/index', is_open: 0, is_sort: 1 },
  { id: 8, pid: 4, name: '接口分组', ename: 'Menu Name', icon: '', apis: '/Admin/permission_groups', view: 'Admin/permissions/group', is_open: 0, is_sort: 2 },
  { id: 9, pid: 4, name: '接口管理', ename: 'Menu Name', icon: '', apis: '/Admin/permissions', view: 'Admin/permissions/index', is_open: 0, is_sort: 3 },
  { id: 11, pid: 2, name: '短信配置', ename: '', icon: 'fa-envelope', apis: '', view: '', is_open: 0, is_sort: 4 },
  { id: 12, pid: 11, name: '基础配置', ename: '', icon: '', apis: '/Admin/configs/sms', view: 'Admin/configs/sms', is_open: 0, is_sort: 0 },
  { id: 13, pid: 11, name: '签名配置', ename: '', icon: '', apis: '/Admin/sms', view: 'Admin/sms/index', is_open: 0, is_sort: 1 },
  { id: 14, pid: 11, name: '短信日志', ename: '', icon: '', apis: '/Admin/sms_logs', view: 'Admin/sms_logs/index', is_open: 0, is_sort: 2 },
  { id: 23, pid: 2, name: '广告中心', ename: '', icon: 'fa-picture-o', apis: '', view: '', is_open: 0, is_sort: 5 },
  { id: 24, pid: 23, name: '广告位', ename: '', icon: '', apis: '/Admin/adv_spaces', view: 'Admin/adv_spaces/index', is_open: 0, is_sort: 0 },
  { id: 25, pid: 23, name: '广告管理', ename: '', icon: '', apis: '/Admin/advs', view: 'Admin/advs/index', is_open: 0, is_sort: 0 },
  { id: 37, pid: 2, name: '资金管理', ename: '', icon: 'fa-money', apis: '', view: '', is_open: 0, is_sort: 6 },
  { id: 38, pid: 37, name: '用户资金', ename: '', icon: '', apis: '/Admin/money_logs', view: 'Admin/money_logs/index', is_open: 0, is_sort: 0 },
  { id: 39, pid: 37, name: '资金提现', ename: '', icon: '', apis: '/Admin/cashes', view: 'Admin/exts/cashes/index', is_open: 0, is_sort: 1 },
  { id: 5, pid: 2, name: '菜单管理', ename: 'Menu Name', icon: 'fa-list-ul', apis: '', view: '', is_open: 0, is_sort: 8 },
  { id: 33, pid: 5, name: '后台菜单', ename: '', icon: '', apis: '/Admin/menus', view: 'Admin/menus/index', is_open: 0, is_sort: 0 },
  { id: 34, pid: 5, name: '商家菜单', ename: '', icon: '', apis: '/Admin/seller_menus', view: 'Admin/seller_menus/index', is_open: 0, is_sort: 1 },
  { id: 15, pid: 2, name: '协议管理', ename: '', icon: 'fa-file-text', apis: '/Admin/agreements', view: 'Admin/agreements/index', is_open: 0, is_sort: 9 },
];

/** Seller centre menus (user_menus). */
export const sellerMenus: SeedMenu[] = [
  { id: 1, pid: 0, name: '工作台', ename: '', icon: 'fa-desktop', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 37, pid: 1, name: '仪表盘', ename: '', icon: 'fa-dashboard', apis: '/Seller/dashboard', view: 'Seller/dashboard/index', is_open: 1, is_sort: 0 },
  { id: 38, pid: 1, name: '客服聊天', ename: '', icon: 'fa-comments-o', apis: '/Seller/chats', view: 'Seller/chats/index', is_open: 1, is_sort: 0 },
  { id: 3, pid: 0, name: '商品中心', ename: '', icon: 'fa-shopping-bag', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 12, pid: 3, name: '商品管理', ename: '', icon: 'fa-shopping-bag', apis: '/Seller/goods', view: 'Seller/goods/index', is_open: 0, is_sort: 0 },
  { id: 9, pid: 3, name: '属性规格', ename: '', icon: 'fa-cubes', apis: '/Seller/goods_attrs', view: 'Seller/goods_attrs/index', is_open: 0, is_sort: 1 },
  { id: 10, pid: 9, name: '属性管理', ename: '', icon: '', apis: '/Seller/goods_attrs', view: 'Seller/goods_attrs/index', is_open: 0, is_sort: 0, deleted: true },
  { id: 11, pid: 9, name: '规格管理', ename: '', icon: '', apis: '/Seller/goods_specs', view: 'Seller/goods_specs/index', is_open: 0, is_sort: 1, deleted: true },
  { id: 4, pid: 0, name: '店铺中心', ename: '', icon: 'fa-archive', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 13, pid: 4, name: '店铺配置', ename: '', icon: 'fa-cogs', apis: '/Seller/stores', view: 'Seller/stores/index', is_open: 0, is_sort: 0 },
  { id: 14, pid: 4, name: '店铺资金', ename: '', icon: 'fa-money', apis: '/Seller/money_logs', view: 'Seller/money_logs/index', is_open: 0, is_sort: 1 },
  { id: 15, pid: 4, name: '订单结算', ename: '', icon: 'fa-calculator', apis: '/Seller/order_settlements', view: 'Seller/order_settlements/index', is_open: 0, is_sort: 3 },
  { id: 16, pid: 4, name: '资金提现', ename: '', icon: 'fa-credit-card', apis: '/Seller/cashes', view: 'Seller/cashes/index', is_open: 0, is_sort: 4 },
  { id: 30, pid: 4, name: '运费配置', ename: '', icon: 'fa-truck', apis: '/Seller/freights', view: 'Seller/freights/index', is_open: 0, is_sort: 4 },
  { id: 19, pid: 0, name: '订单中心', ename: '', icon: 'fa-first-order', apis: '', view: '', is_open: 0, is_sort: 3 },
  { id: 20, pid: 19, name: '订单管理', ename: '', icon: 'fa-first-order', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 31, pid: 20, name: '全部订单', ename: '', icon: '', apis: '/Seller/orders', view: 'Seller/orders/index', is_open: 0, is_sort: 0 },
  { id: 32, pid: 20, name: '待发订单', ename: '', icon: '', apis: '/Seller/orders/wait', view: 'Seller/orders/wait', is_open: 0, is_sort: 1 },
  { id: 21, pid: 20, name: '退款订单', ename: '', icon: '', apis: '/Seller/refunds', view: 'Seller/refunds/index', is_open: 0, is_sort: 2 },
  { id: 22, pid: 20, name: '退货订单', ename: '', icon: '', apis: '/Seller/returns', view: 'Seller/refunds/return', is_open: 0, is_sort: 3 },
  { id: 23, pid: 19, name: '订单评论', ename: '', icon: 'fa-commenting', apis: '/Seller/order_comments', view: 'Seller/order_comments/index', is_open: 0, is_sort: 3 },
  { id: 18, pid: 0, name: '营销中心', ename: '', icon: 'fa-share-alt-square', apis: '', view: '', is_open: 0, is_sort: 4 },
  { id: 24, pid: 18, name: '分销管理', ename: '', icon: 'fa-sitemap', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 33, pid: 24, name: '分销管理', ename: '', icon: '', apis: '/Seller/distributions', view: 'Seller/distributions/index', is_open: 0, is_sort: 0 },
  { id: 34, pid: 24, name: '分销日志', ename: '', icon: '', apis: '/Seller/distribution_logs', view: 'Seller/distributions/log', is_open: 0, is_sort: 1 },
  { id: 25, pid: 18, name: '优惠券管理', ename: '', icon: 'fa-money', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 35, pid: 25, name: '优惠劵管理', ename: '', icon: '', apis: '/Seller/coupons', view: 'Seller/coupons/index', is_open: 0, is_sort: 0 },
  { id: 36, pid: 25, name: '优惠劵日志', ename: '', icon: '', apis: '/Seller/coupon_logs', view: 'Seller/coupons/log', is_open: 0, is_sort: 1 },
  { id: 26, pid: 18, name: '秒杀管理', ename: '', icon: 'fa-clock-o', apis: '/Seller/seckills', view: 'Seller/seckills/index', is_open: 0, is_sort: 2 },
  { id: 27, pid: 18, name: '拼团管理', ename: '', icon: 'fa-users', apis: '/Seller/collectives', view: 'Seller/collectives/index', is_open: 0, is_sort: 3 },
  { id: 28, pid: 18, name: '满减管理', ename: '', icon: 'fa-shopping-basket', apis: '/Seller/full_reductions', view: 'Seller/full_reductions/index', is_open: 0, is_sort: 4 },
  { id: 17, pid: 0, name: '数据统计', ename: '', icon: 'fa-bar-chart-o', apis: '', view: '', is_open: 0, is_sort: 98 },
  { id: 29, pid: 17, name: '销量分析', ename: '', icon: 'fa-first-order', apis: '/Seller/dashboard/order', view: 'Seller/dashboard/order', is_open: 0, is_sort: 0 },
  { id: 5, pid: 0, name: '系统中心', ename: '', icon: 'fa-cogs', apis: '', view: '', is_open: 0, is_sort: 99 },
  { id: 6, pid: 5, name: '用户管理', ename: '', icon: 'fa-user', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 7, pid: 6, name: '用户管理', ename: '', icon: '', apis: '/Seller/users', view: 'Seller/users/index', is_open: 0, is_sort: 0 },
  { id: 8, pid: 6, name: '角色管理', ename: '', icon: '', apis: '/Seller/roles', view: 'Seller/roles/index', is_open: 0, is_sort: 2 },
];
