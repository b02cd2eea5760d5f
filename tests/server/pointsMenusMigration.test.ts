import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { admin_menus, configs } from '../../server/db/schema';
import { describeMenusMigration } from './menusMigration';

/** Migration 0015_points_menus: the points mall and referral pages' menus, the new admin routes' permissions and the `integral` configuration; the shared 营销中心 rows are left alone when another lane wrote them. */
describeMenusMigration({
  name: '0015_points_menus',
  title: 'adds the menus, permissions and configuration to a database seeded before them, once',
  adminIds: [70, 75, 76, 77, 78, 79],
  sellerIds: [50, 55],
  groups: ['integral_goods_classes', 'integral_goods', 'integral_orders', 'distributions', 'distribution_logs'],
  permissions: 18,
  forget: async (s) => {
    await s.db.delete(configs).where(eq(configs.name, 'integral'));
  },
  check: async (s) => {
    const [config] = await s.db.select().from(configs).where(eq(configs.name, 'integral'));
    expect(JSON.parse(config.content)).toEqual({ order_rate: '100' });
  },
  more: (server, run) => {
    it('keeps a 营销中心 row another lane already wrote', async () => {
      await server().db.update(admin_menus).set({ is_sort: 7 }).where(eq(admin_menus.id, 70));
      await run();
      expect((await server().db.select().from(admin_menus).where(eq(admin_menus.id, 70)))[0].is_sort).toBe(7);
    });
  },
});
