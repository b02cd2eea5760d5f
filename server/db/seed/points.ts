import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { distributions, goods, integral_goods, integral_goods_classes, order_goods, orders, users } from '../schema';
import { payReferralCommissions } from '../../modules/distribution/commission';
import { applyLedger } from '../../modules/money/ledger';
import { awardOrderPoints } from '../../modules/points/earn';
import { DEMO } from './accounts';
import { SHOPPERS } from './catalogue-data';

/**
 * The points mall and referral demo (issue 14, points lane), after the orders: three classes of
 * points goods (images of catalogue goods), the demo shopper's points through the ledger (a
 * 活动赠送 credit and the 订单积分 of each completed order, so balances = Σ logs), an invite chain
 * below the demo shopper (爱吃的小美 ← 阿杰同学 ← 陈先生), referral rates on store 1's goods and the
 * commission of the demo shopper's completed order in store 1 paid to its inviter (store owner 1).
 */
export const DEMO_POINTS_GIFT_CENTS = 200_000;

const CLASSES = ['数码好物', '居家生活', '美食饮品'];

/** [class index, points, market price, stock, recommended] per picked catalogue goods. */
const PICKS: [number, string, string, number, number][] = [
  [0, '1200.00', '129.00', 20, 1],
  [0, '800.00', '89.00', 35, 1],
  [0, '500.00', '59.00', 50, 0],
  [1, '300.00', '39.90', 80, 1],
  [1, '600.00', '69.00', 40, 0],
  [2, '150.00', '19.90', 100, 1],
  [2, '250.00', '29.90', 60, 0],
  [2, '400.00', '45.00', 30, 0],
];

export async function seedPoints(tx: Tx): Promise<void> {
  const classIds = await tx
    .insert(integral_goods_classes)
    .values(CLASSES.map((name) => ({ name })))
    .returning({ id: integral_goods_classes.id });
  const source = await tx
    .select({ name: goods.goods_name, subname: goods.goods_subname, image: goods.goods_master_image, images: goods.goods_images, content: goods.goods_content })
    .from(goods)
    .where(and(eq(goods.goods_status, 1), isNull(goods.deleted_at)))
    .orderBy(asc(goods.id))
    .limit(40);
  await tx.insert(integral_goods).values(
    PICKS.map(([cls, points, market, stock, recommend], i) => {
      const g = source[(i * 5) % source.length];
      return {
        cid: classIds[cls].id,
        goods_name: g.name.slice(0, 120),
        goods_subname: g.subname.slice(0, 120),
        goods_price: points,
        goods_market_price: market,
        goods_stock: stock,
        goods_images: g.images,
        goods_master_image: g.image,
        goods_status: 1,
        is_recommend: recommend,
        goods_content: g.content,
      };
    }),
  );

  // the demo shopper's points: a gift, then what each completed order earned
  await applyLedger(tx, { owner: 'user', id: DEMO.shopper.id, type: 2, cents: DEMO_POINTS_GIFT_CENTS, name: '系统处理', info: '积分商城开业赠送' });
  const completed = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.user_id, DEMO.shopper.id), eq(orders.order_status, 6)))
    .orderBy(asc(orders.id));
  for (const order of completed) await awardOrderPoints(tx, order);

  // the invite chain below the demo shopper
  const [a, b, c] = SHOPPERS;
  await tx.update(users).set({ inviter_id: DEMO.shopper.id }).where(eq(users.id, a.id));
  await tx.update(users).set({ inviter_id: a.id }).where(eq(users.id, b.id));
  await tx.update(users).set({ inviter_id: b.id }).where(eq(users.id, c.id));

  // referral rates on store 1's first goods, and on every goods of the completed store-1 order
  const storeGoods = await tx.select({ id: goods.id }).from(goods).where(and(eq(goods.store_id, DEMO.owner.storeId), isNull(goods.deleted_at))).orderBy(asc(goods.id)).limit(3);
  const inStore = completed.filter((o) => o.store_id === DEMO.owner.storeId);
  const lineGoods = inStore.length
    ? (await tx.select({ id: order_goods.goods_id }).from(order_goods).where(inArray(order_goods.order_id, inStore.map((o) => o.id)))).map((r) => r.id)
    : [];
  const rated = [...new Set([...storeGoods.map((g) => g.id), ...lineGoods])];
  if (rated.length) await tx.insert(distributions).values(rated.map((goodsId) => ({ store_id: DEMO.owner.storeId, goods_id: goodsId, lev_1: '10.00', lev_2: '5.00', lev_3: '2.00' })));
  for (const order of inStore) await payReferralCommissions(tx, { id: order.id, order_no: order.order_no, user_id: order.user_id, store_id: order.store_id });
}
