import { eq, sql } from 'drizzle-orm';
import { collectives, seckills, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { topUp } from '../payment/fixtures';
import type { TestServer } from '../helpers';
import { create, makeAddress, makeGoods, makeOwnedStore, makeUser } from '../orders/fixtures';

/** Rows of the flash-sale and group-buy tests: a store with goods, sales and offers at chosen times, shoppers who can pay. */

export const minutesFromNow = (m: number) => sql`localtimestamp(0) + make_interval(mins => ${m})`;

/** A flash sale; `stock: null` has no cap (the goods' own stock). */
export async function makeSale(s: TestServer, v: { store: number; goods: number; discount?: string; stock?: number | null; from?: number; to?: number; status?: number }) {
  const [row] = await s.db
    .insert(seckills)
    .values({
      store_id: v.store,
      goods_id: v.goods,
      discount: v.discount ?? '20.00',
      stock: v.stock === undefined ? 10 : v.stock,
      start_time: minutesFromNow(v.from ?? -60) as unknown as string,
      end_time: minutesFromNow(v.to ?? 60) as unknown as string,
      status: v.status ?? 1,
    })
    .returning({ id: seckills.id });
  return row.id;
}

export async function makeOffer(s: TestServer, v: { store: number; goods: number; discount?: string; need?: number; hours?: number }) {
  const [row] = await s.db
    .insert(collectives)
    .values({ store_id: v.store, goods_id: v.goods, discount: v.discount ?? '25.00', need: v.need ?? 2, fill_hours: v.hours ?? 24 })
    .returning({ id: collectives.id });
  return row.id;
}

/** A shopper with a default address, pay password 123456 and a balance of 10,000.00. */
export async function makePayer(s: TestServer) {
  const user = await makeUser(s);
  const address = await makeAddress(s, user.id, { isDefault: true });
  await s.db.update(users).set({ pay_password: await hashPassword('123456') }).where(eq(users.id, user.id));
  await topUp(s.db, user.id, 1_000_000);
  return { ...user, address };
}

export type Payer = Awaited<ReturnType<typeof makePayer>>;

export const payByBalance = (s: TestServer, who: Payer, orderId: number) =>
  s.call('POST', '/api/user/order/pay', { token: who.token, body: { order_id: orderId, payment_name: 'balance', pay_password: '123456' } });

/** A store of its own (owner can log in) with a goods at 100.00, stock 50. */
export async function promoStore(s: TestServer, name = '秒杀测试店') {
  const owned = await makeOwnedStore(s, name);
  const [owner] = await s.db.select({ username: users.username }).from(users).where(eq(users.id, owned.ownerId));
  const sellerToken = await s.login(owner.username, '123456', 'users', 'seller');
  const goodsId = await makeGoods(s, { store_id: owned.store, goods_name: `${name}商品`, goods_price: '100.00', goods_stock: 50 });
  return { ...owned, sellerToken, goods: goodsId };
}

export function buyPromo(s: TestServer, who: Payer, line: { goods_id: number; buy_num?: number; seckill_id?: number; collective_id?: number }) {
  const { buy_num = 1, ...rest } = line;
  return create(s, who.token, { lines: [{ ...rest, buy_num } as never], address: who.address });
}

/** The group tests' scene: a store whose goods has a group buy of 3 (20.00 off, open `hours`), and three shoppers who can pay. */
export async function groupScene(s: TestServer, storeName: string, hours: number) {
  const shop = await promoStore(s, storeName);
  const offer = await makeOffer(s, { store: shop.store, goods: shop.goods, need: 3, discount: '20.00', hours });
  const payers: [Payer, Payer, Payer] = [await makePayer(s), await makePayer(s), await makePayer(s)];
  return { shop, offer, payers };
}
