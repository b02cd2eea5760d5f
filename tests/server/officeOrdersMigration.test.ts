import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_menus, admin_permission_groups, admin_permissions, user_menus } from '../../server/db/schema';
import { adminMenus, sellerMenus } from '../../server/db/seed/menus';
import { openTestServer, type TestServer } from './helpers';

/**
 * Migration 0009_office_orders_menus on a database seeded before the consoles' order and freight
 * pages: it adds their menu rows and the new admin routes' permissions as a fresh seed has them,
 * once. (A fresh database runs it before its seed: every server test file proves that path.)
 */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const MIGRATION = new URL('../../server/db/migrations/0009_office_orders_menus.sql', import.meta.url);
const run = async () => {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').map((x) => x.trim()).filter(Boolean)) await s.db.execute(sql.raw(statement));
};
const ADMIN_IDS = [35, 36];
const SELLER_IDS = [19, 20, 30, 31, 32];
const ROUTES = ['admin.orders.index', 'admin.orders.show', 'admin.order.edit'];
const pick = ({ id, pid, name, icon, apis, view, is_open, is_sort }: { id: number; pid: number; name: string; icon: string; apis: string; view: string; is_open: number; is_sort: number }) => ({ id, pid, name, icon, apis, view, is_open, is_sort });

describe('migration 0009_office_orders_menus', () => {
  it('adds the order and freight menus and the order permissions to a database seeded before them, once', async () => {
    const seeded = await s.db.select().from(admin_permissions).where(inArray(admin_permissions.apis, ROUTES));
    expect(seeded).toHaveLength(3);
    // as a database seeded before these pages
    await s.db.delete(admin_menus).where(inArray(admin_menus.id, ADMIN_IDS));
    await s.db.delete(user_menus).where(inArray(user_menus.id, SELLER_IDS));
    await s.db.delete(admin_permissions).where(inArray(admin_permissions.apis, ROUTES));
    await s.db.delete(admin_permission_groups).where(inArray(admin_permission_groups.content, ['orders', 'order']));

    await run();
    await run();
    const admin = await s.db.select().from(admin_menus).where(inArray(admin_menus.id, ADMIN_IDS)).orderBy(admin_menus.id);
    expect(admin.map(pick)).toEqual(adminMenus.filter((m) => ADMIN_IDS.includes(m.id)).sort((a, b) => a.id - b.id).map(pick));
    const seller = await s.db.select().from(user_menus).where(inArray(user_menus.id, SELLER_IDS)).orderBy(user_menus.id);
    expect(seller.map(pick)).toEqual(sellerMenus.filter((m) => SELLER_IDS.includes(m.id)).sort((a, b) => a.id - b.id).map(pick));
    const permissions = await s.db
      .select({ apis: admin_permissions.apis, name: admin_permissions.name, group: admin_permission_groups.content })
      .from(admin_permissions)
      .innerJoin(admin_permission_groups, eq(admin_permission_groups.id, admin_permissions.pid))
      .where(and(inArray(admin_permissions.apis, ROUTES), isNull(admin_permissions.deleted_at)))
      .orderBy(admin_permissions.apis);
    expect(permissions).toEqual([
      { apis: 'admin.order.edit', name: seeded.find((p) => p.apis === 'admin.order.edit')!.name, group: 'order' },
      { apis: 'admin.orders.index', name: seeded.find((p) => p.apis === 'admin.orders.index')!.name, group: 'orders' },
      { apis: 'admin.orders.show', name: seeded.find((p) => p.apis === 'admin.orders.show')!.name, group: 'orders' },
    ]);
  });
});
