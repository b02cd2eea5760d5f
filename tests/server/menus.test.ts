import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_permissions, admin_to_permissions, user_to_menus } from '../../server/db/schema';
import { adminMenus, sellerMenus } from '../../server/db/seed/menus';
import { buildTree, firstPage, withAncestors, type MenuNode } from '../../server/modules/menus/tree';
import {
  loginAdmin,
  loginOperator,
  loginOwner2Seller,
  loginOwnerSeller,
  loginShopper,
  loginStaffSeller,
  openTestServer,
  type TestServer,
} from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('GET /api/Admin/load_menu', () => {
  it('gives a super admin every admin menu as an ordered tree', async () => {
    const res = await s.call('GET', '/api/Admin/load_menu?type=getChildren', { token: await loginAdmin(s) });
    expect(res.code).toBe(200);
    const all = flatten(res.data);
    expect(all).toHaveLength(adminMenus.length);
    expect(res.data.map((n: MenuNode) => n.name)).toEqual(['工作台', '商品中心', '店铺中心', '营销中心', '积分商城', '数据统计', '系统中心']);
    const first = res.data[0];
    expect(first).toMatchObject({ id: 1, pid: 0, name: '工作台', ename: 'Workbench', icon: 'fa-desktop', apis: '', view: '', is_open: 0, is_sort: 0, lev: 0 });
    expect(first.children.map((n: MenuNode) => n.id)).toEqual([59, 19, 16]);
    expect(first.children[0]).toMatchObject({ apis: '/Admin/dashboard', view: 'Admin/dashboard/index', is_open: 1, lev: 1 });
    expect(first.children[0]).not.toHaveProperty('children');
    const leaf = all.find((n) => n.id === 20)!;
    expect(leaf.lev).toBe(2);
    expect(Object.keys(leaf).sort()).toEqual(['apis', 'ename', 'icon', 'id', 'is_open', 'is_sort', 'lev', 'name', 'pid', 'view']);
    // 店铺管理 (31): 32 and 60 tie on is_sort 0, so by id.
    expect(all.find((n) => n.id === 31)!.children!.map((n) => n.id)).toEqual([32, 60]);
    // 系统配置 (3): the currencies page sits with the other system pages
    expect(all.find((n) => n.id === 3)!.children!.map((n) => n.id)).toEqual([10, 21, 22, 63, 62]);
  });

  it('gives the 运营 role only its menus', async () => {
    const res = await s.call('GET', '/api/Admin/load_menu', { token: await loginOperator(s) });
    expect(res.code).toBe(200);
    expect(res.data.map((n: MenuNode) => n.name)).toEqual(['工作台', '商品中心']);
    expect(flatten(res.data).map((n) => n.id).sort((a, b) => a - b)).toEqual([1, 16, 17, 18, 19, 20, 26, 27, 28, 29, 59, 65]);
  });

  it('limits the depth with deep, and refuses bad input', async () => {
    const token = await loginAdmin(s);
    const shallow = await s.call('GET', '/api/Admin/load_menu?deep=0', { token });
    expect(shallow.data.every((n: MenuNode) => !n.children)).toBe(true);
    expect((await s.call('GET', '/api/Admin/load_menu?type=evil', { token })).code).toBe(422);
    expect((await s.call('GET', '/api/Admin/load_menu?deep=abc', { token })).data.field).toBe('deep');
  });

  it('refuses users tokens and anonymous callers', async () => {
    for (const token of [await loginOwnerSeller(s), await loginShopper(s), null]) {
      const res = await s.call('GET', '/api/Admin/load_menu', { token });
      expect(res.code).toBe(401);
      expect(res.data).toEqual([]);
    }
  });
});

describe('GET /api/Seller/load_menu', () => {
  it('gives a store owner every live seller menu (not the deleted 10 and 11)', async () => {
    const res = await s.call('GET', '/api/Seller/load_menu?type=getChildren', { token: await loginOwnerSeller(s) });
    const ids = flatten(res.data).map((n) => n.id);
    expect(ids).toHaveLength(sellerMenus.length - 2);
    expect(ids).not.toContain(10);
    expect(ids).not.toContain(11);
    expect(res.data.map((n: MenuNode) => n.id)).toEqual([1, 3, 4, 50, 19, 17, 5]);
    const goods = res.data.find((n: MenuNode) => n.id === 3);
    expect(goods.children.map((n: MenuNode) => n.id)).toEqual([12, 9, 41]);
    expect(goods.children[1]).not.toHaveProperty('children');
    expect((await s.call('GET', '/api/Seller/load_menu', { token: await loginOwner2Seller(s) })).data).toHaveLength(7);
  });

  it('gives staff the union of their roles’ menus without duplicates, parents included', async () => {
    const token = await loginStaffSeller(s);
    const res = await s.call('GET', '/api/Seller/load_menu', { token });
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ id: 3, name: '商品中心', lev: 0 });
    expect(res.data[0].children.map((n: MenuNode) => n.id)).toEqual([12, 9]);
    // A second grant of a child of 商品中心 adds it once, with its parent once.
    await s.db.insert(user_to_menus).values({ role_id: 1, menu_id: 14 });
    try {
      const more = await s.call('GET', '/api/Seller/load_menu', { token });
      const ids = flatten(more.data).map((n) => n.id);
      expect(ids).toEqual([3, 12, 9, 4, 14]);
    } finally {
      await s.db.delete(user_to_menus).where(and(eq(user_to_menus.role_id, 1), eq(user_to_menus.menu_id, 14)));
    }
  });

  it('refuses admin tokens, shopper-area tokens and anonymous callers', async () => {
    for (const token of [await loginAdmin(s), await loginShopper(s), null]) {
      expect((await s.call('GET', '/api/Seller/load_menu', { token })).code).toBe(401);
    }
  });
});

describe('admin permissions', () => {
  it('load_permission lists every registered admin route name', async () => {
    const res = await s.call('GET', '/api/Admin/load_permission', { token: await loginAdmin(s) });
    expect(res.code).toBe(200);
    expect(res.data).toEqual(expect.arrayContaining(['admin.auth.info', 'admin.auth.edit', 'admin.load_menu', 'admin.load_permission', 'admin.uploads']));
    expect(res.data.every((name: string) => name.startsWith('admin.'))).toBe(true);
    const rows = await s.db.select().from(admin_permissions);
    expect(rows.map((r) => r.apis).sort()).toEqual([...res.data].sort());
  });

  it('a role without the permission gets 403; granting it opens the route', async () => {
    const token = await loginOperator(s);
    const denied = await s.call('GET', '/api/Admin/load_permission', { token, lang: 'en' });
    expect(denied).toMatchObject({ code: 403, msg: 'You do not have permission for this.', data: [] });
    const [permission] = await s.db.select().from(admin_permissions).where(eq(admin_permissions.apis, 'admin.load_permission'));
    await s.db.insert(admin_to_permissions).values({ role_id: 1, permission_id: permission.id });
    try {
      expect((await s.call('GET', '/api/Admin/load_permission', { token })).code).toBe(200);
    } finally {
      await s.db.delete(admin_to_permissions).where(eq(admin_to_permissions.permission_id, permission.id));
    }
  });

  it('self routes pass for an admin whose role has no permission at all', async () => {
    const token = await loginOperator(s);
    const self = await s.db
      .select({ id: admin_permissions.id })
      .from(admin_permissions)
      .where(inArray(admin_permissions.apis, ['admin.auth.info', 'admin.auth.edit', 'admin.load_menu', 'admin.uploads']));
    const saved = await s.db.select().from(admin_to_permissions).where(eq(admin_to_permissions.role_id, 1));
    await s.db.delete(admin_to_permissions).where(eq(admin_to_permissions.role_id, 1));
    try {
      expect(self).toHaveLength(4);
      expect((await s.call('POST', '/api/Admin/auth/info', { token })).code).toBe(200);
      expect((await s.call('GET', '/api/Admin/load_menu', { token })).code).toBe(200);
      expect((await s.call('POST', '/api/Admin/auth/edit', { token, body: { nickname: '运营小刘' } })).code).toBe(200);
    } finally {
      await s.db.insert(admin_to_permissions).values(saved.map(({ role_id, permission_id }) => ({ role_id, permission_id })));
    }
  });

  it('refuses users tokens on load_permission', async () => {
    expect((await s.call('GET', '/api/Admin/load_permission', { token: await loginOwnerSeller(s) })).code).toBe(401);
    expect((await s.call('GET', '/api/Admin/load_permission')).code).toBe(401);
  });
});

describe('menu tree helpers', () => {
  const row = (id: number, pid: number, is_sort: number, apis = '', view = '') => ({ id, pid, name: `m${id}`, ename: '', icon: '', apis, view, is_open: 0, is_sort });

  it('orders siblings by is_sort then id and adds children only when non-empty', () => {
    const tree = buildTree([row(3, 0, 1), row(2, 0, 1), row(1, 0, 5), row(4, 2, 0)]);
    expect(tree.map((n) => n.id)).toEqual([2, 3, 1]);
    expect(tree[0].children).toEqual([{ ...row(4, 2, 0), lev: 1 }]);
    expect(tree[1]).not.toHaveProperty('children');
  });

  it('drops orphans and survives cycles', () => {
    expect(buildTree([row(1, 2, 0), row(2, 1, 0)])).toEqual([]);
    expect(buildTree([row(1, 0, 0), row(5, 99, 0)]).map((n) => n.id)).toEqual([1]);
  });

  it('finds the first internal page depth first', () => {
    const tree = buildTree([row(1, 0, 0), row(2, 1, 0, 'https://example.com', 'x'), row(3, 1, 1, '/Admin/a', 'Admin/a'), row(4, 0, 1, '/Admin/b', 'Admin/b')]);
    expect(firstPage(tree)).toBe('/Admin/a');
    expect(firstPage([])).toBe('');
  });

  it('adds the ancestors of granted menus', () => {
    const all = [row(1, 0, 0), row(2, 1, 0), row(3, 2, 0), row(4, 0, 0)];
    expect(withAncestors(all, new Set([3])).map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
