import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { adminRouteNames } from '../../http/permissions';
import { mountModules } from '../../modules';

/**
 * Admin permissions to seed: one row per admin route name that the mounted modules declare
 * (`admin.<resource>.<action>`), grouped by resource. Reading them from the modules keeps the
 * seed in step as modules add routes.
 */
export function adminRouteCatalogue(): string[] {
  mountModules(new Hono<AppEnv>());
  return adminRouteNames();
}

const RESOURCE_LABELS: Record<string, string> = {
  auth: '账号',
  load_menu: '菜单加载',
  load_permission: '接口字典',
  load_grants: '我的权限',
  load_seller_menu: '商家菜单加载',
  uploads: '上传',
  admins: '管理员',
  users: '平台用户',
  menus: '后台菜单',
  seller_menus: '商家菜单',
  roles: '角色',
  permission_groups: '接口分组',
  permissions: '接口',
  configs: '系统配置',
  comments: '评论',
  sms: '短信签名',
  sms_logs: '短信日志',
  agreements: '协议',
  article_menus: '文章栏目',
  articles: '文章',
  notices: '公告',
  adv_spaces: '广告位',
  advs: '广告',
  app_versions: '版本更新',
  money_logs: '资金日志',
  areas: '区域地址',
  currencies: '货币',
  expresses: '物流公司',
  goods_classes: '商品分类',
  goods_brands: '品牌',
  goods: '商品',
  goods_attrs: '商品属性',
  goods_specs: '商品规格',
  goods_skus: '商品SKU',
  stores: '店铺',
  orders: '订单',
  coupons: '优惠券',
  full_reductions: '满减',
  refunds: '售后',
  order: '订单操作',
  cashes: '资金提现',
  order_comments: '订单评论',
  order_settlements: '订单结算',
  integral_goods_classes: '积分商品分类',
  integral_goods: '积分商品',
  integral_orders: '积分订单',
  distribution_logs: '分销日志',
  distributions: '分销设置',
  seckills: '秒杀',
  collectives: '拼团',
  dashboard: '数据统计',
  base: '基础数据',
};

/** Actions of the route names (`admin.<resource>.<action>`); a dotted action is looked up whole first. */
const ACTION_LABELS: Record<string, string> = {
  index: '列表',
  store: '新增',
  show: '详情',
  update: '编辑',
  destroy: '删除',
  import: '导入',
  info: '查看',
  edit: '修改',
  'money.handle': '资金调整',
  handle: '执行',
};

/** `admin.goods.index` → resource `goods`; `admin.load_menu` → resource `load_menu`. */
export function resourceOf(name: string): string {
  return name.split('.')[1] ?? name;
}

/** Whole route names whose action word means something else than the CRUD action of that name. */
const NAME_LABELS: Record<string, string> = {
  'admin.dashboard.all': '数据统计 总览',
  'admin.dashboard.order': '数据统计 销量分析',
  'admin.dashboard.user': '数据统计 会员分析',
  'admin.dashboard.pay': '数据统计 支付分析',
  'admin.dashboard.store': '数据统计 店铺分析',
};

export function permissionLabel(name: string): string {
  if (NAME_LABELS[name]) return NAME_LABELS[name];
  const parts = name.split('.');
  const resource = RESOURCE_LABELS[parts[1]] ?? parts[1];
  const actionParts = parts.slice(2);
  const action = ACTION_LABELS[actionParts.join('.')] ?? actionParts.map((a) => ACTION_LABELS[a] ?? a).join(' ');
  return (action ? `${resource} ${action}` : resource).slice(0, 35);
}

export function groupLabel(resource: string): string {
  return (RESOURCE_LABELS[resource] ?? resource).slice(0, 35);
}

/** Resources of the 运营 (operator) role: the 工作台 and 商品中心 menus, plus every self route. */
export const OPERATOR_RESOURCES = new Set([
  'dashboard',
  'notices',
  'article_menus',
  'articles',
  'goods_classes',
  'goods',
  'goods_brands',
  'goods_attrs',
  'goods_specs',
  'goods_skus',
  'comments',
]);
