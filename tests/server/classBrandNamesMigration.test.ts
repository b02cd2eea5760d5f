import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods_brands, goods_classes } from '../../server/db/schema';
import { BRANDS, classRows } from '../../server/db/seed/catalogue-data';
import { openTestServer, type TestServer } from './helpers';
import { runMigration } from './menusMigration';

/**
 * English names of goods classes and brands: a fresh seed writes one for every demo class and
 * brand; migration 0027_class_brand_enames adds the columns and gives a database seeded before
 * the same names, where a row still has its seeded id and Chinese name.
 */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const MIGRATION = '0027_class_brand_enames';
const classes = () => s.db.select({ id: goods_classes.id, name: goods_classes.name, ename: goods_classes.ename }).from(goods_classes).orderBy(asc(goods_classes.id));
const brands = () => s.db.select({ id: goods_brands.id, name: goods_brands.name, ename: goods_brands.ename }).from(goods_brands).orderBy(asc(goods_brands.id));
const seededClasses = classRows().map(({ id, name, ename }) => ({ id, name, ename }));
const seededBrands = BRANDS.map(([name, , , ename], i) => ({ id: i + 1, name, ename }));

describe('English names of the demo catalogue', () => {
  it('the seed gives every class and brand an English name of at most 20 characters, latin text, not the Chinese name', async () => {
    expect(seededClasses).toHaveLength(91);
    for (const row of [...seededClasses, ...seededBrands]) {
      expect(row.ename, row.name).toMatch(/^[A-Za-z][A-Za-z&,' -]*[A-Za-z]$/);
      expect(row.ename.length, row.ename).toBeLessThanOrEqual(20);
    }
    // English names are as distinct as the names: among siblings and among brands
    const siblings = new Map<number, Set<string>>();
    for (const row of classRows()) {
      const set = siblings.get(row.pid) ?? new Set<string>();
      expect(set.has(row.ename), row.ename).toBe(false);
      siblings.set(row.pid, set.add(row.ename));
    }
    expect(new Set(seededBrands.map((b) => b.ename)).size).toBe(seededBrands.length);
    // as written by a fresh seed
    expect(await classes()).toEqual(seededClasses);
    expect(await brands()).toEqual(seededBrands);
  });

  it(`migration ${MIGRATION} on a database seeded before: the seed's English names where the seeded name is kept, none elsewhere`, async () => {
    // as before the migration: no English names; an operator renamed a class and a brand and added one of each
    await s.db.execute(sql`alter table goods_classes drop column ename`);
    await s.db.execute(sql`alter table goods_brands drop column ename`);
    await s.db.execute(sql`update goods_classes set name = '电脑与办公' where id = 2`);
    await s.db.execute(sql`update goods_brands set name = '声岚音响' where id = 2`);
    // (in SQL: the schema's inserts name the English name, not there yet)
    const idOf = async (query: SQL) => ((await s.db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0];
    const added = await idOf(sql`insert into goods_classes (pid, name) values (0, '新加的类') returning id`);
    const addedBrand = await idOf(sql`insert into goods_brands (name) values ('新品牌') returning id`);

    await runMigration(s, MIGRATION);

    const expectedClasses = seededClasses.map((row) => (row.id === 2 ? { ...row, name: '电脑与办公', ename: '' } : row));
    expect(await classes()).toEqual([...expectedClasses, { id: added.id, name: '新加的类', ename: '' }]);
    const expectedBrands = seededBrands.map((row) => (row.id === 2 ? { ...row, name: '声岚音响', ename: '' } : row));
    expect(await brands()).toEqual([...expectedBrands, { id: addedBrand.id, name: '新品牌', ename: '' }]);
    // the columns are as the schema declares them: '' by default, never null
    const [row] = await s.db.insert(goods_brands).values({ name: '又一个' }).returning();
    expect(row.ename).toBe('');
    await s.db.delete(goods_brands).where(eq(goods_brands.id, row.id));
  });
});
