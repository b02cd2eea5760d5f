import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/**
 * The rollups' upkeep (db/schema/statistics.ts, migration 0032_dashboards). The triggers keep
 * them exact by themselves; these move the deltas into the daily tables and rebuild everything.
 */

/** Moves the unfolded deltas into the daily tables (a timed task every two seconds; a no-op while another instance folds). */
export async function foldStatistics(db: Db | Tx): Promise<void> {
  await db.execute(sql`select stat_fold()`);
}

/**
 * Recomputes every rollup from orders, order lines, users and stores (`npm run seed -- --orders`
 * after bulk inserts; an operator after data was changed with the triggers off). Writes to those
 * tables wait until it commits.
 */
export async function rebuildStatistics(db: Db | Tx): Promise<void> {
  await db.execute(sql`select stat_rebuild()`);
}
