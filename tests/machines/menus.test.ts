import { describe, expect, it } from 'vitest';
import { findRoutePoint, firstTarget, isExternal, menusToRoutes, resolveMenuTarget, routePaths, subPageRoutes, type MenuItem } from '../../machines/menus';
import { ADMIN_MENUS } from './adminMenus.fixture';

const tab = (name: string) => ADMIN_MENUS.find((item) => item.name === name)!;
const paths = routePaths(ADMIN_MENUS);
const hasRoute = (path: string) => paths.has(path);

describe('findRoutePoint', () => {
  it('finds a third-level entry with its trail of ids, tab index and names', () => {
    expect(findRoutePoint(ADMIN_MENUS, '/Admin/order_settlements')).toEqual({
      ids: [30, 31, 48], tab: 2, name: '订单结算', names: ['店铺中心', '店铺管理', '订单结算'],
    });
  });

  it('finds a second-level entry and a standalone page', () => {
    expect(findRoutePoint(ADMIN_MENUS, '/Admin/goods')).toMatchObject({ ids: [26, 28], tab: 1, name: '商品管理' });
    expect(findRoutePoint(ADMIN_MENUS, '/Admin/dashboard')).toMatchObject({ ids: [1, 59], tab: 0, name: '仪表盘' });
  });

  it('is exact and case-sensitive, and null for unknown paths or empty menus', () => {
    expect(findRoutePoint(ADMIN_MENUS, '/Admin/dashboard/user')).toMatchObject({ ids: [54, 55], tab: 4 });
    expect(findRoutePoint(ADMIN_MENUS, '/admin/goods')).toBeNull();
    expect(findRoutePoint(ADMIN_MENUS, '/Admin/nowhere')).toBeNull();
    expect(findRoutePoint(ADMIN_MENUS, '')).toBeNull();
    expect(findRoutePoint([], '/Admin/goods')).toBeNull();
  });
});

describe('firstTarget', () => {
  it('is the entry itself when it has a target', () => {
    expect(firstTarget(tab('积分商城').children![1])?.id).toBe(45);
  });

  it('descends depth-first to the first entry with a target', () => {
    expect(firstTarget(tab('工作台'))?.apis).toBe('/Admin/dashboard');
    expect(firstTarget(tab('店铺中心'))?.apis).toBe('/Admin/stores');
    expect(firstTarget(tab('积分商城'))?.apis).toBe('/Admin/integral_goods_classes');
  });

  it('is null for a container without any target', () => {
    expect(firstTarget(tab('空模块'))).toBeNull();
    expect(firstTarget({ id: 1, pid: 0, name: 'x', children: [{ id: 2, pid: 1, name: 'y', children: [] }] })).toBeNull();
  });
});

describe('resolveMenuTarget', () => {
  it('routes to an entry with a view and a known route', () => {
    expect(resolveMenuTarget(tab('商品中心').children![1], hasRoute)).toEqual({ kind: 'route', path: '/Admin/goods' });
  });

  it('routes a top tab to its first reachable page', () => {
    expect(resolveMenuTarget(tab('系统中心'), hasRoute)).toEqual({ kind: 'route', path: '/Admin/configs/web' });
  });

  it('opens absolute http and https addresses outside, also as a tab first target', () => {
    const docs = tab('系统中心').children!.find((item) => item.id === 70)!;
    expect(resolveMenuTarget(docs, hasRoute)).toEqual({ kind: 'external', url: 'https://docs.example.com/souk' });
    expect(resolveMenuTarget(tab('外部链接'), hasRoute)).toEqual({ kind: 'external', url: 'http://open.example.com' });
  });

  it('is none for a container without targets, or a path with no route', () => {
    expect(resolveMenuTarget(tab('空模块'), hasRoute)).toEqual({ kind: 'none' });
    expect(resolveMenuTarget(tab('商品中心').children![1], () => false)).toEqual({ kind: 'none' });
    const noView: MenuItem = { id: 5, pid: 0, name: 'no view', apis: '/Admin/goods', view: '' };
    expect(resolveMenuTarget(noView, hasRoute)).toEqual({ kind: 'none' });
  });

  it('isExternal accepts only absolute http(s) addresses', () => {
    expect(isExternal('https://a.b')).toBe(true);
    expect(isExternal('HTTP://a.b')).toBe(true);
    expect(isExternal('/Admin/goods')).toBe(false);
    expect(isExternal('ftp://a.b')).toBe(false);
    expect(isExternal('')).toBe(false);
    expect(isExternal(undefined)).toBe(false);
  });
});

describe('menusToRoutes', () => {
  const routes = menusToRoutes(ADMIN_MENUS);

  it('turns every page entry at any depth into a route, in menu order', () => {
    expect(routes.map((route) => route.path)).toEqual([
      '/Admin/dashboard', '/Admin/notices', '/Admin/article_menus', '/Admin/articles',
      '/Admin/goods_classes', '/Admin/goods', '/Admin/goods_brands',
      '/Admin/stores', '/Admin/configs/store', '/Admin/order_settlements', '/Admin/orders', '/Admin/refunds',
      '/Admin/integral_goods_classes', '/Admin/integral_goods', '/Admin/integral_orders',
      '/Admin/dashboard/user', '/Admin/dashboard/store',
      '/Admin/configs/web', '/Admin/app_versions', '/Admin/menus', '/Admin/agreements',
    ]);
  });

  it('marks is_open 1 standalone and carries view and title', () => {
    expect(routes[0]).toEqual({ path: '/Admin/dashboard', view: 'Admin/dashboard/index', standalone: true, title: '仪表盘' });
    expect(routes.find((route) => route.path === '/Admin/goods')).toEqual({
      path: '/Admin/goods', view: 'Admin/exts/goods/index', standalone: false, title: '商品管理',
    });
  });

  it('skips containers, external links, entries without a view and other is_open values', () => {
    expect(routes.some((route) => route.path.startsWith('http'))).toBe(false);
    const odd: MenuItem[] = [
      { id: 1, pid: 0, name: 'link', apis: '/Admin/x', view: 'Admin/x', is_open: 2 },
      { id: 2, pid: 0, name: 'no view', apis: '/Admin/y', view: '' },
      { id: 3, pid: 0, name: 'no path', apis: '', view: 'Admin/z' },
    ];
    expect(menusToRoutes(odd)).toEqual([]);
  });

  it('keeps the children of an entry that is a page too, and the first of duplicate paths', () => {
    const tree: MenuItem[] = [
      { id: 1, pid: 0, name: 'parent page', apis: '/Seller/goods', view: 'Seller/goods/index', is_open: 0, children: [
        { id: 2, pid: 1, name: 'child page', apis: '/Seller/goods_attrs', view: 'Seller/goods_attrs/index', is_open: 0 },
      ] },
      { id: 3, pid: 0, name: 'duplicate', apis: '/Seller/goods', view: 'Seller/other', is_open: 1 },
    ];
    expect(menusToRoutes(tree)).toEqual([
      { path: '/Seller/goods', view: 'Seller/goods/index', standalone: false, title: 'parent page' },
      { path: '/Seller/goods_attrs', view: 'Seller/goods_attrs/index', standalone: false, title: 'child page' },
    ]);
  });

  it('an empty tree has no routes', () => {
    expect(menusToRoutes([])).toEqual([]);
    expect(routePaths([]).size).toBe(0);
  });
});

describe('subPageRoutes', () => {
  const routes = menusToRoutes(ADMIN_MENUS);

  it('places a sub page at its parent menu (path, title, frame) where that menu is a route, and leaves out the others', () => {
    const subs = subPageRoutes(routes, [
      { parentView: 'Admin/configs/web', pattern: '/Admin/configs/task', view: 'Admin/configs/web' },
      { parentView: 'Admin/dashboard/index', pattern: '/Admin/dashboard/more', view: 'Admin/dashboard/more' },
      { parentView: 'Admin/configs/oauth', pattern: '/Admin/configs/oauth/:channel', view: 'Admin/configs/oauth' },
    ]);
    expect(subs).toEqual([
      { path: '/Admin/configs/task', view: 'Admin/configs/web', standalone: false, title: routes.find((r) => r.path === '/Admin/configs/web')!.title, menuPath: '/Admin/configs/web' },
      { path: '/Admin/dashboard/more', view: 'Admin/dashboard/more', standalone: true, title: '仪表盘', menuPath: '/Admin/dashboard' },
    ]);
  });
});
