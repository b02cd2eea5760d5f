import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { toCents } from '../../db/money';
import { collective_logs, collective_members, collectives, seckills } from '../../db/schema';
import type { LoadedGroup, LoadedOffer, LoadedSale, PromoData, PromoLine } from './linePromo';

/** now() inside the window of a live, not stopped flash sale. */
export const saleRunning = sql<boolean>`(${seckills.status} = 1 and ${seckills.deleted_at} is null and ${seckills.start_time} <= localtimestamp(0) and ${seckills.end_time} > localtimestamp(0))`;
/** A group that can still take seats or payments. */
export const groupOpen = sql<boolean>`(${collective_logs.status} = 2 and ${collective_logs.deleted_at} is null and ${collective_logs.expires_at} > localtimestamp(0))`;

/**
 * The running flash sale of the row's goods as JSON (`{id, discount, stock}`, stock null without a
 * cap), or null: a correlated subquery of a query over `goods` (orders/load.ts reads it with the
 * checkout's goods, in the same statement).
 */
export const runningSaleJson = sql<RunningSaleJson | string | null>`(select json_build_object('id', k.id, 'discount', k.discount::text, 'stock', k.stock)
  from ${seckills} k where k.goods_id = "goods"."id" and k.status = 1 and k.deleted_at is null
    and k.start_time <= localtimestamp(0) and k.end_time > localtimestamp(0) order by k.id limit 1)`;

export interface RunningSaleJson {
  id: number;
  discount: string;
  stock: number | null;
}

/** runningSaleJson's value (JSON text or parsed) of goods `goodsId` → the sale, or undefined. */
export function runningSaleOf(goodsId: number, raw: RunningSaleJson | string | null): LoadedSale | undefined {
  if (raw === null || raw === undefined) return undefined;
  const sale: RunningSaleJson = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return { id: Number(sale.id), goodsId, discountBp: toCents(sale.discount), stock: sale.stock === null ? null : Number(sale.stock), running: true };
}

/**
 * What linePromo needs for the lines of a checkout, read in the caller's transaction (create) or
 * outside one (preview): the flash sales the lines name, the live group offers of the goods a line
 * opens a group of, and the groups a line joins with their members. (The running sale of every
 * goods comes with the goods: runningSaleJson.)
 */
export async function loadPromos(db: Db | Tx, lines: readonly PromoLine[]): Promise<PromoData | undefined> {
  const saleIds = [...new Set(lines.map((l) => l.seckillId ?? 0).filter((id) => id > 0))];
  const offerGoods = [...new Set(lines.filter((l) => l.collectiveId === -1).map((l) => l.goodsId))];
  const groupIds = [...new Set(lines.map((l) => l.collectiveId ?? 0).filter((id) => id > 0))];
  if (!saleIds.length && !offerGoods.length && !groupIds.length) return undefined;

  const sales = new Map<number, LoadedSale>();
  if (saleIds.length) {
    const rows = await db
      .select({ id: seckills.id, goodsId: seckills.goods_id, discount: seckills.discount, stock: seckills.stock, running: saleRunning })
      .from(seckills)
      .where(and(inArray(seckills.id, saleIds), isNull(seckills.deleted_at)));
    for (const r of rows) sales.set(r.id, { id: r.id, goodsId: r.goodsId, discountBp: toCents(r.discount), stock: r.stock, running: Boolean(r.running) });
  }

  const offers = new Map<number, LoadedOffer>();
  if (offerGoods.length) {
    const rows = await db
      .select({ id: collectives.id, goodsId: collectives.goods_id, discount: collectives.discount, need: collectives.need })
      .from(collectives)
      .where(and(inArray(collectives.goods_id, offerGoods), eq(collectives.status, 1), isNull(collectives.deleted_at)));
    for (const r of rows) offers.set(r.goodsId, { id: r.id, goodsId: r.goodsId, discountBp: toCents(r.discount), need: r.need });
  }

  const groups = new Map<number, LoadedGroup>();
  if (groupIds.length) {
    const rows = await db
      .select({
        id: collective_logs.id,
        goodsId: collective_logs.goods_id,
        discount: collective_logs.discount,
        need: collective_logs.need,
        joined: collective_logs.joined,
        open: groupOpen,
        members: sql<number[]>`coalesce((select array_agg(m.user_id) from ${collective_members} m where m.log_id = ${collective_logs.id} and m.status > 0), '{}')`,
      })
      .from(collective_logs)
      .where(and(inArray(collective_logs.id, groupIds), isNull(collective_logs.deleted_at)));
    for (const r of rows)
      groups.set(r.id, {
        id: r.id,
        goodsId: r.goodsId,
        discountBp: toCents(r.discount),
        open: Boolean(r.open),
        seatsLeft: r.need - r.joined,
        memberIds: (r.members ?? []).map(Number),
      });
  }
  return { sales, offers, groups };
}
