import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distribution_logs, integral_earnings, integral_goods, integral_goods_classes, users } from '../../../server/db/schema';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { POINTS_CLASSES } from '../../../server/db/seed/points';
import { loginShopper, openTestServer, type TestServer } from '../helpers';
import { runMigration } from '../menusMigration';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

describe('points and referral demo data', () => {
  it('seeds classes and on-shelf goods the storefront shows', async () => {
    expect(await s.db.$count(integral_goods_classes)).toBe(3);
    expect(await s.db.$count(integral_goods, eq(integral_goods.goods_status, 1))).toBe(8);
    const home = await s.call('GET', '/api/integral/home');
    expect(home.data.recommend.length).toBeGreaterThan(0);
    expect(home.data.list).toHaveLength(3);
  });

  it('names each class in English too; migration 0030 gives a database seeded before the names where the seeded name is kept', async () => {
    const classes = () => s.db.select({ name: integral_goods_classes.name, ename: integral_goods_classes.ename }).from(integral_goods_classes).orderBy(asc(integral_goods_classes.id));
    const seeded = POINTS_CLASSES.map(([name, ename]) => ({ name, ename }));
    expect(await classes()).toEqual(seeded);
    // as before the migration, with one class renamed by an operator
    await s.db.execute(sql`alter table integral_goods_classes drop column ename`);
    await s.db.execute(sql`update integral_goods_classes set name = '居家好物' where name = '居家生活'`);
    await runMigration(s, '0030_points_class_enames');
    expect(await classes()).toEqual(seeded.map((row) => (row.name === '居家生活' ? { name: '居家好物', ename: '' } : row)));
    await s.db.execute(sql`update integral_goods_classes set name = '居家生活', ename = 'Home living' where name = '居家好物'`);
  });

  it('gives the demo shopper points that equal their logs, incl. the points of completed orders; ledger:check finds nothing', async () => {
    const [demo] = await s.db.select().from(users).where(eq(users.username, 'demo'));
    expect(Number(demo.integral)).toBeGreaterThan(2000);
    expect(await s.db.$count(integral_earnings, eq(integral_earnings.user_id, demo.id))).toBeGreaterThan(0);
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('has an invite chain of three levels below the demo shopper and a commission log', async () => {
    const token = await loginShopper(s);
    const summary = await s.call('GET', '/api/user/distribution', { token });
    expect(summary.data.counts).toEqual([1, 1, 1]);
    expect(await s.db.$count(distribution_logs)).toBeGreaterThan(0);
  });
});
