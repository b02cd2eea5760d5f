import type { MenuRow } from '../../modules/menus/tree';
/**
 * The menu trees of reference §4.4 (admin console) and §4.5 (seller centre): same ids, parents,
 * names, icons, front-end paths (`apis`), views, is_open and is_sort. Seller rows 10 and 11 are
 * soft-deleted, as in the reference.
 *
 * Only pages that exist are seeded (no "coming soon" pages): the reference's entries for
 * features not built yet are left out, with the groups that would hold nothing else, and come
 * back with their pages, under their reference ids — admin: 40 refunds, 41 returns, 42
 * order_comments (under 35 订单中心), 48 order_settlements, 39 cashes, 52 营销中心 (53
 * distribution_logs, now under 70), 43 积分商城 (44, 45 integral_orders, 46 integral_goods_classes, 47
 * integral_goods), 54 数据统计 (55–58 dashboard/user, store, order, pay); seller: 38 chats, 15
 * order_settlements, 16 cashes, 21 refunds, 22 returns, 23 order_comments (under 19
 * 订单中心), 18 营销中心 (24, 33 distributions, 34 distribution
 * logs, 25, 35 coupons, 36 coupon_logs, 26 seckills, 27 collectives, 28 full_reductions). The
 * analysis pages (admin 54 数据统计 with 55–58, seller 17 with 29) came back with issue 26. tests/server/seed.test.ts checks every seeded view exists.
 */
export interface SeedMenu extends MenuRow {
  deleted?: boolean;
}

/** Admin console menus (admin_menus). */
export const adminMenus: SeedMenu[] = [
  { id: 1, pid: 0, name: '工作台', ename: 'Workbench', icon: 'fa-desktop', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 59, pid: 1, name: '仪表盘', ename: 'Dashboard', icon: 'fa-dashboard', apis: '/Admin/dashboard', view: 'Admin/dashboard/index', is_open: 1, is_sort: 0 },
  { id: 19, pid: 1, name: '公告中心', ename: 'Notices', icon: 'fa-volume-up', apis: '', view: '', is_open: 0, is_sort: 9 },
  { id: 20, pid: 19, name: '公告管理', ename: 'Notice management', icon: '', apis: '/Admin/notices', view: 'Admin/notices/index', is_open: 0, is_sort: 0 },
  { id: 16, pid: 1, name: '文章中心', ename: 'Articles', icon: 'fa-file-text', apis: '', view: '', is_open: 0, is_sort: 10 },
  { id: 17, pid: 16, name: '文章栏目', ename: 'Article columns', icon: '', apis: '/Admin/article_menus', view: 'Admin/article_menus/index', is_open: 0, is_sort: 0 },
  { id: 18, pid: 16, name: '文章管理', ename: 'Article management', icon: '', apis: '/Admin/articles', view: 'Admin/articles/index', is_open: 0, is_sort: 1 },
  { id: 26, pid: 0, name: '商品中心', ename: 'Goods centre', icon: 'fa-shopping-bag', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 27, pid: 26, name: '商品分类', ename: 'Goods classes', icon: 'fa-th-list', apis: '/Admin/goods_classes', view: 'Admin/exts/goods_classes/index', is_open: 0, is_sort: 0 },
  { id: 28, pid: 26, name: '商品管理', ename: 'Goods', icon: 'fa-shopping-bag', apis: '/Admin/goods', view: 'Admin/exts/goods/index', is_open: 0, is_sort: 1 },
  { id: 65, pid: 26, name: '评论管理', ename: 'Reviews', icon: 'fa-commenting', apis: '/Admin/comments', view: 'Admin/comments/index', is_open: 0, is_sort: 3 },
  { id: 29, pid: 26, name: '品牌管理', ename: 'Brands', icon: 'fa-codepen', apis: '/Admin/goods_brands', view: 'Admin/exts/goods_brands/index', is_open: 0, is_sort: 2 },
  { id: 30, pid: 0, name: '店铺中心', ename: 'Store centre', icon: 'fa-archive', apis: '', view: '', is_open: 0, is_sort: 2 },
  { id: 31, pid: 30, name: '店铺管理', ename: 'Stores', icon: 'fa-archive', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 32, pid: 31, name: '店铺管理', ename: 'Store management', icon: '', apis: '/Admin/stores', view: 'Admin/exts/stores/index', is_open: 0, is_sort: 0 },
  { id: 60, pid: 31, name: '店铺配置', ename: 'Store settings', icon: '', apis: '/Admin/configs/store', view: 'Admin/configs/store', is_open: 0, is_sort: 0 },
  { id: 35, pid: 30, name: '订单中心', ename: 'Orders', icon: 'fa-file-text', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 36, pid: 35, name: '订单管理', ename: 'Order management', icon: '', apis: '/Admin/orders', view: 'Admin/exts/orders/index', is_open: 0, is_sort: 0 },
  { id: 64, pid: 35, name: '售后管理', ename: 'After-sales', icon: '', apis: '/Admin/refunds', view: 'Admin/exts/refunds/index', is_open: 0, is_sort: 1 },
  { id: 49, pid: 30, name: '物流中心', ename: 'Logistics', icon: 'fa-truck', apis: '', view: '', is_open: 0, is_sort: 3 },
  { id: 50, pid: 49, name: '区域地址', ename: 'Areas', icon: '', apis: '/Admin/areas', view: 'Admin/exts/areas/index', is_open: 0, is_sort: 0 },
  { id: 51, pid: 49, name: '物流公司', ename: 'Couriers', icon: '', apis: '/Admin/expresses', view: 'Admin/exts/expresses/index', is_open: 0, is_sort: 1 },
  { id: 2, pid: 0, name: '系统中心', ename: 'System', icon: 'fa-cogs', apis: '', view: '', is_open: 0, is_sort: 99 },
  { id: 3, pid: 2, name: '系统配置', ename: 'System settings', icon: 'fa-cog', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 10, pid: 3, name: '网站配置', ename: 'Website settings', icon: '', apis: '/Admin/configs/web', view: 'Admin/configs/web', is_open: 0, is_sort: 0 },
  { id: 21, pid: 3, name: '支付配置', ename: 'Payment settings', icon: '', apis: '/Admin/configs/pay', view: 'Admin/configs/pay', is_open: 0, is_sort: 0 },
  { id: 22, pid: 3, name: '第三方登录', ename: 'Third-party login', icon: '', apis: '/Admin/configs/oauth', view: 'Admin/configs/oauth', is_open: 0, is_sort: 3 },
  // not in the reference seed, which left the currencies page unreachable: Souk's own row
  { id: 63, pid: 3, name: '货币管理', ename: 'Currencies', icon: '', apis: '/Admin/currencies', view: 'Admin/exts/currencies/index', is_open: 0, is_sort: 98 },
  { id: 62, pid: 3, name: '版本更新', ename: 'App versions', icon: '', apis: '/Admin/app_versions', view: 'Admin/app_versions/index', is_open: 0, is_sort: 99 },
  { id: 4, pid: 2, name: '用户管理', ename: 'Users', icon: 'fa-user', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 6, pid: 4, name: '用户管理', ename: 'Administrators', icon: '', apis: '/Admin/admins', view: 'Admin/admins/index', is_open: 0, is_sort: 0 },
  { id: 61, pid: 4, name: '平台用户', ename: 'Platform users', icon: '', apis: '/Admin/users', view: 'Admin/users/index', is_open: 0, is_sort: 0 },
  { id: 7, pid: 4, name: '角色管理', ename: 'Roles', icon: '', apis: '/Admin/roles', view: 'Admin/roles/index', is_open: 0, is_sort: 1 },
  { id: 8, pid: 4, name: '接口分组', ename: 'API groups', icon: '', apis: '/Admin/permission_groups', view: 'Admin/permissions/group', is_open: 0, is_sort: 2 },
  { id: 9, pid: 4, name: '接口管理', ename: 'APIs', icon: '', apis: '/Admin/permissions', view: 'Admin/permissions/index', is_open: 0, is_sort: 3 },
  { id: 11, pid: 2, name: '短信配置', ename: 'SMS', icon: 'fa-envelope', apis: '', view: '', is_open: 0, is_sort: 4 },
  { id: 12, pid: 11, name: '基础配置', ename: 'SMS settings', icon: '', apis: '/Admin/configs/sms', view: 'Admin/configs/sms', is_open: 0, is_sort: 0 },
  { id: 13, pid: 11, name: '签名配置', ename: 'SMS signatures', icon: '', apis: '/Admin/sms', view: 'Admin/sms/index', is_open: 0, is_sort: 1 },
  { id: 14, pid: 11, name: '短信日志', ename: 'SMS logs', icon: '', apis: '/Admin/sms_logs', view: 'Admin/sms_logs/index', is_open: 0, is_sort: 2 },
  { id: 23, pid: 2, name: '广告中心', ename: 'Adverts', icon: 'fa-picture-o', apis: '', view: '', is_open: 0, is_sort: 5 },
  { id: 24, pid: 23, name: '广告位', ename: 'Advert spaces', icon: '', apis: '/Admin/adv_spaces', view: 'Admin/adv_spaces/index', is_open: 0, is_sort: 0 },
  { id: 25, pid: 23, name: '广告管理', ename: 'Advert management', icon: '', apis: '/Admin/advs', view: 'Admin/advs/index', is_open: 0, is_sort: 0 },
  { id: 37, pid: 2, name: '资金管理', ename: 'Funds', icon: 'fa-money', apis: '', view: '', is_open: 0, is_sort: 6 },
  { id: 38, pid: 37, name: '用户资金', ename: 'User funds', icon: '', apis: '/Admin/money_logs', view: 'Admin/money_logs/index', is_open: 0, is_sort: 0 },
  // settlement and withdrawals (issue 13)
  { id: 66, pid: 37, name: '结算管理', ename: 'Settlements', icon: '', apis: '/Admin/order_settlements', view: 'Admin/exts/order_settlements/index', is_open: 0, is_sort: 1 },
  { id: 67, pid: 37, name: '提现管理', ename: 'Withdrawals', icon: '', apis: '/Admin/cashes', view: 'Admin/exts/cashes/index', is_open: 0, is_sort: 2 },
  { id: 5, pid: 2, name: '菜单管理', ename: 'Menus', icon: 'fa-list-ul', apis: '', view: '', is_open: 0, is_sort: 8 },
  { id: 33, pid: 5, name: '后台菜单', ename: 'Admin menus', icon: '', apis: '/Admin/menus', view: 'Admin/menus/index', is_open: 0, is_sort: 0 },
  { id: 34, pid: 5, name: '商家菜单', ename: 'Seller menus', icon: '', apis: '/Admin/seller_menus', view: 'Admin/seller_menus/index', is_open: 0, is_sort: 1 },
  { id: 15, pid: 2, name: '协议管理', ename: 'Agreements', icon: 'fa-file-text', apis: '/Admin/agreements', view: 'Admin/agreements/index', is_open: 0, is_sort: 9 },
  // marketing (issue 14): 70 营销中心 is shared with coupons and seckill (identical row); points mall 75–79
  { id: 70, pid: 0, name: '营销中心', ename: 'Marketing', icon: 'fa-gift', apis: '', view: '', is_open: 0, is_sort: 4 },
  { id: 75, pid: 0, name: '积分商城', ename: 'Points mall', icon: 'fa-diamond', apis: '', view: '', is_open: 0, is_sort: 5 },
  { id: 76, pid: 75, name: '积分商品', ename: 'Points goods', icon: '', apis: '/Admin/integral_goods', view: 'Admin/exts/integral_goods/index', is_open: 0, is_sort: 0 },
  { id: 77, pid: 75, name: '商品分类', ename: 'Points goods classes', icon: '', apis: '/Admin/integral_goods_classes', view: 'Admin/exts/integral_goods_classes/index', is_open: 0, is_sort: 1 },
  { id: 78, pid: 75, name: '积分订单', ename: 'Points orders', icon: '', apis: '/Admin/integral_orders', view: 'Admin/exts/integral_orders/index', is_open: 0, is_sort: 2 },
  { id: 79, pid: 70, name: '分销管理', ename: 'Referral commission', icon: 'fa-sitemap', apis: '/Admin/distributions', view: 'Admin/exts/distributions/index', is_open: 0, is_sort: 9 },
  // every commission paid (issue 30), under the reference's id
  { id: 53, pid: 70, name: '分销日志', ename: 'Commission logs', icon: 'fa-list-alt', apis: '/Admin/distribution_logs', view: 'Admin/exts/distribution_logs/index', is_open: 0, is_sort: 10 },
  { id: 71, pid: 70, name: '优惠券', ename: 'Coupons', icon: '', apis: '/Admin/coupons', view: 'Admin/coupons/index', is_open: 0, is_sort: 0 },
  { id: 72, pid: 70, name: '满减活动', ename: 'Full reductions', icon: '', apis: '/Admin/full_reductions', view: 'Admin/full_reductions/index', is_open: 0, is_sort: 1 },
  { id: 73, pid: 70, name: '秒杀管理', ename: 'Flash sales', icon: 'fa-clock-o', apis: '/Admin/seckills', view: 'Admin/seckills/index', is_open: 0, is_sort: 2 },
  { id: 74, pid: 70, name: '拼团管理', ename: 'Group buys', icon: 'fa-users', apis: '/Admin/collectives', view: 'Admin/collectives/index', is_open: 0, is_sort: 3 },
  // analysis pages (issue 26)
  { id: 54, pid: 0, name: '数据统计', ename: 'Statistics', icon: 'fa-bar-chart-o', apis: '', view: '', is_open: 0, is_sort: 98 },
  { id: 55, pid: 54, name: '会员分析', ename: 'Members', icon: 'fa-users', apis: '/Admin/dashboard/user', view: 'Admin/dashboard/user', is_open: 0, is_sort: 0 },
  { id: 56, pid: 54, name: '店铺分析', ename: 'Stores', icon: 'fa-window-restore', apis: '/Admin/dashboard/store', view: 'Admin/dashboard/store', is_open: 0, is_sort: 1 },
  { id: 57, pid: 54, name: '销量分析', ename: 'Sales', icon: 'fa-first-order', apis: '/Admin/dashboard/order', view: 'Admin/dashboard/order', is_open: 0, is_sort: 2 },
  { id: 58, pid: 54, name: '支付分析', ename: 'Payments', icon: 'fa-money', apis: '/Admin/dashboard/pay', view: 'Admin/dashboard/pay', is_open: 0, is_sort: 3 },
];

/** Seller centre menus (user_menus). */
export const sellerMenus: SeedMenu[] = [
  { id: 1, pid: 0, name: '工作台', ename: 'Workbench', icon: 'fa-desktop', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 37, pid: 1, name: '仪表盘', ename: 'Dashboard', icon: 'fa-dashboard', apis: '/Seller/dashboard', view: 'Seller/dashboard/index', is_open: 1, is_sort: 0 },
  // customer-service chat (issue 27), inside the shell
  { id: 38, pid: 1, name: '客服聊天', ename: 'Customer chat', icon: 'fa-comments-o', apis: '/Seller/chats', view: 'Seller/chats/index', is_open: 0, is_sort: 1 },
  { id: 3, pid: 0, name: '商品中心', ename: 'Goods centre', icon: 'fa-shopping-bag', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 12, pid: 3, name: '商品管理', ename: 'Goods', icon: 'fa-shopping-bag', apis: '/Seller/goods', view: 'Seller/goods/index', is_open: 0, is_sort: 0 },
  { id: 41, pid: 3, name: '评论管理', ename: 'Reviews', icon: 'fa-commenting', apis: '/Seller/comments', view: 'Seller/comments/index', is_open: 0, is_sort: 2 },
  { id: 9, pid: 3, name: '属性规格', ename: 'Attributes & specs', icon: 'fa-cubes', apis: '/Seller/goods_attrs', view: 'Seller/goods_attrs/index', is_open: 0, is_sort: 1 },
  { id: 10, pid: 9, name: '属性管理', ename: 'Attributes', icon: '', apis: '/Seller/goods_attrs', view: 'Seller/goods_attrs/index', is_open: 0, is_sort: 0, deleted: true },
  { id: 11, pid: 9, name: '规格管理', ename: 'Specs', icon: '', apis: '/Seller/goods_specs', view: 'Seller/goods_specs/index', is_open: 0, is_sort: 1, deleted: true },
  { id: 4, pid: 0, name: '店铺中心', ename: 'Store centre', icon: 'fa-archive', apis: '', view: '', is_open: 0, is_sort: 1 },
  { id: 13, pid: 4, name: '店铺配置', ename: 'Store settings', icon: 'fa-cogs', apis: '/Seller/stores', view: 'Seller/stores/index', is_open: 0, is_sort: 0 },
  { id: 14, pid: 4, name: '店铺资金', ename: 'Store funds', icon: 'fa-money', apis: '/Seller/money_logs', view: 'Seller/money_logs/index', is_open: 0, is_sort: 1 },
  // not in the reference seed, which left the image space unreachable: Souk's own row
  { id: 39, pid: 4, name: '图片空间', ename: 'Image space', icon: 'fa-picture-o', apis: '/Seller/file_spaces', view: 'Seller/file_spaces/index', is_open: 0, is_sort: 5 },
  { id: 30, pid: 4, name: '运费配置', ename: 'Freight settings', icon: 'fa-truck', apis: '/Seller/freights', view: 'Seller/freights/index', is_open: 0, is_sort: 4 },
  // settlement and withdrawals (issue 13)
  { id: 42, pid: 4, name: '订单结算', ename: 'Settlements', icon: 'fa-calculator', apis: '/Seller/order_settlements', view: 'Seller/order_settlements/index', is_open: 0, is_sort: 2 },
  { id: 43, pid: 4, name: '资金提现', ename: 'Withdrawals', icon: 'fa-credit-card', apis: '/Seller/cashes', view: 'Seller/cashes/index', is_open: 0, is_sort: 3 },
  { id: 19, pid: 0, name: '订单中心', ename: 'Orders', icon: 'fa-first-order', apis: '', view: '', is_open: 0, is_sort: 3 },
  { id: 20, pid: 19, name: '订单管理', ename: 'Order management', icon: 'fa-first-order', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 31, pid: 20, name: '全部订单', ename: 'All orders', icon: '', apis: '/Seller/orders', view: 'Seller/orders/index', is_open: 0, is_sort: 0 },
  { id: 32, pid: 20, name: '待发订单', ename: 'Orders to ship', icon: '', apis: '/Seller/orders/wait', view: 'Seller/orders/wait', is_open: 0, is_sort: 1 },
  { id: 40, pid: 19, name: '售后管理', ename: 'After-sales', icon: 'fa-undo', apis: '/Seller/refunds', view: 'Seller/refunds/index', is_open: 0, is_sort: 1 },
  { id: 5, pid: 0, name: '系统中心', ename: 'System', icon: 'fa-cogs', apis: '', view: '', is_open: 0, is_sort: 99 },
  { id: 6, pid: 5, name: '用户管理', ename: 'Users', icon: 'fa-user', apis: '', view: '', is_open: 0, is_sort: 0 },
  { id: 7, pid: 6, name: '用户管理', ename: 'Staff', icon: '', apis: '/Seller/users', view: 'Seller/users/index', is_open: 0, is_sort: 0 },
  { id: 8, pid: 6, name: '角色管理', ename: 'Roles', icon: '', apis: '/Seller/roles', view: 'Seller/roles/index', is_open: 0, is_sort: 2 },
  // marketing (issue 14): 50 营销中心 is shared with coupons and seckill (identical row)
  { id: 50, pid: 0, name: '营销中心', ename: 'Marketing', icon: 'fa-gift', apis: '', view: '', is_open: 0, is_sort: 2 },
  { id: 55, pid: 50, name: '分销管理', ename: 'Referral commission', icon: 'fa-sitemap', apis: '/Seller/distributions', view: 'Seller/distributions/index', is_open: 0, is_sort: 9 },
  { id: 51, pid: 50, name: '优惠券', ename: 'Coupons', icon: 'fa-ticket', apis: '/Seller/coupons', view: 'Seller/coupons/index', is_open: 0, is_sort: 0 },
  { id: 52, pid: 50, name: '满减活动', ename: 'Full reductions', icon: 'fa-tags', apis: '/Seller/full_reductions', view: 'Seller/full_reductions/index', is_open: 0, is_sort: 1 },
  { id: 53, pid: 50, name: '秒杀管理', ename: 'Flash sales', icon: 'fa-clock-o', apis: '/Seller/seckills', view: 'Seller/seckills/index', is_open: 0, is_sort: 2 },
  { id: 54, pid: 50, name: '拼团管理', ename: 'Group buys', icon: 'fa-users', apis: '/Seller/collectives', view: 'Seller/collectives/index', is_open: 0, is_sort: 3 },
  // analysis page (issue 26)
  { id: 17, pid: 0, name: '数据统计', ename: 'Statistics', icon: 'fa-bar-chart-o', apis: '', view: '', is_open: 0, is_sort: 98 },
  { id: 29, pid: 17, name: '销量分析', ename: 'Sales', icon: 'fa-first-order', apis: '/Seller/dashboard/order', view: 'Seller/dashboard/order', is_open: 0, is_sort: 0 },
];
