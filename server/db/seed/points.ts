import { and, asc, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { distributions, goods, integral_goods, integral_goods_classes, order_goods, order_logs, orders, users } from '../schema';
import { payReferralCommissions } from '../../modules/distribution/commission';
import { applyLedger } from '../../modules/money/ledger';
import { awardOrderPoints } from '../../modules/points/earn';
import { DEMO } from './accounts';
import { SHOPPERS } from './catalogue-data';

/**
 * The points mall and referral demo (issue 14, points lane), after the orders: three classes of
 * points goods (images of catalogue goods), the demo shopper's points through the ledger (a
 * gift and the 订单积分 of each completed order, so balances = Σ logs), an invite chain below the
 * demo shopper (爱吃的小美 ← 阿杰同学 ← 陈先生), referral rates on store 3's goods, and a completed
 * order of 陈先生 whose commissions were paid to the two inviters above him.
 */
export const DEMO_POINTS_GIFT_CENTS = 200_000;
/** The store whose goods carry the demo referral rates (青禾优选食品旗舰店). */
export const REFERRAL_STORE_ID = 3;

/** The points goods classes: name and English name. */
export const POINTS_CLASSES: [name: string, ename: string][] = [
  ['数码好物', 'Digital picks'],
  ['居家生活', 'Home living'],
  ['美食饮品', 'Food & drinks'],
];

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
    .values(POINTS_CLASSES.map(([name, ename]) => ({ name, ename })))
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

  // the invite chain below the demo shopper: 爱吃的小美 ← 阿杰同学 ← 陈先生
  const [a, b, c] = SHOPPERS;
  await tx.update(users).set({ inviter_id: DEMO.shopper.id }).where(eq(users.id, a.id));
  await tx.update(users).set({ inviter_id: a.id }).where(eq(users.id, b.id));
  await tx.update(users).set({ inviter_id: b.id }).where(eq(users.id, c.id));

  // referral rates on the first goods of store 3 (an open store beside the two demo owners' stores,
  // whose order lists the demo shopper's orders fill): 10 / 5 / 2 %, the first without a third level
  const storeId = REFERRAL_STORE_ID;
  const storeGoods = await tx
    .select({ id: goods.id, name: goods.goods_name, image: goods.goods_master_image, price: goods.goods_price })
    .from(goods)
    .where(and(eq(goods.store_id, storeId), eq(goods.goods_status, 1), isNull(goods.deleted_at)))
    .orderBy(asc(goods.id))
    .limit(3);
  await tx.insert(distributions).values(storeGoods.map((g, i) => ({ store_id: storeId, goods_id: g.id, lev_1: '10.00', lev_2: '5.00', lev_3: i === 0 ? '0.00' : '2.00' })));

  // and on two goods of store 1 nobody has ordered yet, so its owner's page shows rates from the start
  const unordered = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.store_id, DEMO.owner.storeId), eq(goods.goods_status, 1), isNull(goods.deleted_at), notInArray(goods.id, tx.select({ id: order_goods.goods_id }).from(order_goods))))
    .orderBy(desc(goods.id))
    .limit(2);
  if (unordered.length) await tx.insert(distributions).values(unordered.map((g) => ({ store_id: DEMO.owner.storeId, goods_id: g.id, lev_1: '8.00', lev_2: '4.00', lev_3: '1.50' })));

  // 陈先生's completed order of that goods (paid with Alipay), its points and its commissions:
  // 阿杰同学 (level 1) and 爱吃的小美 (level 2) are credited; balances stay Σ logs
  const bought = storeGoods[0];
  if (!bought) return;
  const [order] = await tx
    .insert(orders)
    .values({
      user_id: c.id,
      store_id: storeId,
      order_no: sql`to_char(now() - interval '12 days', 'YYYYMMDDHH24MISS') || '100001'` as unknown as string,
      order_name: bought.name,
      order_image: bought.image,
      total_price: bought.price,
      order_price: bought.price,
      order_status: 6,
      payment_name: 'alipay',
      receive_name: c.nickname,
      receive_tel: c.username,
      receive_area: '上海市 上海市 浦东新区',
      receive_address: '张江路 88 号',
      delivery_code: 'sf',
      delivery_no: 'SF1400012345678',
      pay_time: sql`now() - interval '12 days'`,
      delivery_time: sql`now() - interval '11 days'`,
      receipt_time: sql`now() - interval '8 days'`,
      comment_time: sql`now() - interval '8 days'`,
      created_at: sql`now() - interval '12 days'`,
    })
    .returning();
  await tx.insert(order_goods).values({ order_id: order.id, goods_id: bought.id, user_id: c.id, store_id: storeId, goods_name: bought.name, goods_image: bought.image, buy_num: 1, goods_price: bought.price, total_price: bought.price });
  // each step at the order's own time (its pay / delivery / receipt / comment times)
  const steps: [string, number, number, string | null][] = [
    ['create', -1, 1, order.created_at],
    ['pay', 1, 2, order.pay_time],
    ['ship', 2, 3, order.delivery_time],
    ['receive', 3, 4, order.receipt_time],
    ['comment', 4, 6, order.comment_time],
  ];
  await tx.insert(order_logs).values(
    steps.map(([action, from, to, when]) => ({
      order_id: order.id,
      from_status: from,
      to_status: to,
      actor: action === 'ship' ? 'seller' : action === 'pay' ? 'system' : 'user',
      actor_name: action === 'ship' ? '青禾掌柜' : action === 'pay' ? '系统' : c.nickname,
      action,
      ...(when ? { created_at: when, updated_at: when } : {}),
    })),
  );
  await awardOrderPoints(tx, order);
  await payReferralCommissions(tx, { id: order.id, order_no: order.order_no, user_id: c.id, store_id: storeId });
}
