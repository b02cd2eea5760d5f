import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { configs } from '../../../server/db/schema';
import { describeMenusMigration } from '../menusMigration';

/** Migration 0013_settle_menus: the settlement and withdrawal pages' menus, the new admin routes' permissions and a 0 % platform commission in the store config. */
describeMenusMigration({
  name: '0013_settle_menus',
  title: 'adds the menus, permissions and commission setting to a database seeded before them, once',
  adminIds: [66, 67],
  sellerIds: [42, 43],
  groups: ['cashes', 'order_settlements'],
  routes: ['admin.cashes.index', 'admin.cashes.show', 'admin.cashes.update', 'admin.order_settlements.handle', 'admin.order_settlements.index', 'admin.order_settlements.show'],
  forget: async (s) => {
    await s.db.update(configs).set({ content: JSON.stringify({ goods_verify: false, cash: '1' }) }).where(eq(configs.name, 'store'));
  },
  check: async (s) => {
    const [store] = await s.db.select({ content: configs.content }).from(configs).where(eq(configs.name, 'store'));
    expect(JSON.parse(store.content)).toEqual({ goods_verify: false, cash: '1', commission: '0' });
  },
});
