import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { admin_menus } from '../../../server/db/schema';
import { describeMenusMigration } from '../menusMigration';

/** Migration 0022_seckill_menus: flash sales' and group buys' menus (and the shared marketing containers when absent) and the operator routes' permissions. */
describeMenusMigration({
  name: '0022_seckill_menus',
  title: 'adds the marketing menus and the operator permissions to a database seeded before them, once',
  adminIds: [70, 73, 74],
  sellerIds: [50, 53, 54],
  groups: ['seckills', 'collectives'],
  routes: ['admin.collectives.index', 'admin.collectives.show', 'admin.collectives.update', 'admin.seckills.index', 'admin.seckills.show', 'admin.seckills.update'],
  more: (server, run) => {
    it('leaves a container another lane already added alone', async () => {
      await server().db.update(admin_menus).set({ name: '营销中心', is_sort: 9 }).where(eq(admin_menus.id, 70));
      await run();
      const [row] = await server().db.select().from(admin_menus).where(eq(admin_menus.id, 70));
      expect(row.is_sort).toBe(9);
    });
  },
});
