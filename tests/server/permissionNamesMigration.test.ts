import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_permission_groups, admin_permissions } from '../../server/db/schema';
import { openTestServer, type TestServer } from './helpers';
import { runMigration } from './menusMigration';

/**
 * Migration 0006_permission_names on a database seeded before it: the half-English names the old
 * seed wrote become Chinese, names an operator chose stay, and the new store delete route gets its
 * permission in the stores group once.
 */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const run = () => runMigration(s, '0006_permission_names');
const nameOf = async (apis: string) =>
  (await s.db.select({ name: admin_permissions.name }).from(admin_permissions).where(and(eq(admin_permissions.apis, apis), isNull(admin_permissions.deleted_at)))).map((r) => r.name);

describe('migration 0006_permission_names', () => {
  it('renames the seed\'s English names, keeps an operator\'s, adds the store delete permission once', async () => {
    // As the old seed left them, and one renamed by an operator.
    await s.db.update(admin_permissions).set({ name: '平台用户 import' }).where(eq(admin_permissions.apis, 'admin.users.import'));
    await s.db.update(admin_permissions).set({ name: '文章 import' }).where(eq(admin_permissions.apis, 'admin.articles.import'));
    await s.db.update(admin_permissions).set({ name: '平台用户 money handle' }).where(eq(admin_permissions.apis, 'admin.users.money.handle'));
    await s.db.update(admin_permissions).set({ name: '批量导入公告' }).where(eq(admin_permissions.apis, 'admin.notices.import'));
    await s.db.delete(admin_permissions).where(eq(admin_permissions.apis, 'admin.stores.destroy'));

    await run();
    expect(await nameOf('admin.users.import')).toEqual(['平台用户 导入']);
    expect(await nameOf('admin.articles.import')).toEqual(['文章 导入']);
    expect(await nameOf('admin.users.money.handle')).toEqual(['平台用户 资金调整']);
    expect(await nameOf('admin.notices.import')).toEqual(['批量导入公告']);
    expect(await nameOf('admin.stores.destroy')).toEqual(['店铺 删除']);
    const [group] = await s.db.select({ id: admin_permission_groups.id }).from(admin_permission_groups).where(eq(admin_permission_groups.content, 'stores'));
    const [added] = await s.db.select({ pid: admin_permissions.pid }).from(admin_permissions).where(eq(admin_permissions.apis, 'admin.stores.destroy'));
    expect(added.pid).toBe(group.id);

    await run();
    expect(await nameOf('admin.stores.destroy')).toEqual(['店铺 删除']);
  });
});
