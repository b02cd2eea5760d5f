import { and, asc, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areas } from '../../db/schema';
import { memoFor } from '../../http/memo';
import { nestRows } from './tree';

/**
 * The area tree as `GET /api/load_areas` answers it (whole, or down to `deep`): some 3,400 rows
 * nested, kept per instance like the reference's cached tree. An area write, and the console's
 * "clear cache" (`GET /api/Admin/clear_area`), forget it here and announce it through the
 * `shop_changes` sequence, so every instance forgets its copy within about a second
 * (shop/shopChanges.ts); AREA_TREE_TTL_MS only bounds what no write announces.
 */
export const AREA_TREE_TTL_MS = 10 * 60_000;

async function buildTree(db: Db, deep: number) {
  const rows = await db
    .select({ id: areas.id, name: areas.name, code: areas.code, pid: areas.pid, deep: areas.deep })
    .from(areas)
    .where(and(isNull(areas.deleted_at), deep >= 0 ? lte(areas.deep, deep) : undefined))
    .orderBy(asc(areas.code));
  return nestRows(rows, (r) => r.code, (r) => r.pid, '0');
}

type Tree = Awaited<ReturnType<typeof buildTree>>;
const memos = new WeakMap<Db, Map<number, ReturnType<typeof memoFor<Tree>>>>();

/** The tree down to `deep` (-1: every level), built at most once per AREA_TREE_TTL_MS. */
export function areaTree(db: Db, deep: number): Promise<Tree> {
  let byDeep = memos.get(db);
  if (!byDeep) memos.set(db, (byDeep = new Map()));
  let memo = byDeep.get(deep);
  if (!memo) byDeep.set(deep, (memo = memoFor(AREA_TREE_TTL_MS, () => buildTree(db, deep))));
  return memo.get();
}

/** Forget this instance's trees (the next answer is built from the table). */
export function forgetAreaTree(db: Db): void {
  memos.delete(db);
}
