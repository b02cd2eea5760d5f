import { eq } from 'drizzle-orm';
import { distributions, users } from '../../../server/db/schema';
import type { TestServer } from '../helpers';
import { makeUser } from '../orders/fixtures';

/** An invite chain: top ← c ← b ← a ← buyer (each invited by the next), all fresh users. */
export async function inviteChain(s: TestServer) {
  const top = await makeUser(s);
  const c = await makeUser(s);
  const b = await makeUser(s);
  const a = await makeUser(s);
  const buyer = await makeUser(s);
  await s.db.update(users).set({ inviter_id: top.id }).where(eq(users.id, c.id));
  await s.db.update(users).set({ inviter_id: c.id }).where(eq(users.id, b.id));
  await s.db.update(users).set({ inviter_id: b.id }).where(eq(users.id, a.id));
  await s.db.update(users).set({ inviter_id: a.id }).where(eq(users.id, buyer.id));
  return { top, c, b, a, buyer };
}

export async function setRates(s: TestServer, storeId: number, goodsId: number, rates: [string, string, string]) {
  await s.db.delete(distributions).where(eq(distributions.goods_id, goodsId));
  await s.db.insert(distributions).values({ store_id: storeId, goods_id: goodsId, lev_1: rates[0], lev_2: rates[1], lev_3: rates[2] });
}

export const moneyOf = async (s: TestServer, userId: number) => (await s.db.select({ money: users.money }).from(users).where(eq(users.id, userId)))[0].money;
