import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/client';
import { fromCents } from '../../../server/db/money';
import { goods, order_goods, order_pays, orders, stores, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';

/**
 * Rows for the dashboard tests, written straight into the tables (the rollups follow any write
 * through the triggers, whichever code made it): stores with their owners, buyers, goods, and
 * orders with exact amounts and pay times, so the expected figures can be worked out by hand.
 */
let serial = 0;
const unique = () => `${Date.now() % 1_000_000}${++serial}${randomInt(100, 999)}`;

let passwordHash: Promise<string> | null = null;
const password = () => (passwordHash ??= hashPassword('123456'));

export async function makeUser(db: Db, nickname: string): Promise<{ id: number; username: string }> {
  const username = `st${unique()}`.slice(0, 20);
  const [row] = await db.insert(users).values({ username, nickname, password: await password() }).returning({ id: users.id, username: users.username });
  return row;
}

/** An approved, open store with its owner (who can log in to the seller centre with 123456). */
export async function makeStore(db: Db, name: string) {
  const owner = await makeUser(db, `${name}店主`);
  const [store] = await db.insert(stores).values({ user_id: owner.id, store_name: name, store_verify: 4, store_status: 1 }).returning({ id: stores.id });
  return { id: store.id, owner };
}

export async function makeGoods(db: Db, storeId: number, name: string): Promise<number> {
  const [row] = await db.insert(goods).values({ store_id: storeId, goods_name: name, goods_price: '1.00', goods_status: 1, goods_verify: 1 }).returning({ id: goods.id });
  return row.id;
}

export interface Line {
  goodsId: number;
  qty: number;
  /** The line's total in cents. */
  cents: number;
}

export interface PaidOrder {
  storeId: number;
  userId: number;
  lines: Line[];
  /** `YYYY-MM-DD HH:MM:SS` wall time in the shop's zone; absent: never paid. */
  payTime?: string;
  status: number;
}

/** One order with its lines (and, once paid, a balance payment row): total = Σ line totals. */
export async function makeOrder(db: Db | Tx, o: PaidOrder): Promise<number> {
  const totalCents = o.lines.reduce((sum, l) => sum + l.cents, 0);
  const [pay] = o.payTime
    ? await db
        .insert(order_pays)
        .values({ belong_id: o.userId, pay_no: `P${unique()}`.slice(0, 32), payment_name: 'balance', total: fromCents(totalCents), pay_status: 1, pay_time: o.payTime, trade_no: '-' })
        .returning({ id: order_pays.id })
    : [undefined];
  const [order] = await db
    .insert(orders)
    .values({
      user_id: o.userId,
      store_id: o.storeId,
      order_no: `T${unique()}`.slice(0, 30),
      order_name: 'dashboard fixture',
      total_price: fromCents(totalCents),
      order_price: fromCents(totalCents),
      order_status: o.status,
      payment_name: o.payTime ? 'balance' : '',
      pay_id: pay?.id ?? 0,
      pay_time: o.payTime ?? null,
    })
    .returning({ id: orders.id });
  await db.insert(order_goods).values(
    o.lines.map((l) => ({
      order_id: order.id,
      goods_id: l.goodsId,
      user_id: o.userId,
      store_id: o.storeId,
      goods_name: 'fixture line',
      buy_num: l.qty,
      total_price: fromCents(l.cents),
      goods_price: fromCents(Math.round(l.cents / l.qty)),
    })),
  );
  if (o.payTime) await db.execute(sql`update ${order_pays} set order_ids = ${String(order.id)} where id = ${pay!.id}`);
  return order.id;
}
