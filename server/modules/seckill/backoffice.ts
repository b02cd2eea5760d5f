import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db, Tx } from '../../db/client';
import { collective_logs, collectives, goods, seckills, stores } from '../../db/schema';
import type { WriteContext } from '../../http/crud';
import type { AppEnv } from '../../http/context';
import { fail } from '../../http/envelope';
import { thumbUrl } from '../catalogue/images';
import './messages';

/**
 * Shared parts of the back-office pages of flash sales and group buys (seller: own store, operator:
 * every store): the write checks and the list enrichment with goods and store names and state.
 */

type Row = Record<string, unknown>;

/** The store of a seller write (the scope forces store_id; an operator's write keeps the row's). */
const storeOf = (values: Row, current: Row | undefined) => Number(values.store_id ?? current?.store_id ?? 0);

async function currentRow(tx: Tx, table: typeof seckills | typeof collectives, ctx: WriteContext): Promise<Row | undefined> {
  if (ctx.action !== 'update' || ctx.id === undefined) return undefined;
  const [row] = await tx.select().from(table).where(eq(table.id, Number(ctx.id)));
  return row as Row | undefined;
}

/** The goods must be a live goods of the row's store: 422 naming goods_id otherwise. */
async function assertOwnGoods(tx: Tx, storeId: number, goodsId: number) {
  const [row] = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.id, goodsId), eq(goods.store_id, storeId), isNull(goods.deleted_at)));
  if (!row) throw fail('seckill.goodsNotFound', undefined, 422, { field: 'goods_id' });
}

/** Flash sale writes: own goods, end after start, no other live sale of the goods in an overlapping window. */
export async function checkSeckillWrite(values: Row, ctx: WriteContext) {
  const current = await currentRow(ctx.tx, seckills, ctx);
  const merged = { ...current, ...values };
  if ('goods_id' in values) await assertOwnGoods(ctx.tx, storeOf(values, current), Number(merged.goods_id));
  if (!('start_time' in values) && !('end_time' in values) && !('goods_id' in values)) return;
  const start = String(merged.start_time ?? '');
  const end = String(merged.end_time ?? '');
  if (!start || !end) return;
  if (end <= start) throw fail('seckill.endBeforeStart', undefined, 422, { field: 'end_time' });
  const [clash] = await ctx.tx
    .select({ id: seckills.id })
    .from(seckills)
    .where(
      and(
        eq(seckills.goods_id, Number(merged.goods_id)),
        isNull(seckills.deleted_at),
        current ? ne(seckills.id, Number(current.id)) : undefined,
        sql`${seckills.start_time} < ${end} and ${seckills.end_time} > ${start}`,
      ),
    )
    .limit(1);
  if (clash) throw fail('seckill.overlap', undefined, 422, { field: 'start_time' });
}

/** Group-buy writes: own goods, one live offer per goods. */
export async function checkCollectiveWrite(values: Row, ctx: WriteContext) {
  const current = await currentRow(ctx.tx, collectives, ctx);
  if (!('goods_id' in values)) return;
  const goodsId = Number(values.goods_id);
  await assertOwnGoods(ctx.tx, storeOf(values, current), goodsId);
  const [taken] = await ctx.tx
    .select({ id: collectives.id })
    .from(collectives)
    .where(and(eq(collectives.goods_id, goodsId), isNull(collectives.deleted_at), current ? ne(collectives.id, Number(current.id)) : undefined))
    .limit(1);
  if (taken) throw fail('seckill.offerTaken', undefined, 422, { field: 'goods_id' });
}

/** 0 upcoming, 1 running, 2 ended, 3 stopped by the operator (a flash sale's state as the lists show it). */
/**
 * The operator stopped a group buy (admin update with status 0): it opens no new group, and its
 * open groups end now, failed like a group that did not fill in time (status 2 → 0), so they are
 * no longer shown or joined and their unpaid seats cannot be paid; the group task (every minute,
 * server/jobs/groupTasks.ts) then refunds the paid seats in full and cancels the unpaid ones.
 */
export async function closeGroupsOfStopped(row: { id: number; status: number }, ctx: WriteContext) {
  if (Number(row.status) !== 0) return;
  await ctx.tx
    .update(collective_logs)
    .set({ status: 0 })
    .where(and(eq(collective_logs.collective_id, row.id), eq(collective_logs.status, 2), isNull(collective_logs.deleted_at)));
}

export function saleState(row: { status: number; start_time: string; end_time: string }, now: string): 0 | 1 | 2 | 3 {
  if (row.status !== 1) return 3;
  if (now < row.start_time) return 0;
  return now < row.end_time ? 1 : 2;
}

/** The database's wall clock ('YYYY-MM-DD HH:MM:SS', the session time zone the stamps are in). */
export async function dbNow(db: Db | Tx): Promise<string> {
  const result = await db.execute<{ now: string }>(sql`select to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS') as now`);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { now: string }[] }).rows;
  return rows[0].now;
}

/** Adds goods_name, goods_master_image (300 px), store_name and, for sales, `state` to list rows. */
export async function enrichRows(db: Db, rows: Row[], kind: 'seckill' | 'collective'): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const goodsIds = [...new Set(rows.map((r) => Number(r.goods_id)))];
  const storeIds = [...new Set(rows.map((r) => Number(r.store_id)))];
  const goodsRows = await db.select({ id: goods.id, name: goods.goods_name, image: goods.goods_master_image, price: goods.goods_price }).from(goods).where(inArray(goods.id, goodsIds));
  const storeRows = await db.select({ id: stores.id, name: stores.store_name }).from(stores).where(inArray(stores.id, storeIds));
  const goodsById = new Map(goodsRows.map((g) => [g.id, g]));
  const storeById = new Map(storeRows.map((s) => [s.id, s.name]));
  const now = kind === 'seckill' ? await dbNow(db) : '';
  const openCounts =
    kind === 'collective'
      ? new Map(
          (
            await db
              .select({ id: collective_logs.collective_id, n: sql<number>`count(*)::int` })
              .from(collective_logs)
              .where(and(inArray(collective_logs.collective_id, rows.map((r) => Number(r.id))), eq(collective_logs.status, 2)))
              .groupBy(collective_logs.collective_id)
          ).map((r) => [r.id, r.n]),
        )
      : new Map<number, number>();
  return rows.map((r) => {
    const g = goodsById.get(Number(r.goods_id));
    return {
      ...r,
      goods_name: g?.name ?? '',
      goods_master_image: thumbUrl(g?.image ?? '', 400),
      goods_price: g?.price ?? '0.00',
      store_name: storeById.get(Number(r.store_id)) ?? '',
      ...(kind === 'seckill'
        ? { state: saleState(r as { status: number; start_time: string; end_time: string }, now) }
        : { open_groups: openCounts.get(Number(r.id)) ?? 0 }),
    };
  });
}

export const dbOf = (c: Context<AppEnv>) => c.get('services').db;
