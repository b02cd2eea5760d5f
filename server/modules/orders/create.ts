import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { fromCents } from '../../db/money';
import { shopNumber } from '../../db/numbers';
import { carts, coupon_logs, goods, goods_skus, order_checkouts, order_discounts, order_goods, order_logs, orders } from '../../db/schema';
import { ApiError, fail } from '../../http/envelope';
import { thumbUrl } from '../catalogue/images';
import type { AddressRow, Buyer } from './buyer';
import type { CheckoutRequest, IdemKey } from './checkoutInput';
import { loadCheckoutWithPromotions, type CheckoutRead } from './load';
import { linesRefused, weightText } from './present';
import { priceCheckout, refusedLines, type PricedGroup, type PricedLine } from './pricing';
import { orderCreatedLog } from './states';
import { assertCouponChoice, groupCouponId } from '../marketing/orderCoupon';
import { promotionRules, type CouponChoice } from '../marketing/rules';
import { takePromotions, type PromoEntry } from '../seckill/orderHooks';

/**
 * Order creation (docs/orders-api.md "Checkout", reference §6.2 with its bugs fixed): the lines are
 * priced from the database with the preview's function BEFORE the transaction (one read: goods,
 * SKUs, stores, freight templates and promotions), then one transaction of two writes plus BEGIN
 * and COMMIT: ONE statement records the checkout key, one order per store with its lines, history
 * row and discounts, the coupons used and the cart lines removed; then flash units and group seats
 * (only when a line has them) and the stock, taken last with conditional updates (so the hot stock
 * rows stay locked only until the commit; a miss rolls everything back). A repeated key answers
 * the first attempt's orders; a racing duplicate waits on the key's unique index and then does the
 * same. A key derived from the request (no `idem_key` sent) holds only for its window: after it,
 * the same request is a new checkout, which takes the key's row over.
 */
export interface CreateOrdersInput {
  buyer: Buyer;
  request: CheckoutRequest;
  address: AddressRow;
  remarks: { all: string; byStore: ReadonlyMap<number, string> };
  idemKey: IdemKey;
  timeZone: string;
  /** The shopper's coupons (marketing/choice.ts): null = each store's best, as the preview. */
  coupons?: CouponChoice;
  /** The checkout read already made for these lines and this buyer (any province: the address's is applied). */
  read?: CheckoutRead;
}

export interface CreatedOrders {
  order_id: number[];
  order_no: string[];
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs more than an order's SQL. */
/** `YYYYMMDDHHMMSS` in the configured time zone + 6 random digits (server/db/numbers.ts). */
export const orderNumber = (timeZone: string, at = new Date()): string => shopNumber('', timeZone, at);

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

/** `created_at` of a checkout row within a derived key's window. */
const withinWindow = (seconds: number) => sql`${order_checkouts.created_at} > localtimestamp(0) - make_interval(secs => ${seconds})`;

/**
 * The orders of an earlier attempt with this key. `inWindow`: only while a derived key still holds
 * (a refused repeat must not be answered with an order of the same request placed long ago).
 */
async function previousAttempt(db: Db, userId: number, idem: IdemKey, inWindow: boolean): Promise<CreatedOrders | null> {
  const [row] = await db
    .select({ orderIds: order_checkouts.order_ids })
    .from(order_checkouts)
    .where(
      and(
        eq(order_checkouts.user_id, userId),
        eq(order_checkouts.idem_key, idem.key),
        inWindow && idem.windowSeconds !== undefined ? withinWindow(idem.windowSeconds) : undefined,
      ),
    );
  return row ? answerOf(db, row.orderIds) : null;
}

const overStockAt = (line: PricedLine, stock: number) =>
  linesRefused([{ ...line, refusal: { code: 'overStock', stock } }]);

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Rows given as JSON, typed by the table's own columns: `jsonb_to_recordset(…) as v(col type, …)`,
 * so one statement can insert any number of rows of any shape with one parameter. `extra` names
 * fields that are no column of the table (join keys) with their SQL type: they are typed in `from`
 * but left out of `names` and `columns`.
 */
function recordset(table: PgTable, rows: Record<string, unknown>[], alias: string, extra: Record<string, string> = {}) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]).filter((key) => !(key in extra));
  const names = keys.map((key) => sql.identifier(columns[key].name));
  // serial is no type outside a table definition
  const typeOf = (column: PgColumn) => column.getSQLType().replace(/^serial$/, 'integer');
  const defs = [
    ...keys.map((key) => sql`${sql.identifier(columns[key].name)} ${sql.raw(typeOf(columns[key]))}`),
    ...Object.entries(extra).map(([key, type]) => sql`${sql.identifier(key)} ${sql.raw(type)}`),
  ];
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

/** Two orders of one second drew the same 6 digits: the checkout is made again with new numbers. */
class OrderNumberClash extends Error {}

const idList = (list: readonly number[]) => sql.join(list.map((id) => sql`${id}`), sql`, `);

/**
 * Writes everything a checkout records in ONE statement (data-modifying CTEs): the checkout key
 * (a repeated key conflicts there, nothing else is written, and the answer is null), one order per
 * store group (ids drawn first, so the checkout row names its orders), their lines, a creation
 * history row per order, the discounts line by line, the coupons marked used by their order
 * (conditionally: unused and the buyer's, so a coupon racing into two checkouts is used by one;
 * the other rolls back with a 422) and the cart lines used removed. → the orders, in group order.
 */
async function insertOrders(tx: Tx, input: CreateOrdersInput, groups: readonly PricedGroup[], cartIds: readonly number[]): Promise<{ id: number; no: string }[] | null> {
  const { address } = input;
  const userId = input.buyer.id;
  const numbers = groups.map(() => orderNumber(input.timeZone));
  const orderRows = recordset(
    orders,
    groups.map((group, k) => ({
      k,
      user_id: userId,
      store_id: group.store.id,
      order_no: numbers[k],
      order_name: group.lines[0].goodsName,
      order_image: thumb150(group.lines[0].image),
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
    })),
    'r',
    { k: 'integer' },
  );
  const lines = recordset(
    order_goods,
    groups.flatMap((group, k) =>
      group.lines.map((line) => ({
        k,
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
    ),
    'l',
    { k: 'integer' },
  );
  const log = recordset(order_logs, [orderCreatedLog(userId, input.buyer.name)], 'h');
  const discountRows = groups.flatMap((group, k) =>
    group.discounts.map((d) => ({ k, kind: d.kind.slice(0, 20), ref_id: d.refId ?? 0, label: (d.label ?? '').slice(0, 60), money: fromCents(d.cents) })),
  );
  const couponRows = groups.flatMap((group, k) => (groupCouponId(group) > 0 ? [{ k, id: groupCouponId(group) }] : []));

  // a derived key's row past its window is taken over by this checkout (it names the new orders)
  const { key, windowSeconds } = input.idemKey;
  const onRepeat =
    windowSeconds === undefined
      ? sql`do nothing`
      : sql`do update set order_ids = excluded.order_ids, created_at = localtimestamp(0), updated_at = localtimestamp(0)
        where ${order_checkouts}.created_at <= localtimestamp(0) - make_interval(secs => ${windowSeconds})`;
  const parts = [
    sql`ids as materialized (select k, nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(0, ${groups.length - 1}::int) as k)`,
    sql`c as (insert into ${order_checkouts} (user_id, idem_key, order_ids)
      select ${userId}::int, ${key}::varchar, string_agg(ids.id::text, ',' order by ids.k) from ids
      on conflict (user_id, idem_key) ${onRepeat} returning id)`,
    sql`o as (insert into ${orders} (id, checkout_id, ${orderRows.names})
      select ids.id, c.id, ${orderRows.columns} from c cross join ids join ${orderRows.from} on r.k = ids.k
      on conflict (order_no) do nothing returning id)`,
    sql`l as (insert into ${order_goods} (order_id, ${lines.names}) select o.id, ${lines.columns} from o join ids on ids.id = o.id join ${lines.from} on l.k = ids.k)`,
    sql`h as (insert into ${order_logs} (order_id, ${log.names}) select o.id, ${log.columns} from o cross join ${log.from})`,
  ];
  if (discountRows.length > 0) {
    const d = recordset(order_discounts, discountRows, 'd', { k: 'integer' });
    parts.push(sql`d as (insert into ${order_discounts} (order_id, ${d.names}) select o.id, ${d.columns} from o join ids on ids.id = o.id join ${d.from} on d.k = ids.k)`);
  }
  if (couponRows.length > 0) {
    const u = sql`jsonb_to_recordset(${JSON.stringify(couponRows)}::jsonb) as u(k integer, id integer)`;
    parts.push(sql`u as (update ${coupon_logs} set status = 1, order_id = o.id, updated_at = now() from o join ids on ids.id = o.id join ${u} on u.k = ids.k
      where ${coupon_logs}.id = u.id and ${coupon_logs}.user_id = ${userId} and ${coupon_logs}.status = 0 returning ${coupon_logs}.id)`);
  }
  if (cartIds.length > 0)
    parts.push(sql`x as (update ${carts} set deleted_at = now(), updated_at = now()
      where ${carts}.id in (${idList(cartIds)}) and ${carts}.user_id = ${userId} and ${carts}.deleted_at is null and exists (select 1 from c))`);
  const used = couponRows.length > 0 ? sql`(select count(*) from u)::int` : sql`0`;
  const rows = rowsOf(
    await tx.execute(sql`with ${sql.join(parts, sql`, `)}
      select ids.k, o.id, (select count(*) from c)::int as checkout, ${used} as coupons from ids left join o on o.id = ids.id order by ids.k`),
  );
  if (Number(rows[0].checkout) === 0) return null;
  if (rows.some((r) => r.id === null)) throw new OrderNumberClash();
  if (Number(rows[0].coupons) < couponRows.length) throw fail('marketing.coupon.taken', undefined, 422, { field: 'coupon_id' });
  return rows.map((r, k) => ({ id: Number(r.id), no: numbers[k] }));
}

/** Prices the checkout as the preview does (lines refused, coupon choice checked) → its store groups. */
async function priceForCreate(db: Db, input: CreateOrdersInput): Promise<PricedGroup[]> {
  const province = input.address.province_id;
  const { data, promotions } = input.read ?? (await loadCheckoutWithPromotions(db, { lines: input.request.lines, buyerId: input.buyer.id, province }));
  const groups = priceCheckout({ ...data, province }, promotionRules(promotions, input.coupons ?? null));
  const refused = refusedLines(groups);
  if (refused.length > 0) throw linesRefused(refused);
  assertCouponChoice(promotions, input.coupons ?? null, groups);
  return groups;
}

/** How many times a checkout is made again after an order-number clash before it gives up. */
const NUMBER_ATTEMPTS = 5;

export async function createOrders(db: Db, input: CreateOrdersInput): Promise<CreatedOrders> {
  const userId = input.buyer.id;
  // Priced before the transaction: under READ COMMITTED a read inside it sees nothing newer than
  // one just before it, and what must still hold at the commit is held by the conditional writes
  // (stock, coupon use, flash units, group seats). So the transaction (a pool connection, the only
  // connection of the embedded database) is held for writes only.
  let groups: PricedGroup[];
  try {
    groups = await priceForCreate(db, input);
  } catch (err) {
    // a repeated key whose first attempt took the last units (or the coupon) is no refusal: its orders are the answer
    if (err instanceof ApiError) {
      const earlier = await previousAttempt(db, userId, input.idemKey, true);
      if (earlier) return earlier;
    }
    throw err;
  }
  const cartIds = input.request.ifcart ? [...new Set(input.request.lines.map((l) => l.cartId).filter((id) => id > 0))] : [];
  for (let attempt = 1; ; attempt++) {
    try {
      const made = await db.transaction(async (tx) => {
        // a racing attempt with the same key holds its index entry: this waits for it, then writes nothing
        const created = await insertOrders(tx, input, groups, cartIds);
        if (!created) return null;
        const promoted: PromoEntry[] = groups.flatMap((group, k) => group.lines.filter((line) => line.promo).map((line) => ({ orderId: created[k].id, userId, line })));
        // flash units and group seats, then the stock: their row locks are held only until the commit
        await takePromotions(tx, promoted);
        await takeStock(tx, groups.flatMap((g) => g.lines));
        return { order_id: created.map((o) => o.id), order_no: created.map((o) => o.no) };
      });
      if (made) return made;
      // the key's row held (a repeat within its window, or a client key): its orders are the answer
      const earlier = await previousAttempt(db, userId, input.idemKey, false);
      if (earlier && earlier.order_id.length > 0) return earlier;
      throw fail('orders.repeatRefused', undefined, 409, { field: 'idem_key' });
    } catch (err) {
      if (!(err instanceof OrderNumberClash)) throw err;
      if (attempt >= NUMBER_ATTEMPTS) throw new Error('orders: could not draw free order numbers');
    }
  }
}
