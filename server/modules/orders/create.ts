import { randomInt } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { fromCents } from '../../db/money';
import { carts, goods, goods_skus, order_checkouts, order_goods, order_logs, orders } from '../../db/schema';
import { fail } from '../../http/envelope';
import { thumbUrl } from '../catalogue/images';
import type { AddressRow, Buyer } from './buyer';
import type { CheckoutRequest } from './checkoutInput';
import { loadCheckout } from './load';
import { refusedData, weightText } from './present';
import { priceCheckout, refusedLines, type PricedGroup, type PricedLine } from './pricing';
import { orderCreatedLog } from './states';
import { applyOrderPromotions, assertCouponChoice, groupCouponId } from '../marketing/orderCoupon';
import { loadPromotions } from '../marketing/promotions';
import { promotionRules, type CouponChoice } from '../marketing/rules';
import { takePromotions, type PromoEntry } from '../seckill/orderHooks';

/**
 * Order creation (docs/orders-api.md "Checkout", reference §6.2 with its bugs fixed): one
 * transaction that records the checkout key, re-prices from the database with the preview's
 * function, writes one order per store with its lines and history row, removes the cart lines
 * used, and takes the stock last with conditional updates (so the hot stock rows stay locked only
 * until the commit; a miss rolls everything back). A repeated key answers the first attempt's
 * orders; a racing duplicate waits on the key's unique index and then does the same.
 */
export interface CreateOrdersInput {
  buyer: Buyer;
  request: CheckoutRequest;
  address: AddressRow;
  remarks: { all: string; byStore: ReadonlyMap<number, string> };
  idemKey: string;
  timeZone: string;
  /** The shopper's coupons (marketing/choice.ts): null = each store's best, as the preview. */
  coupons?: CouponChoice;
}

export interface CreatedOrders {
  order_id: number[];
  order_no: string[];
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs more than an order's SQL. */
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock)
    clocks.set(
      timeZone,
      (clock = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })),
    );
  return clock;
}

/** `YYYYMMDDHHMMSS` in the configured time zone + 6 random digits. */
export function orderNumber(timeZone: string, at = new Date()): string {
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** An image path that fits a varchar(150) column: the 150 px thumbnail, or the original when the thumbnail's path is too long. */
const thumb150 = (image: string) => {
  const small = thumbUrl(image, 150);
  return small.length <= 150 ? small : image.slice(0, 150);
};

async function answerOf(db: Db | Tx, orderIds: string): Promise<CreatedOrders> {
  const ids = orderIds.split(',').map(Number).filter((n) => n > 0);
  const rows = ids.length ? await db.select({ id: orders.id, no: orders.order_no }).from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)) : [];
  return { order_id: rows.map((r) => r.id), order_no: rows.map((r) => r.no) };
}

async function previousAttempt(db: Db, userId: number, key: string): Promise<CreatedOrders | null> {
  const [row] = await db
    .select({ orderIds: order_checkouts.order_ids })
    .from(order_checkouts)
    .where(and(eq(order_checkouts.user_id, userId), eq(order_checkouts.idem_key, key)));
  return row ? answerOf(db, row.orderIds) : null;
}

const overStockAt = (line: PricedLine, stock: number) =>
  fail('orders.linesRefused', undefined, 422, refusedData([{ ...line, refusal: { code: 'overStock', stock } }]));

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Rows given as JSON, typed by the table's own columns: `jsonb_to_recordset(…) as v(col type, …)`,
 * so one statement can insert any number of rows of any shape with one parameter.
 */
function recordset(table: PgTable, rows: Record<string, unknown>[], alias: string) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]);
  const names = keys.map((key) => sql.identifier(columns[key].name));
  // serial is no type outside a table definition
  const typeOf = (column: PgColumn) => column.getSQLType().replace(/^serial$/, 'integer');
  const defs = keys.map((key) => sql`${sql.identifier(columns[key].name)} ${sql.raw(typeOf(columns[key]))}`);
  return {
    names: sql.join(names, sql`, `),
    columns: sql.join(keys.map((key) => sql`${sql.identifier(alias)}.${sql.identifier(columns[key].name)}`), sql`, `),
    from: sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.identifier(alias)}(${sql.join(defs, sql`, `)})`,
  };
}

/**
 * Takes the stock of every line: per goods (ascending id), ONE statement that takes the goods row
 * (`goods_stock - n where goods_stock >= n`; goods_stock is the sum of its SKUs') and then, only
 * when it was taken, the goods' SKU rows (ascending id, each `where goods_stock >= n`), so stock can
 * never go below zero. The SKU update is gated on the goods update by a one-time filter, so the
 * goods row is locked before its SKUs: checkouts, cancels and the seller's goods editor (which
 * locks the goods row before its SKUs) all lock in this order and never deadlock. A miss rolls
 * back (the stock left is read only then, for the refusal).
 */
async function takeStock(tx: Tx, lines: readonly PricedLine[]) {
  const byGoods = new Map<number, { line: PricedLine; qty: number; skus: Map<number, { line: PricedLine; qty: number }> }>();
  for (const line of lines) {
    const entry = byGoods.get(line.goodsId) ?? { line, qty: 0, skus: new Map() };
    entry.qty += line.buyNum;
    if (line.skuId > 0) {
      const sku = entry.skus.get(line.skuId) ?? { line, qty: 0 };
      sku.qty += line.buyNum;
      entry.skus.set(line.skuId, sku);
    }
    byGoods.set(line.goodsId, entry);
  }
  for (const [goodsId, { line, qty, skus }] of [...byGoods].sort((a, b) => a[0] - b[0])) {
    const wanted = [...skus].sort((a, b) => a[0] - b[0]);
    const takeGoods = tx
      .update(goods)
      .set({ goods_stock: sql`${goods.goods_stock} - ${qty}` })
      .where(and(eq(goods.id, goodsId), sql`${goods.goods_stock} >= ${qty}`))
      .returning({ id: goods.id });
    let statement;
    if (wanted.length === 0) {
      statement = sql`with g as (${takeGoods.getSQL()}) select (select count(*) from g)::int as goods, 0 as skus`;
    } else {
      const want = recordset(goods_skus, wanted.map(([id, w]) => ({ id, goods_stock: w.qty })), 'w');
      statement = sql`with g as (${takeGoods.getSQL()}),
        s as (update ${goods_skus} set goods_stock = ${goods_skus}.goods_stock - w.goods_stock
          from (select * from ${want.from} order by w.id) w
          where ${goods_skus}.id = w.id and ${goods_skus}.goods_id = ${goodsId} and ${goods_skus}.deleted_at is null
            and ${goods_skus}.goods_stock >= w.goods_stock and exists (select 1 from g)
          returning ${goods_skus}.id)
        select (select count(*) from g)::int as goods, (select count(*) from s)::int as skus`;
    }
    const [taken] = rowsOf(await tx.execute(statement));
    if (Number(taken.goods) === 0) {
      const [row] = await tx.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, goodsId));
      throw overStockAt(line, row?.stock ?? 0);
    }
    if (Number(taken.skus) < wanted.length) {
      const left = await tx
        .select({ id: goods_skus.id, stock: goods_skus.goods_stock })
        .from(goods_skus)
        .where(inArray(goods_skus.id, wanted.map(([id]) => id)));
      const stockOf = new Map(left.map((r) => [r.id, r.stock]));
      const [, short] = wanted.find(([id, w]) => (stockOf.get(id) ?? 0) < w.qty) ?? wanted[0];
      throw overStockAt(short.line, stockOf.get(short.line.skuId) ?? 0);
    }
  }
}

/**
 * Writes one store group's order, its lines, its creation history row and its id on the checkout
 * in ONE statement (data-modifying CTEs), with a fresh unique order number (drawn again on a
 * clash) → its id and number.
 */
async function insertOrder(tx: Tx, input: CreateOrdersInput, group: PricedGroup, checkoutId: number) {
  const first = group.lines[0];
  const { address } = input;
  const userId = input.buyer.id;
  const lines = recordset(
    order_goods,
    group.lines.map((line) => ({
      goods_id: line.goodsId,
      sku_id: line.skuId,
      user_id: userId,
      store_id: group.store.id,
      goods_name: line.goodsName,
      goods_image: thumb150(line.image),
      sku_name: line.skuName,
      buy_num: line.buyNum,
      goods_price: fromCents(line.unitPrice),
      total_price: fromCents(line.total),
      total_weight: weightText(line.weight),
    })),
    'l',
  );
  const log = recordset(order_logs, [orderCreatedLog(userId, input.buyer.name)], 'h');
  for (let attempt = 0; ; attempt++) {
    const orderNo = orderNumber(input.timeZone);
    const insert = tx
      .insert(orders)
      .values({
        user_id: userId,
        store_id: group.store.id,
        checkout_id: checkoutId,
        order_no: orderNo,
        order_name: first.goodsName,
        order_image: thumb150(first.image),
        total_price: fromCents(group.total),
        order_price: fromCents(group.goodsTotal),
        freight_money: fromCents(group.freight),
        coupon_money: fromCents(group.discountTotal),
        coupon_id: groupCouponId(group),
        order_status: 1,
        receive_name: address.receive_name,
        receive_tel: address.receive_tel,
        receive_area: address.area_info,
        receive_address: address.address,
        receive_province_id: address.province_id,
        remark: input.remarks.byStore.get(group.store.id) ?? input.remarks.all,
      })
      .onConflictDoNothing({ target: orders.order_no })
      .returning({ id: orders.id });
    const [row] = rowsOf(
      await tx.execute(sql`with o as (${insert.getSQL()}),
        l as (insert into ${order_goods} (order_id, ${lines.names}) select o.id, ${lines.columns} from o, ${lines.from}),
        h as (insert into ${order_logs} (order_id, ${log.names}) select o.id, ${log.columns} from o, ${log.from}),
        c as (update ${order_checkouts} set order_ids = case when ${order_checkouts}.order_ids = '' then o.id::text else ${order_checkouts}.order_ids || ',' || o.id end
          from o where ${order_checkouts}.id = ${checkoutId})
        select o.id from o`),
    );
    if (row) return { id: Number(row.id), no: orderNo };
    if (attempt >= 5) throw new Error('orders: could not draw a free order number');
  }
}

export async function createOrders(db: Db, input: CreateOrdersInput): Promise<CreatedOrders> {
  const userId = input.buyer.id;
  const made = await db.transaction(async (tx) => {
    // a repeated key conflicts here; a racing attempt with it holds this index entry: wait for it,
    // then (nothing written) answer its orders
    const [checkout] = await tx
      .insert(order_checkouts)
      .values({ user_id: userId, idem_key: input.idemKey })
      .onConflictDoNothing({ target: [order_checkouts.user_id, order_checkouts.idem_key] })
      .returning({ id: order_checkouts.id });
    if (!checkout) return null;

    const data = await loadCheckout(tx, { lines: input.request.lines, buyerId: userId, province: input.address.province_id });
    // coupons and full reductions as valid now (the validity is checked here, at create)
    const promotions = await loadPromotions(tx, { buyerId: userId, storeIds: [...data.stores.keys()] });
    const groups = priceCheckout(data, promotionRules(promotions, input.coupons ?? null));
    const refused = refusedLines(groups);
    if (refused.length > 0) throw fail('orders.linesRefused', undefined, 422, refusedData(refused));
    assertCouponChoice(promotions, input.coupons ?? null, groups);

    const created: { id: number; no: string }[] = [];
    const promoted: PromoEntry[] = [];
    for (const group of groups) {
      const order = await insertOrder(tx, input, group, checkout.id);
      await applyOrderPromotions(tx, { orderId: order.id, userId, group });
      for (const line of group.lines) if (line.promo) promoted.push({ orderId: order.id, userId, line });
      created.push(order);
    }

    const cartIds = input.request.ifcart ? [...new Set(input.request.lines.map((l) => l.cartId).filter((id) => id > 0))] : [];
    if (cartIds.length > 0)
      await tx
        .update(carts)
        .set({ deleted_at: sql`now()` })
        .where(and(inArray(carts.id, cartIds), eq(carts.user_id, userId), isNull(carts.deleted_at)));

    // flash units and group seats, then the stock: their row locks are held only until the commit
    await takePromotions(tx, promoted);
    await takeStock(tx, groups.flatMap((g) => g.lines));
    return { order_id: created.map((o) => o.id), order_no: created.map((o) => o.no) };
  });
  return made ?? (await previousAttempt(db, userId, input.idemKey)) ?? { order_id: [], order_no: [] };
}
