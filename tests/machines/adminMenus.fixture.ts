/**
 * The seeded admin menu tree (reference api.md §4.4) as load_menu?type=getChildren returns it,
 * plus one external link entry the seed does not have.
 */
import type { MenuItem } from '../../machines/menus';

let sort = 0;
const m = (id: number, pid: number, name: string, icon: string, apis: string, view: string, is_open: 0 | 1, children?: MenuItem[]): MenuItem => ({
  id, pid, name, ename: '', icon, apis, view, is_open, is_sort: sort++, lev: 0, ...(children ? { children } : {}),
});

export const ADMIN_MENUS: MenuItem[] = [
  m(1, 0, '工作台', 'fa-desktop', '', '', 0, [
    m(59, 1, '仪表盘', 'fa-dashboard', '/Admin/dashboard', 'Admin/dashboard/index', 1),
    m(19, 1, '公告中心', 'fa-volume-up', '', '', 0, [
      m(20, 19, '公告管理', '', '/Admin/notices', 'Admin/notices/index', 0),
    ]),
    m(16, 1, '文章中心', 'fa-file-text', '', '', 0, [
      m(17, 16, '文章栏目', '', '/Admin/article_menus', 'Admin/article_menus/index', 0),
      m(18, 16, '文章管理', '', '/Admin/articles', 'Admin/articles/index', 0),
    ]),
  ]),
  m(26, 0, '商品中心', 'fa-shopping-bag', '', '', 0, [
    m(27, 26, '商品分类', 'fa-th-list', '/Admin/goods_classes', 'Admin/exts/goods_classes/index', 0),
    m(28, 26, '商品管理', 'fa-shopping-bag', '/Admin/goods', 'Admin/exts/goods/index', 0),
    m(29, 26, '品牌管理', 'fa-codepen', '/Admin/goods_brands', 'Admin/exts/goods_brands/index', 0),
  ]),
  m(30, 0, '店铺中心', 'fa-archive', '', '', 0, [
    m(31, 30, '店铺管理', 'fa-archive', '', '', 0, [
      m(32, 31, '店铺管理', '', '/Admin/stores', 'Admin/exts/stores/index', 0),
      m(60, 31, '店铺配置', '', '/Admin/configs/store', 'Admin/configs/store', 0),
      m(48, 31, '订单结算', '', '/Admin/order_settlements', 'Admin/exts/order_settlements/index', 0),
    ]),
    m(35, 30, '订单中心', 'fa-file-text', '', '', 0, [
      m(36, 35, '订单管理', '', '/Admin/orders', 'Admin/exts/orders/index', 0),
      m(40, 35, '退款订单', '', '/Admin/refunds', 'Admin/exts/refunds/index', 0),
    ]),
  ]),
  m(43, 0, '积分商城', 'fa-birthday-cake', '', '', 0, [
    m(44, 43, '商品管理', 'fa-shopping-bag', '', '', 0, [
      m(46, 44, '商品分类', '', '/Admin/integral_goods_classes', 'Admin/exts/integral_goods_classes/index', 0),
      m(47, 44, '商品管理', '', '/Admin/integral_goods', 'Admin/exts/integral_goods/index', 0),
    ]),
    m(45, 43, '订单管理', 'fa-file-text', '/Admin/integral_orders', 'Admin/exts/integral_orders/index', 0),
  ]),
  m(54, 0, '数据统计', 'fa-bar-chart-o', '', '', 0, [
    m(55, 54, '会员分析', 'fa-users', '/Admin/dashboard/user', 'Admin/dashboard/user', 0),
    m(56, 54, '店铺分析', 'fa-window-restore', '/Admin/dashboard/store', 'Admin/dashboard/store', 0),
  ]),
  m(2, 0, '系统中心', 'fa-cogs', '', '', 0, [
    m(3, 2, '系统配置', 'fa-cog', '', '', 0, [
      m(10, 3, '网站配置', '', '/Admin/configs/web', 'Admin/configs/web', 0),
      m(62, 3, '版本更新', '', '/Admin/app_versions', 'Admin/app_versions/index', 0),
    ]),
    m(5, 2, '菜单管理', 'fa-list-ul', '', '', 0, [
      m(33, 5, '后台菜单', '', '/Admin/menus', 'Admin/menus/index', 0),
    ]),
    m(15, 2, '协议管理', 'fa-file-text', '/Admin/agreements', 'Admin/agreements/index', 0),
    m(70, 2, '帮助文档', 'fa-book', 'https://docs.example.com/souk', '', 0),
  ]),
  m(80, 0, '外部链接', 'fa-link', '', '', 0, [
    m(81, 80, '开放平台', '', 'http://open.example.com', '', 0),
  ]),
  m(90, 0, '空模块', 'fa-square-o', '', '', 0),
];
