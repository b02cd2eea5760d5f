import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_menus, user_menus } from '../../../server/db/schema';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { countRows, limitedAdmin } from './setup';

const PAGES = [
  { path: '/api/Admin/menus', table: admin_menus, resource: 'menus', root: 2, child: 3 },
  { path: '/api/Admin/seller_menus', table: user_menus, resource: 'seller_menus', root: 5, child: 6 },
] as const;

describe.each(PAGES)('admin: $resource (lazy tree)', ({ path, table, resource, root, child }) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
  });
  afterAll(() => s?.close());

  const liveMenus = () => countRows(s, table, isNull(table.deleted_at));

  it('lists a level with has_children, sorted by is_sort, and searches', async () => {
    const roots = await s.call('GET', `${path}?isChildren=true&pid=0`, { token: admin });
    expect(roots.code).toBe(200);
    const node = roots.data.find((m: { id: number }) => m.id === root);
    expect(node.has_children).not.toBeNull();
    const sorts = roots.data.map((m: { is_sort: number }) => m.is_sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    const children = await s.call('GET', `${path}?isChildren=1&pid=${root}`, { token: admin });
    expect(children.data.every((m: { pid: number }) => m.pid === root)).toBe(true);
    const found = await s.call('GET', `${path}?name=用户|likeRight`, { token: admin });
    expect(found.data.total).toBeGreaterThan(0);
  });

  it('creates, updates, refuses to delete a parent with children, deletes leaf then parent', async () => {
    const parent = await s.call('POST', path, { token: admin, body: { pid: 0, name: '测试', icon: 'fa-cog', apis: '', view: '', is_open: 0, is_sort: '' } });
    expect(parent.code).toBe(200);
    const leaf = await s.call('POST', path, {
      token: admin,
      body: { pid: parent.data.id, name: '子页', apis: '/Admin/test_page', view: 'Admin/test/index', is_open: 1, is_sort: 3 },
    });
    expect(leaf.code).toBe(200);
    const external = await s.call('PUT', `${path}/${leaf.data.id}`, { token: admin, body: { apis: 'https://example.com/help' } });
    expect(external.data.apis).toBe('https://example.com/help');

    const refused = await s.call('DELETE', `${path}/${parent.data.id}`, { token: admin });
    expect(refused.code).toBe(422);
    expect(refused.msg).toContain('测试');
    expect(await countRows(s, table, and(eq(table.id, parent.data.id), isNull(table.deleted_at)))).toBe(1);

    expect((await s.call('DELETE', `${path}/${leaf.data.id}`, { token: admin })).data).toBe(1);
    expect((await s.call('DELETE', `${path}/${parent.data.id}`, { token: admin })).data).toBe(1);
  });

  it('refuses bad fields, unknown parents and cycles, writing nothing', async () => {
    const before = await liveMenus();
    for (const body of <Record<string, string | number>[]>[
      { pid: 0, name: '' },
      { pid: 0, name: 'x', icon: 'glyphicon-star' },
      { pid: 0, name: 'x', apis: 'javascript:alert(1)' },
      { pid: 0, name: 'x', apis: 'no-slash' },
      { pid: 0, name: 'x', view: '../../etc' },
      { pid: 0, name: 'x', is_open: 2 },
      { pid: 99999, name: 'x' },
      { pid: 'abc', name: 'x' },
    ]) {
      expect((await s.call('POST', path, { token: admin, body })).code, JSON.stringify(body)).toBe(422);
    }
    expect(await liveMenus()).toBe(before);
    const cycle = await s.call('PUT', `${path}/${root}`, { token: admin, body: { pid: child } });
    expect(cycle.code).toBe(422);
    const self = await s.call('PUT', `${path}/${root}`, { token: admin, body: { pid: root } });
    expect(self.code).toBe(422);
    const [row] = await s.db.select().from(table).where(eq(table.id, root));
    expect(row.pid).toBe(0);
  });

  it('403 without the permission (nothing written), allowed with it; 401 for a seller token', async () => {
    const without = await limitedAdmin(s, [`admin.${resource}.index`]);
    const before = await liveMenus();
    expect((await s.call('POST', path, { token: without.token, body: { pid: 0, name: 'no' } })).code).toBe(403);
    expect((await s.call('DELETE', `${path}/${child}`, { token: without.token })).code).toBe(403);
    expect(await liveMenus()).toBe(before);
    const withIt = await limitedAdmin(s, [`admin.${resource}.store`]);
    expect((await s.call('POST', path, { token: withIt.token, body: { pid: 0, name: 'yes' } })).code).toBe(200);
    expect(await liveMenus()).toBe(before + 1);
    expect((await s.call('GET', path, { token: await loginOwnerSeller(s) })).code).toBe(401);
  });
});

describe('admin: load_seller_menu', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await openTestServer();
  });
  afterAll(() => s?.close());

  it('gives the seller menu tree to any admin holding the permission, not only super admins', async () => {
    const full = await s.call('GET', '/api/Admin/load_seller_menu?deep=2', { token: await loginAdmin(s) });
    expect(full.data.find((m: { id: number }) => m.id === 5).children.length).toBeGreaterThan(0);
    const limited = await limitedAdmin(s, ['admin.load_seller_menu']);
    const res = await s.call('GET', '/api/Admin/load_seller_menu', { token: limited.token });
    expect(res.data.length).toBe(full.data.length);
    const none = await limitedAdmin(s, []);
    expect((await s.call('GET', '/api/Admin/load_seller_menu', { token: none.token })).code).toBe(403);
  });
});

describe('menu edits reach load_menu at once (the menu memo is cleared on write)', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
  });
  afterAll(() => s?.close());

  const names = (tree: { name: string; children?: unknown[] }[]): string[] =>
    tree.flatMap((m) => [m.name, ...names((m.children ?? []) as { name: string; children?: unknown[] }[])]);

  it('shows a renamed admin menu and a new seller menu on the next load', async () => {
    expect(names((await s.call('GET', '/api/Admin/load_menu?type=getChildren', { token: admin })).data)).toContain('工作台');
    const renamed = await s.call('PUT', '/api/Admin/menus/1', { token: admin, body: { name: '控制台' } });
    expect(renamed.code).toBe(200);
    const after = names((await s.call('GET', '/api/Admin/load_menu?type=getChildren', { token: admin })).data);
    expect(after).toContain('控制台');
    expect(after).not.toContain('工作台');

    const owner = await loginOwnerSeller(s);
    expect(names((await s.call('GET', '/api/Seller/load_menu?type=getChildren', { token: owner })).data)).not.toContain('新页面');
    const added = await s.call('POST', '/api/Admin/seller_menus', { token: admin, body: { pid: 1, name: '新页面', apis: '/Seller/new_page', view: 'Seller/new_page/index', is_open: 0 } });
    expect(added.code).toBe(200);
    expect(names((await s.call('GET', '/api/Seller/load_menu?type=getChildren', { token: owner })).data)).toContain('新页面');
  });
});
