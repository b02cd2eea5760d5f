import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_menus, admin_permission_groups, admin_permissions, user_menus } from '../../../server/db/schema';
import { adminMenus, sellerMenus } from '../../../server/db/seed/menus';
import { openTestServer, type TestServer } from '../helpers';

/**
 * Migration 0022_seckill_menus on a database seeded before flash sales and group buys: it adds
 * their menu rows (and the shared marketing containers when absent) and the operator routes'
 * permissions as a fresh seed has them, once.
 */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const MIGRATION = new URL('../../../server/db/migrations/0022_seckill_menus.sql', import.meta.url);
const run = async () => {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').map((x) => x.trim()).filter(Boolean)) await s.db.execute(sql.raw(statement));
};
const ADMIN_IDS = [70, 73, 74];
const SELLER_IDS = [50, 53, 54];
const ROUTES = ['admin.collectives.index', 'admin.collectives.show', 'admin.collectives.update', 'admin.seckills.index', 'admin.seckills.show', 'admin.seckills.update'];
const pick = ({ id, pid, name, ename, icon, apis, view, is_open, is_sort }: { id: number; pid: number; name: string; ename: string; icon: string; apis: string; view: string; is_open: number; is_sort: number }) => ({ id, pid, name, ename, icon, apis, view, is_open, is_sort });

describe('migration 0022_seckill_menus', () => {
  it('adds the marketing menus and the operator permissions to a database seeded before them, once', async () => {
    const seeded = await s.db.select().from(admin_permissions).where(inArray(admin_permissions.apis, ROUTES));
    expect(seeded).toHaveLength(6);
    await s.db.delete(admin_menus).where(inArray(admin_menus.id, ADMIN_IDS));
    await s.db.delete(user_menus).where(inArray(user_menus.id, SELLER_IDS));
    await s.db.delete(admin_permissions).where(inArray(admin_permissions.apis, ROUTES));
    await s.db.delete(admin_permission_groups).where(inArray(admin_permission_groups.content, ['seckills', 'collectives']));

    await run();
    await run();
    const admin = await s.db.select().from(admin_menus).where(inArray(admin_menus.id, ADMIN_IDS)).orderBy(admin_menus.id);
    expect(admin.map(pick)).toEqual(adminMenus.filter((m) => ADMIN_IDS.includes(m.id)).sort((a, b) => a.id - b.id).map(pick));
    const seller = await s.db.select().from(user_menus).where(inArray(user_menus.id, SELLER_IDS)).orderBy(user_menus.id);
    expect(seller.map(pick)).toEqual(sellerMenus.filter((m) => SELLER_IDS.includes(m.id)).sort((a, b) => a.id - b.id).map(pick));
    const permissions = await s.db
      .select({ apis: admin_permissions.apis, group: admin_permission_groups.content })
      .from(admin_permissions)
      .innerJoin(admin_permission_groups, eq(admin_permission_groups.id, admin_permissions.pid))
      .where(and(inArray(admin_permissions.apis, ROUTES), isNull(admin_permissions.deleted_at)))
      .orderBy(admin_permissions.apis);
    expect(permissions).toEqual(ROUTES.map((apis) => ({ apis, group: apis.split('.')[1] })));
  });

  it('leaves a container another lane already added alone', async () => {
    await s.db.update(admin_menus).set({ name: '营销中心', is_sort: 9 }).where(eq(admin_menus.id, 70));
    await run();
    const [row] = await s.db.select().from(admin_menus).where(eq(admin_menus.id, 70));
    expect(row.is_sort).toBe(9);
  });
});
