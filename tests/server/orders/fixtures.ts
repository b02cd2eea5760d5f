import { and, eq, isNull } from 'drizzle-orm';
import { addresses, carts, freights, goods, goods_skus, order_goods, orders, stores, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import type { TestServer } from '../helpers';
import { buildFixture, makeGoods, makeUser, params, type Fixture } from '../shop/fixtures';

/**
 * Rows the order tests need on top of the shop fixture (tests/server/shop/fixtures.ts): shoppers
 * with addresses, a store with freight templates, and helpers to send checkouts.
 */
export { buildFixture, makeGoods, makeUser, params, type Fixture };

export const PROVINCE = 110000;
export const OTHER_PROVINCE = 310000;

let addressSeq = 0;

export async function makeAddress(s: TestServer, userId: number, opts: { province?: number; isDefault?: boolean } = {}) {
  const [row] = await s.db
    .insert(addresses)
    .values({
      user_id: userId,
      receive_name: `收货人${++addressSeq}`,
      receive_tel: '13900000000',
      area_info: '北京市 北京市 东城区',
      address: `测试路 ${addressSeq} 号`,
      province_id: opts.province ?? PROVINCE,
      city_id: 110100,
      region_id: 110101,
      is_default: opts.isDefault ? 1 : 0,
    })
    .returning({ id: addresses.id });
  return row.id;
}

/** A shopper with a default address → {id, username, token, address}. */
export async function makeShopper(s: TestServer) {
  const user = await makeUser(s);
  const address = await makeAddress(s, user.id, { isDefault: true });
  return { ...user, address };
}

export interface OrderLine {
  goods_id: number;
  sku_id?: number;
  buy_num: number | string;
  cart_id?: number;
}

export const checkoutParams = (lines: OrderLine[], ifcart = 0) => params({ order: lines.map((l) => ({ sku_id: 0, ...l })), ifcart });

let keySeq = 0;
export const newKey = () => `key-${process.pid}-${Date.now()}-${++keySeq}`;

/** POST /api/user/order/create with a fresh key (unless given). */
export function create(s: TestServer, token: string, body: { lines: OrderLine[]; address: number; ifcart?: 0 | 1; key?: string; extra?: Record<string, string> }) {
  return s.call('POST', '/api/user/order/create', {
    token,
    body: { params: checkoutParams(body.lines, body.ifcart ?? 0), address_id: body.address, idem_key: body.key ?? newKey(), ...body.extra },
  });
}

export function preview(s: TestServer, token: string, lines: OrderLine[], extra: Record<string, string | number> = {}) {
  return s.call('POST', '/api/user/order/before', { token, body: { params: checkoutParams(lines), ...extra } });
}

export async function stockOf(s: TestServer, goodsId: number, skuId = 0) {
  const [g] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, goodsId));
  if (!skuId) return { goods: g.stock, sku: null };
  const [k] = await s.db.select({ stock: goods_skus.goods_stock }).from(goods_skus).where(eq(goods_skus.id, skuId));
  return { goods: g.stock, sku: k.stock };
}

export async function countOrders(s: TestServer, userId: number) {
  return s.db.$count(orders, eq(orders.user_id, userId));
}

export async function linesOf(s: TestServer, orderId: number) {
  return s.db.select().from(order_goods).where(eq(order_goods.order_id, orderId));
}

export async function liveCart(s: TestServer, userId: number) {
  return s.db.select().from(carts).where(and(eq(carts.user_id, userId), isNull(carts.deleted_at)));
}

/** A store owned by a fresh account that can log in (password 123456) → {store, owner token, ownerId}. */
export async function makeOwnedStore(s: TestServer, name: string) {
  const username = `own${Date.now() % 1_000_000}${++addressSeq}`.slice(0, 20);
  const [owner] = await s.db.insert(users).values({ username, password: await hashPassword('123456'), nickname: name.slice(0, 15) }).returning({ id: users.id });
  const [store] = await s.db.insert(stores).values({ user_id: owner.id, store_name: name, store_status: 1, store_verify: 4 }).returning({ id: stores.id });
  return { store: store.id, ownerId: owner.id, token: await s.login(username, '123456', 'users') };
}

/** Freight templates of a store: a default (1 kg 8.00, each more kg 3.00) and one for OTHER_PROVINCE (flat 20.00). */
export async function makeFreights(s: TestServer, storeId: number) {
  const [def] = await s.db.insert(freights).values({ store_id: storeId, name: '默认', f_weight: '1.00', f_price: '8.00', o_weight: '1.00', o_price: '3.00', is_type: 0 }).returning({ id: freights.id });
  const [far] = await s.db
    .insert(freights)
    .values({ store_id: storeId, name: '偏远', f_weight: '0.00', f_price: '20.00', o_weight: '0.00', o_price: '0.00', is_type: 1, area_id: String(OTHER_PROVINCE) })
    .returning({ id: freights.id });
  return { def: def.id, far: far.id };
}
