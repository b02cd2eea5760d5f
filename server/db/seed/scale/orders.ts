import { sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import {
  integral_earnings, money_logs, order_comments, order_goods, order_logs, order_pays, order_settlements, orders, payment_refunds, refunds,
} from '../../schema';
import { storeFreight } from '../../../modules/orders/freight';
import type { TaskConfig } from '../../../modules/orders/taskConfig';
import { orderLifecycle } from './lifecycle';
import { pickSibling, pickWare, type Market } from './market';
import { emptyBatch, orderRows, type Batch, type Draft, type RowContext } from './orderRows';
import { upperBound, type Random } from './random';
import { DAY, HOUR, insertAll, reserveIds } from './rows';
import type { Shopper } from './shoppers';

/** Orders drafted and written per round (their rows go in BATCH at a time). */
const CHUNK = 10_000;
/** Relative orders per hour of the day: quiet nights, a late-morning and an evening peak. */
const HOURS = [0.3, 0.15, 0.1, 0.08, 0.08, 0.1, 0.2, 0.4, 0.7, 0.9, 1, 1, 0.9, 0.9, 0.9, 0.9, 0.9, 1, 1.1, 1.3, 1.5, 1.5, 1.2, 0.7];
const HOUR_SUM = HOURS.reduce((a, b) => a + b, 0);

/**
 * `count` creation times over the `windowMs` before `nowMs`, oldest first: more orders lately
 * (the shop grows), by hour of day, with sale-day peaks on 6.18 and 11.11.
 */
export function orderTimes(r: Random, count: number, nowMs: number, windowMs: number): number[] {
  const days = Math.max(1, Math.round(windowMs / DAY));
  const weight = (d: number) => {
    const date = new Date(nowMs - d * DAY).toISOString().slice(5, 10);
    return (0.55 + 0.9 * (1 - d / days)) * (date === '11-11' ? 4 : date === '06-18' ? 3 : 1);
  };
  const out: number[] = [];
  while (out.length < count) {
    const d = r.int(days);
    if (r.next() * 4 * 1.45 > weight(d)) continue;
    let h = r.next() * HOUR_SUM;
    let hour = 0;
    while (h > HOURS[hour]) h -= HOURS[hour++];
    const dayStart = Math.floor((nowMs - d * DAY) / DAY) * DAY;
    const t = dayStart + Math.min(hour, 23) * HOUR + r.int(HOUR / 1000) * 1000;
    if (t <= nowMs) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

export interface OrderOptions {
  run: number;
  r: Random;
  market: Market;
  shoppers: Shopper[];
  times: number[];
  nowMs: number;
  task: TaskConfig;
  commissionBp: number;
  pointsRate: number;
  log: (line: string) => void;
}

/**
 * Drafts, prices and writes the orders (CHUNK at a time); answers the money it moved into stores
 * and what sold. The next chunk is drafted while the database writes the last one (the drafting
 * yields to the event loop every few hundred orders, so the connection is fed meanwhile): the
 * two cores work side by side. Ids come from blocks reserved ahead (IdPool).
 */
export async function writeOrders(tx: Tx, o: OrderOptions): Promise<{ storeMoney: Map<number, number>; sold: Map<number, number>; written: number }> {
  const shopperTimes = o.shoppers.map((s) => s.createdMs);
  const ctx: RowContext = { run: o.run, r: o.r, nowMs: o.nowMs, commissionBp: o.commissionBp, pointsRate: o.pointsRate };
  // one statement at a time on the transaction's connection: every database call goes through this line
  let line: Promise<unknown> = Promise.resolve();
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const next = line.then(work);
    line = next.catch(() => undefined);
    return next;
  };
  const pools = { orders: new IdPool(tx, orders, queued), lines: new IdPool(tx, order_goods, queued), pays: new IdPool(tx, order_pays, queued) };
  const storeMoney = new Map<number, number>();
  const sold = new Map<number, number>();
  let written = 0;
  let writing: Promise<unknown> = Promise.resolve();
  for (let start = 0; start < o.times.length; start += CHUNK) {
    const end = Math.min(o.times.length, start + CHUNK);
    const drafts: Draft[] = [];
    for (let i = start; i < end; i++) {
      const draft = draftOrder(o, i + 1, o.times[i], shopperTimes);
      if (draft) drafts.push(draft);
      if (i % 250 === 249) await new Promise((resolve) => setImmediate(resolve));
    }
    const lineCount = drafts.reduce((n, d) => n + d.lines.length, 0);
    // the pools are refilled a chunk ahead behind each chunk's writes, so this seldom waits for them
    await Promise.all([pools.orders.ensure(drafts.length), pools.lines.ensure(lineCount), pools.pays.ensure(drafts.length)]);
    const batch = emptyBatch();
    for (const d of drafts) orderRows(ctx, d, { order: pools.orders.take(1)[0], lines: pools.lines.take(d.lines.length), pay: pools.pays.take(1)[0] }, batch);
    await writing;
    for (const [id, cents] of batch.storeMoney) storeMoney.set(id, (storeMoney.get(id) ?? 0) + cents);
    for (const [id, n] of batch.sold) sold.set(id, (sold.get(id) ?? 0) + n);
    written += drafts.length;
    const done = written;
    writing = queued(() => writeBatch(tx, batch)).then(() => o.log(`  orders ${done} of ${o.times.length}`));
    // a failed refill fails the transaction, and so the next write, which is awaited
    for (const [pool, n] of [[pools.orders, 2 * CHUNK], [pools.lines, 3 * CHUNK], [pools.pays, 2 * CHUNK]] as const) pool.ensure(n).catch(() => undefined);
  }
  await writing;
  await line;
  return { storeMoney, sold, written };
}

/** Ids of a table reserved from its sequence in blocks, handed out in order. */
class IdPool {
  private ids: number[] = [];
  private next = 0;
  private refill: Promise<void> | null = null;
  constructor(
    private tx: Tx,
    private table: Parameters<typeof reserveIds>[1],
    private queued: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}
  /** Resolves once at least `n` ids are reserved (at once when they are). */
  async ensure(n: number): Promise<void> {
    while (this.ids.length - this.next < n) {
      this.refill ??= this.queued(async () => {
        const fresh = await reserveIds(this.tx, this.table, Math.max(n, CHUNK));
        this.ids = this.ids.slice(this.next).concat(fresh);
        this.next = 0;
      }).finally(() => (this.refill = null));
      await this.refill;
    }
  }
  take(n: number): number[] {
    if (this.ids.length - this.next < n) throw new Error('IdPool: not enough ids reserved');
    this.next += n;
    return this.ids.slice(this.next - n, this.next);
  }
}

async function writeBatch(tx: Tx, b: Batch): Promise<void> {
  await insertAll(tx, orders, b.orders);
  await insertAll(tx, order_goods, b.lines);
  await insertAll(tx, order_logs, b.logs);
  await insertAll(tx, order_pays, b.pays);
  await insertAll(tx, refunds, b.refunds);
  await insertAll(tx, payment_refunds, b.paymentRefunds);
  await insertAll(tx, order_comments, b.comments);
  await insertAll(tx, order_settlements, b.settlements);
  await insertAll(tx, integral_earnings, b.earnings);
  await insertAll(tx, money_logs, b.moneyLogs);
}

/** One order at `createdMs`: a shopper registered by then, a popular goods of the time, maybe more of its store. */
function draftOrder(o: OrderOptions, seq: number, createdMs: number, shopperTimes: number[]): Draft | null {
  const { r, market } = o;
  const first = pickWare(market, r, createdMs);
  if (!first) return null;
  const registered = Math.max(1, upperBound(shopperTimes, createdMs - HOUR));
  const shopper = o.shoppers[r.zipf(registered, 0.6)];
  const store = market.stores.get(first.storeId)!;
  const wares = [first];
  const extra = r.chance(0.25) ? (r.chance(0.3) ? 2 : 1) : 0;
  for (let n = 0; n < extra; n++) {
    const other = pickSibling(store, r, createdMs);
    if (!wares.includes(other)) wares.push(other);
  }
  const lines = wares.map((w) => {
    const sku = w.skus.length ? r.pick(w.skus) : null;
    const num = r.chance(0.8) ? 1 : r.chance(0.7) ? 2 : r.between(3, 5);
    return { goodsId: w.id, skuId: sku?.id ?? 0, name: w.name, skuName: sku?.name ?? '', image: w.image, unit: sku?.priceCents ?? w.priceCents, num, weight: w.weight, freightId: w.freightId };
  });
  const goodsCents = lines.reduce((sum, l) => sum + l.unit * l.num, 0);
  const freightCents = storeFreight(lines.map((l) => ({ freightId: l.freightId, weight: l.weight * l.num })), store.templates, shopper.place.provinceId);
  // a full reduction now and then (discounts never exceed the goods amount)
  const reduction = r.chance(0.12) ? r.pick([500, 1000, 2000, 5000]) : 0;
  const discountCents = reduction && goodsCents >= reduction * 4 ? reduction : 0;
  return {
    seq,
    createdMs,
    shopper,
    store,
    lines,
    goodsCents,
    freightCents,
    discountCents,
    totalCents: goodsCents + freightCents - discountCents,
    payment: r.chance(0.15) ? 'balance' : r.chance(0.6) ? 'wechat' : 'alipay',
    remark: r.chance(0.05) ? r.pick(['工作日白天送货', '请尽快发货', '不要放快递柜', '送人的，不要放发票']) : '',
    life: orderLifecycle(r, createdMs, o.nowMs, o.task),
  };
}

/** The stores' balances and the goods' sales after the orders (their logs are written with the orders). */
export async function applyTotals(tx: Tx, storeMoney: Map<number, number>, sold: Map<number, number>): Promise<void> {
  const storeRows = [...storeMoney].map(([id, cents]) => ({ id, cents }));
  if (storeRows.length)
    await tx.execute(sql`update stores set store_money = store_money + (v.cents::numeric / 100)
      from json_to_recordset(${JSON.stringify(storeRows)}::json) as v(id int, cents bigint) where stores.id = v.id`);
  const soldRows = [...sold].map(([id, n]) => ({ id, n }));
  for (let i = 0; i < soldRows.length; i += 20_000)
    await tx.execute(sql`update goods set goods_sale = goods_sale + v.n
      from json_to_recordset(${JSON.stringify(soldRows.slice(i, i + 20_000))}::json) as v(id int, n int) where goods.id = v.id`);
}
