import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_menus } from '../../server/db/schema';
import { adminMenus } from '../../server/db/seed/menus';
import { openTestServer, type TestServer } from './helpers';
import { runMigration } from './menusMigration';

/** Migration 0037_distribution_logs_menu: the operator's commission list's menu on a database seeded before it. */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

describe('migration 0037_distribution_logs_menu', () => {
  it('adds the menu row exactly as the seed writes it, once, and nothing where 营销中心 is gone', async () => {
    const row = async () => (await s.db.select().from(admin_menus).where(eq(admin_menus.id, 53)))[0];
    const { deleted: _d, ...seeded } = adminMenus.find((m) => m.id === 53)!;
    expect(await row()).toMatchObject(seeded);
    await s.db.delete(admin_menus).where(eq(admin_menus.id, 53));
    await runMigration(s, '0037_distribution_logs_menu');
    await runMigration(s, '0037_distribution_logs_menu');
    expect(await row()).toMatchObject(seeded);
    expect(await s.db.$count(admin_menus, eq(admin_menus.apis, '/Admin/distribution_logs'))).toBe(1);
    // a database whose operator removed the marketing group gets no orphan
    await s.db.delete(admin_menus).where(eq(admin_menus.id, 53));
    await s.db.update(admin_menus).set({ id: 700 }).where(eq(admin_menus.id, 70));
    await runMigration(s, '0037_distribution_logs_menu');
    expect(await row()).toBeUndefined();
  });
});
