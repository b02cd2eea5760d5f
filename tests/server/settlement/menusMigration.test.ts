import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_menus, admin_permission_groups, admin_permissions, configs, user_menus } from '../../../server/db/schema';
import { adminMenus, sellerMenus } from '../../../server/db/seed/menus';
import { openTestServer, type TestServer } from '../helpers';

/**
 * Migration 0013_settle_menus on a database seeded before the settlement and withdrawal pages: it
 * adds their menu rows, the new admin routes' permissions as a fresh seed names them, and a 0 %
 * platform commission to the store config, once.
 */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const MIGRATION = new URL('../../../server/db/migrations/0013_settle_menus.sql', import.meta.url);
const run = async () => {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').map((x) => x.trim()).filter(Boolean)) await s.db.execute(sql.raw(statement));
};
const ADMIN_IDS = [66, 67];
const SELLER_IDS = [42, 43];
const ROUTES = ['admin.cashes.index', 'admin.cashes.show', 'admin.cashes.update', 'admin.order_settlements.handle', 'admin.order_settlements.index', 'admin.order_settlements.show'];
const pick = ({ id, pid, name, ename, icon, apis, view, is_open, is_sort }: { id: number; pid: number; name: string; ename: string; icon: string; apis: string; view: string; is_open: number; is_sort: number }) => ({ id, pid, name, ename, icon, apis, view, is_open, is_sort });

describe('migration 0013_settle_menus', () => {
  it('adds the menus, permissions and commission setting to a database seeded before them, once', async () => {
    const seeded = await s.db.select().from(admin_permissions).where(inArray(admin_permissions.apis, ROUTES));
    expect(seeded).toHaveLength(6);
    await s.db.delete(admin_menus).where(inArray(admin_menus.id, ADMIN_IDS));
    await s.db.delete(user_menus).where(inArray(user_menus.id, SELLER_IDS));
    await s.db.delete(admin_permissions).where(inArray(admin_permissions.apis, ROUTES));
    await s.db.delete(admin_permission_groups).where(inArray(admin_permission_groups.content, ['cashes', 'order_settlements']));
    await s.db.update(configs).set({ content: JSON.stringify({ goods_verify: false, cash: '1' }) }).where(eq(configs.name, 'store'));

    await run();
    await run();
    const admin = await s.db.select().from(admin_menus).where(inArray(admin_menus.id, ADMIN_IDS)).orderBy(admin_menus.id);
    expect(admin.map(pick)).toEqual(adminMenus.filter((m) => ADMIN_IDS.includes(m.id)).map(pick));
    const seller = await s.db.select().from(user_menus).where(inArray(user_menus.id, SELLER_IDS)).orderBy(user_menus.id);
    expect(seller.map(pick)).toEqual(sellerMenus.filter((m) => SELLER_IDS.includes(m.id)).map(pick));
    const permissions = await s.db
      .select({ apis: admin_permissions.apis, name: admin_permissions.name, group: admin_permission_groups.content })
      .from(admin_permissions)
      .innerJoin(admin_permission_groups, eq(admin_permission_groups.id, admin_permissions.pid))
      .where(and(inArray(admin_permissions.apis, ROUTES), isNull(admin_permissions.deleted_at)))
      .orderBy(admin_permissions.apis);
    expect(permissions).toEqual(
      [...seeded].sort((a, b) => a.apis.localeCompare(b.apis)).map((p) => ({ apis: p.apis, name: p.name, group: p.apis.split('.')[1] })),
    );
    const [store] = await s.db.select({ content: configs.content }).from(configs).where(eq(configs.name, 'store'));
    expect(JSON.parse(store.content)).toEqual({ goods_verify: false, cash: '1', commission: '0' });
  });
});
