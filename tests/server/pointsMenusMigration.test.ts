import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_menus, admin_permission_groups, admin_permissions, configs, user_menus } from '../../server/db/schema';
import { adminMenus, sellerMenus } from '../../server/db/seed/menus';
import { openTestServer, type TestServer } from './helpers';

/**
 * Migration 0015_points_menus on a database seeded before the points mall and referral pages: it
 * adds their menu rows, the new admin routes' permissions and the `integral` configuration as a
 * fresh seed has them, once; the shared 营销中心 rows are left alone when another lane wrote them.
 */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const MIGRATION = new URL('../../server/db/migrations/0015_points_menus.sql', import.meta.url);
const run = async () => {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').map((x) => x.trim()).filter(Boolean)) await s.db.execute(sql.raw(statement));
};
const ADMIN_IDS = [70, 75, 76, 77, 78, 79];
const SELLER_IDS = [50, 55];
const GROUPS = ['integral_goods_classes', 'integral_goods', 'integral_orders', 'distributions', 'distribution_logs'];
const pick = ({ id, pid, name, ename, icon, apis, view, is_open, is_sort }: { id: number; pid: number; name: string; ename: string; icon: string; apis: string; view: string; is_open: number; is_sort: number }) => ({ id, pid, name, ename, icon, apis, view, is_open, is_sort });

describe('migration 0015_points_menus', () => {
  it('adds the menus, permissions and configuration to a database seeded before them, once', async () => {
    const seeded = await s.db
      .select({ apis: admin_permissions.apis, name: admin_permissions.name })
      .from(admin_permissions)
      .innerJoin(admin_permission_groups, eq(admin_permission_groups.id, admin_permissions.pid))
      .where(inArray(admin_permission_groups.content, GROUPS))
      .orderBy(admin_permissions.apis);
    expect(seeded).toHaveLength(18);
    await s.db.delete(admin_menus).where(inArray(admin_menus.id, ADMIN_IDS));
    await s.db.delete(user_menus).where(inArray(user_menus.id, SELLER_IDS));
    await s.db.delete(admin_permissions).where(inArray(admin_permissions.apis, seeded.map((p) => p.apis)));
    await s.db.delete(admin_permission_groups).where(inArray(admin_permission_groups.content, GROUPS));
    await s.db.delete(configs).where(eq(configs.name, 'integral'));

    await run();
    await run();
    const admin = await s.db.select().from(admin_menus).where(inArray(admin_menus.id, ADMIN_IDS)).orderBy(admin_menus.id);
    expect(admin.map(pick)).toEqual(adminMenus.filter((m) => ADMIN_IDS.includes(m.id)).sort((a, b) => a.id - b.id).map(pick));
    const seller = await s.db.select().from(user_menus).where(inArray(user_menus.id, SELLER_IDS)).orderBy(user_menus.id);
    expect(seller.map(pick)).toEqual(sellerMenus.filter((m) => SELLER_IDS.includes(m.id)).sort((a, b) => a.id - b.id).map(pick));
    const permissions = await s.db
      .select({ apis: admin_permissions.apis, name: admin_permissions.name })
      .from(admin_permissions)
      .innerJoin(admin_permission_groups, eq(admin_permission_groups.id, admin_permissions.pid))
      .where(and(inArray(admin_permission_groups.content, GROUPS), isNull(admin_permissions.deleted_at)))
      .orderBy(admin_permissions.apis);
    expect(permissions).toEqual(seeded);
    const [config] = await s.db.select().from(configs).where(eq(configs.name, 'integral'));
    expect(JSON.parse(config.content)).toEqual({ order_rate: '100' });
  });

  it('keeps a 营销中心 row another lane already wrote', async () => {
    await s.db.update(admin_menus).set({ is_sort: 7 }).where(eq(admin_menus.id, 70));
    await run();
    expect((await s.db.select().from(admin_menus).where(eq(admin_menus.id, 70)))[0].is_sort).toBe(7);
  });
});
