/**
 * The 100,000-goods catalogue of the keyword-search benchmark (issue 4), made by the bulk seed
 * (`npm run seed -- --goods N`, server/db/seed/scale): the same generator, vocabulary and markers,
 * so a database scaled by the seed command is also a search bench database. When the database
 * already holds at least that many bulk goods, they are described and used as they are (and kept);
 * otherwise one seed run adds them, and `removeGoods` takes that run out again afterwards.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { seedScale } from '../server/db/seed/scale';
import { ensureBrands, ensureClasses } from '../server/db/seed/scale/classes';
import { sampleGoods } from '../server/db/seed/scale/goods';
import { ownerName } from '../server/db/seed/scale/run';

export { prng } from '../server/db/seed/scale/random';

export interface BenchLeaf { id: number; name: string; top: number; zh: string[]; en: string[] }
export interface BenchCatalogue {
  goods: number;
  visible: number;
  stores: { total: number; open: number };
  classes: { top: { id: number; name: string; leaves: number[] }[]; mid: { id: number; name: string; leaves: number[] }[]; leaves: BenchLeaf[] };
  brands: { id: number; name: string; top: number }[];
  /** A few visible goods ids (for detail pages). */
  sampleIds: number[];
  ms: number;
  /** The seed run that wrote it, and what to take out again (null: goods that were there before, kept). */
  written: { run: number; classes: number[]; brands: number[] } | null;
}

export interface GenerateOptions { count?: number; stores?: number; seed?: number; log?: (line: string) => void }

const rows = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** The catalogue: the bulk goods already in the database when there are `count`, else a seed run of `count` goods. */
export async function generateGoods(db: Db, opts: GenerateOptions = {}): Promise<BenchCatalogue> {
  const count = opts.count ?? 100_000;
  const started = Date.now();
  const [have] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from goods where goods_no like 'BN%'`));
  if (Number(have.n) >= count) {
    opts.log?.(`  using the ${have.n} bulk goods already in the database`);
    const described = await db.transaction(async (tx) => ({ classes: await ensureClasses(tx), brands: (await ensureBrands(tx)).brands, sampleIds: await sampleGoods(tx) }));
    const [figures] = rows<{ visible: number; stores: number; open: number }>(
      await db.execute(sql`select
        (select count(*)::int from goods g join stores s on s.id = g.store_id where g.goods_no like 'BN%' and g.goods_status = 1 and g.goods_verify = 1
          and g.deleted_at is null and s.store_status = 1 and s.store_verify = 4 and s.deleted_at is null) as visible,
        (select count(*)::int from stores where id in (select distinct store_id from goods where goods_no like 'BN%')) as stores,
        (select count(*)::int from stores where store_status = 1 and store_verify = 4 and deleted_at is null and id in (select distinct store_id from goods where goods_no like 'BN%')) as open`),
    );
    return {
      goods: Number(have.n),
      visible: Number(figures.visible),
      stores: { total: Number(figures.stores), open: Number(figures.open) },
      classes: benchClasses(described.classes),
      brands: described.brands,
      sampleIds: described.sampleIds,
      ms: Date.now() - started,
      written: null,
    };
  }
  const result = await seedScale(db, { goods: count, orders: 0, stores: opts.stores ?? 300, seed: opts.seed, log: opts.log });
  return {
    goods: result.goods,
    visible: result.visible,
    stores: result.stores,
    classes: benchClasses(result.classes),
    brands: result.brands,
    sampleIds: result.sampleIds,
    ms: result.ms,
    written: { run: result.run, classes: result.createdClasses, brands: result.createdBrands },
  };
}

function benchClasses(c: Awaited<ReturnType<typeof ensureClasses>>): BenchCatalogue['classes'] {
  return { top: c.top, mid: c.mid, leaves: c.leaves.map((l) => ({ id: l.id, name: l.name, top: l.top, zh: l.leaf.zh, en: l.leaf.en })) };
}

/** Takes the run `generateGoods` wrote out again (goods, SKUs, stores and their owners, classes and brands it created); nothing when it wrote none. */
export async function removeGoods(db: Db, cat: BenchCatalogue): Promise<void> {
  if (!cat.written) return;
  const { run, classes, brands } = cat.written;
  const goodsNo = `BN${run}-%`;
  const owners = `${ownerName(run, 0).slice(0, 5)}%`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from goods_skus where goods_id in (select id from goods where goods_no like ${goodsNo})`);
    await tx.execute(sql`delete from goods where goods_no like ${goodsNo}`);
    const stores = sql`(select s.id from stores s join users u on u.id = s.user_id where u.username like ${owners})`;
    await tx.execute(sql`delete from goods_specs where attr_id in (select id from goods_attrs where store_id in ${stores})`);
    for (const table of ['goods_attrs', 'freights', 'store_classes']) await tx.execute(sql`delete from ${sql.identifier(table)} where store_id in ${stores}`);
    await tx.execute(sql`delete from stores where id in ${stores}`);
    await tx.execute(sql`delete from users where username like ${owners}`);
    if (classes.length) await tx.execute(sql`delete from goods_classes where id in (${sql.join(classes.map((id) => sql`${id}`), sql`, `)})`);
    if (brands.length) await tx.execute(sql`delete from goods_brands where id in (${sql.join(brands.map((id) => sql`${id}`), sql`, `)})`);
  });
}
