import { sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import { goods_brands, goods_classes } from '../../schema';
import { brandLogo } from '../media';
import { TAXONOMY, type Leaf } from './vocabulary';
import { rowsOf } from './rows';

/** A leaf class of the bulk catalogue, with its words and where it sits. */
export interface ScaleLeaf { id: number; name: string; top: number; mid: number; leaf: Leaf; specs: string[]; model: boolean }
export interface ScaleClasses {
  top: { id: number; name: string; leaves: number[] }[];
  mid: { id: number; name: string; leaves: number[] }[];
  leaves: ScaleLeaf[];
  /** Ids this run created (the rest existed: the demo tree or an earlier run). */
  created: number[];
}
export interface ScaleBrand { id: number; name: string; top: number }

const ascii = (s: string) => /^[\x20-\x7e]+$/.test(s);

/**
 * The taxonomy's classes, each found by its name under its parent or created: the bulk goods join
 * the demo tree where the names agree (手机数码 › 手机通讯) and extend it elsewhere, and a second run
 * reuses the first's. Leaves get their first English noun as English name.
 */
export async function ensureClasses(tx: Tx): Promise<ScaleClasses> {
  const existing = rowsOf<{ id: number; pid: number; name: string }>(await tx.execute(sql`select id, pid, name from goods_classes where deleted_at is null order by id`));
  const byKey = new Map<string, number>();
  for (const row of existing) if (!byKey.has(`${row.pid}/${row.name}`)) byKey.set(`${row.pid}/${row.name}`, Number(row.id));
  const created: number[] = [];
  const ensure = async (pid: number, name: string, ename: string, sort: number) => {
    const found = byKey.get(`${pid}/${name}`);
    if (found) return found;
    const [row] = await tx.insert(goods_classes).values({ pid, name, ename: ename.slice(0, 20), is_sort: sort }).returning({ id: goods_classes.id });
    byKey.set(`${pid}/${name}`, row.id);
    created.push(row.id);
    return row.id;
  };
  const out: ScaleClasses = { top: [], mid: [], leaves: [], created };
  for (const [t, top] of TAXONOMY.entries()) {
    const topId = await ensure(0, top.name, '', 100 + t);
    const topEntry = { id: topId, name: top.name, leaves: [] as number[] };
    for (const [m, [midName, leaves, specs, model]] of top.children.entries()) {
      const midId = await ensure(topId, midName, '', 100 + m);
      const midEntry = { id: midId, name: midName, leaves: [] as number[] };
      for (const [l, leaf] of leaves.entries()) {
        const id = await ensure(midId, leaf.name, leaf.en[0] ?? '', 100 + l);
        out.leaves.push({ id, name: leaf.name, top: t, mid: out.mid.length, leaf, specs, model });
        midEntry.leaves.push(id);
        topEntry.leaves.push(id);
      }
      out.mid.push(midEntry);
    }
    out.top.push(topEntry);
  }
  return out;
}

/** The taxonomy's brands, found by name or created (logos reused from the demo brands, Latin names as English names). */
export async function ensureBrands(tx: Tx): Promise<{ brands: ScaleBrand[]; created: number[] }> {
  const existing = rowsOf<{ id: number; name: string }>(await tx.execute(sql`select id, name from goods_brands where deleted_at is null order by id`));
  const byName = new Map<string, number>();
  for (const row of existing) if (!byName.has(row.name)) byName.set(row.name, Number(row.id));
  const logos = Math.max(1, existing.length);
  const wanted = TAXONOMY.flatMap((t, top) => t.brands.map((name) => ({ name, top })));
  const missing = [...new Map(wanted.filter((b) => !byName.has(b.name)).map((b) => [b.name, b])).values()];
  const created: number[] = [];
  if (missing.length) {
    const rows = await tx
      .insert(goods_brands)
      .values(missing.map((b, k) => ({ name: b.name, ename: ascii(b.name) ? b.name.slice(0, 20) : '', thumb: brandLogo((k % logos) + 1), is_sort: 100 + k })))
      .returning({ id: goods_brands.id, name: goods_brands.name });
    for (const row of rows) {
      byName.set(row.name, row.id);
      created.push(row.id);
    }
  }
  return { brands: wanted.map((b) => ({ id: byName.get(b.name)!, name: b.name, top: b.top })), created };
}

/**
 * Image lists of demo goods for each bulk leaf: goods of the demo leaf of the same name, else of
 * the same second-level class, else of the same top class, else any demo goods. Bulk goods show
 * these pictures (the demo set has thumbnails beside each), so pages at scale look real.
 */
export async function demoImagesFor(tx: Tx, classes: ScaleClasses): Promise<string[][]> {
  const rows = rowsOf<{ images: string; leaf: string; mid: string; top: string }>(
    await tx.execute(sql`select g.goods_images as images, c3.name as leaf, c2.name as mid, c1.name as top
      from goods g join goods_classes c3 on c3.id = g.class_id left join goods_classes c2 on c2.id = c3.pid left join goods_classes c1 on c1.id = c2.pid
      where g.goods_no not like 'BN%' and g.deleted_at is null and g.goods_images <> '' order by g.id`),
  );
  const group = (key: (r: (typeof rows)[number]) => string) => {
    const map = new Map<string, string[]>();
    for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r.images]);
    return map;
  };
  const byLeaf = group((r) => r.leaf);
  const byMid = group((r) => r.mid ?? '');
  const byTop = group((r) => r.top ?? '');
  const all = rows.map((r) => r.images);
  return classes.leaves.map((leaf) => {
    const midName = classes.mid[leaf.mid].name;
    const topName = TAXONOMY[leaf.top].name;
    const lists = byLeaf.get(leaf.name) ?? byMid.get(midName) ?? byTop.get(topName) ?? (all.length ? all : ['']);
    return lists;
  });
}
