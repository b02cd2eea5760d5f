import { eq } from 'drizzle-orm';
import { integral_goods, integral_goods_classes, users } from '../../../server/db/schema';
import { applyLedger } from '../../../server/modules/money/ledger';
import type { TestServer } from '../helpers';
import { makeAddress, makeUser } from '../orders/fixtures';

/** Points-mall rows for the tests: a class, goods on the shelf, shoppers with points and an address. */
let seq = 0;

export async function makeClass(s: TestServer, name = `积分类${++seq}x${Date.now() % 10000}`) {
  const [row] = await s.db.insert(integral_goods_classes).values({ name: name.slice(0, 20) }).returning({ id: integral_goods_classes.id });
  return row.id;
}

export async function makePointsGoods(s: TestServer, opts: { cid: number; price?: string; stock?: number; status?: number; name?: string; recommend?: number }) {
  const [row] = await s.db
    .insert(integral_goods)
    .values({
      cid: opts.cid,
      goods_name: opts.name ?? `积分商品${++seq}`,
      goods_price: opts.price ?? '100.00',
      goods_market_price: '59.00',
      goods_stock: opts.stock ?? 10,
      goods_status: opts.status ?? 1,
      is_recommend: opts.recommend ?? 0,
      goods_images: '/uploads/goods/a.jpg,/uploads/goods/b.jpg',
      goods_master_image: '/uploads/goods/a.jpg',
    })
    .returning({ id: integral_goods.id });
  return row.id;
}

/** A shopper with `points` points (credited through the ledger) and a default address. */
export async function makePointsShopper(s: TestServer, points: number) {
  const user = await makeUser(s);
  if (points > 0) await s.db.transaction((tx) => applyLedger(tx, { owner: 'user', id: user.id, type: 2, cents: points * 100, name: '系统处理' }));
  const address = await makeAddress(s, user.id, { isDefault: true });
  return { ...user, address };
}

export const pointsOf = async (s: TestServer, userId: number) => (await s.db.select({ integral: users.integral }).from(users).where(eq(users.id, userId)))[0].integral;

let keySeq = 0;
export const redeemKey = () => `redeem-${process.pid}-${Date.now()}-${++keySeq}`;
