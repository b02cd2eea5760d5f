import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { fromCents } from '../money';
import { addresses, areas, goods, goods_skus, money_logs, order_comments, order_goods, order_logs, order_pays, orders } from '../schema';
import { thumbUrl } from '../../modules/catalogue/images';
import { loadCheckout } from '../../modules/orders/load';
import { priceCheckout, type RequestLine } from '../../modules/orders/pricing';
import { ORDER_ACTIONS, type OrderActionName } from '../../modules/orders/states';
import { refreshGoodsRating } from '../../modules/reviews/rating';
import { DEMO } from './accounts';

/**
 * The demo shopper's side of orders (issue 12): two addresses (Beijing, the default, and
 * Shanghai), a balance of 1,000.00 that equals the sum of their money logs (an opening 系统处理
 * log, then one 订单支付 log per paid order), and one order in each state, across stores 1 and 2,
 * priced by the checkout's own pricing function, each with its history and, once paid, its
 * order_pays row; the completed one carries the buyer's reviews (one with a photo and the store's
 * reply), counted in the goods' statistics. The unpaid order holds its stock like a real one (the timed task gives it back
 * when it is cancelled).
 */
export const DEMO_BALANCE_CENTS = 100_000;

/** [province, city, district] area codes and the street of each demo address. */
const DEMO_ADDRESSES = [
  { codes: ['11', '1101', '110105'], address: '建国路 93 号万达广场 6 号楼 1208 室', receive_name: '陈晓明', receive_tel: '13800000000', is_default: 1 },
  { codes: ['31', '3101', '310115'], address: '世纪大道 100 号环球金融中心 26 楼', receive_name: '陈晓明（公司）', receive_tel: '021-68881234', is_default: 0 },
] as const;

type Step = { action: OrderActionName; minutesAgo: number; actor: 'user' | 'seller' | 'system'; actorName: string; note?: string };

interface DemoOrder {
  store: 1 | 2;
  /** How many of the store's cheapest visible goods, and how many of each. */
  lines: { pick: number; buyNum: number }[];
  createdMinutesAgo: number;
  steps: Step[];
  delivery?: { code: string; no: string };
  remark?: string;
  /** The buyer's review of each line (completed orders), the first with a photo of the goods. */
  reviews?: { score: number; content: string; photo?: boolean; reply?: string }[];
}

const DAY = 24 * 60;
const PAID = (minutesAgo: number): Step => ({ action: 'pay', minutesAgo, actor: 'system', actorName: '系统' });

/** One order per state: unpaid, paid, shipped, received, completed, cancelled. */
const DEMO_ORDERS: DemoOrder[] = [
  { store: 1, lines: [{ pick: 0, buyNum: 1 }], createdMinutesAgo: 5, steps: [], remark: '工作日白天送货' },
  { store: 2, lines: [{ pick: 0, buyNum: 2 }, { pick: 1, buyNum: 1 }], createdMinutesAgo: 2 * DAY, steps: [PAID(2 * DAY - 3)] },
  {
    store: 1,
    lines: [{ pick: 1, buyNum: 1 }],
    createdMinutesAgo: 3 * DAY,
    steps: [PAID(3 * DAY - 5), { action: 'ship', minutesAgo: DAY, actor: 'seller', actorName: '商家小王' }],
    delivery: { code: 'sf', no: 'SF1402638835219' },
  },
  {
    store: 2,
    lines: [{ pick: 2, buyNum: 1 }],
    createdMinutesAgo: 10 * DAY,
    steps: [PAID(10 * DAY - 8), { action: 'ship', minutesAgo: 9 * DAY, actor: 'seller', actorName: '商家小李' }, { action: 'receive', minutesAgo: 6 * DAY, actor: 'user', actorName: '演示买家' }],
    delivery: { code: 'zt', no: '78312465590214' },
  },
  {
    store: 1,
    lines: [{ pick: 2, buyNum: 1 }, { pick: 3, buyNum: 2 }],
    createdMinutesAgo: 20 * DAY,
    steps: [
      PAID(20 * DAY - 2),
      { action: 'ship', minutesAgo: 19 * DAY, actor: 'seller', actorName: '商家小王' },
      { action: 'receive', minutesAgo: 16 * DAY, actor: 'user', actorName: '演示买家' },
      { action: 'comment', minutesAgo: 15 * DAY, actor: 'user', actorName: '演示买家' },
    ],
    delivery: { code: 'yd', no: '4318862207145' },
    reviews: [
      { score: 5, content: '包装很仔细，实物和图片一样，晒一下实拍。', photo: true, reply: '感谢您的晒图与好评，期待再次光临！' },
      { score: 4, content: '发货快，质量不错，性价比高。' },
    ],
  },
  {
    store: 2,
    lines: [{ pick: 3, buyNum: 1 }],
    createdMinutesAgo: 6 * DAY,
    steps: [{ action: 'cancel', minutesAgo: 6 * DAY - 30, actor: 'system', actorName: '系统', note: '超过 30 分钟未支付，自动取消' }],
  },
];

/** The four cheapest visible goods of a store, each as a request line (its first SKU when it has any). */
export async function storeLines(tx: Tx, storeId: number): Promise<RequestLine[]> {
  const rows = await tx
    .select({ id: goods.id, skuId: sql<number>`coalesce((select min(s.id) from ${goods_skus} s where s.goods_id = "goods"."id" and s.deleted_at is null and s.goods_stock > 5), 0)::int` })
    .from(goods)
    .where(and(eq(goods.store_id, storeId), eq(goods.goods_status, 1), eq(goods.goods_verify, 1), isNull(goods.deleted_at), sql`${goods.goods_stock} > 5`))
    .orderBy(asc(goods.goods_price), asc(goods.id))
    .limit(4);
  return rows.map((r) => ({ goodsId: r.id, skuId: r.skuId, buyNum: 1, cartId: 0 }));
}

export async function seedOrders(tx: Tx): Promise<void> {
  const clock = (await tx.execute(sql`select to_char(now(), 'YYYY-MM-DD HH24:MI:SS') as now`)) as unknown as { rows: { now: string }[] };
  const nowMs = Date.parse(`${clock.rows[0].now.replace(' ', 'T')}Z`);
  const at = (minutesAgo: number) => new Date(nowMs - minutesAgo * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const digits = (stamp: string) => stamp.replace(/\D/g, '');

  // addresses, with their area ids and names from the area tree
  const codes = DEMO_ADDRESSES.flatMap((a) => a.codes);
  const areaRows = await tx.select({ id: areas.id, code: areas.code, name: areas.name }).from(areas).where(inArray(areas.code, [...codes]));
  const area = new Map(areaRows.map((r) => [r.code, r]));
  const addressRows = await tx
    .insert(addresses)
    .values(
      DEMO_ADDRESSES.map((a) => ({
        user_id: DEMO.shopper.id,
        receive_name: a.receive_name,
        receive_tel: a.receive_tel,
        area_info: a.codes.map((c) => area.get(c)!.name).join(' '),
        address: a.address,
        province_id: area.get(a.codes[0])!.id,
        city_id: area.get(a.codes[1])!.id,
        region_id: area.get(a.codes[2])!.id,
        is_default: a.is_default,
        created_at: at(40 * DAY),
        updated_at: at(40 * DAY),
      })),
    )
    .returning();
  const home = addressRows.find((a) => a.is_default === 1)!;

  const candidates = { 1: await storeLines(tx, DEMO.owner.storeId), 2: await storeLines(tx, DEMO.owner2.storeId) };
  const paidLogs: (typeof money_logs.$inferInsert)[] = [];
  const reviewed: number[] = [];
  let paidTotal = 0;

  // oldest first, so that the ids follow the creation times as they do for real orders
  const chronological = [...DEMO_ORDERS.entries()].sort(([, a], [, b]) => b.createdMinutesAgo - a.createdMinutesAgo);
  for (const [index, demo] of chronological) {
    const lines = demo.lines.map((l) => ({ ...candidates[demo.store][l.pick], buyNum: l.buyNum }));
    const [group] = priceCheckout(await loadCheckout(tx, { lines, buyerId: DEMO.shopper.id, province: home.province_id }));
    if (!group?.canBuy) throw new Error(`seed: demo order ${index + 1} cannot be priced: ${JSON.stringify(group?.lines.map((l) => [l.goodsId, l.skuId, l.refusal]))}`);
    const created = at(demo.createdMinutesAgo);
    const orderNo = `${digits(created)}${String(520_000 + index * 7_919).padStart(6, '0')}`;
    const status = demo.steps.reduce((s, step) => ORDER_ACTIONS[step.action].to as number, 1);
    const stamps: Record<string, string> = {};
    for (const step of demo.steps) {
      const column = (ORDER_ACTIONS[step.action] as { stamp?: string }).stamp;
      if (column) stamps[column] = at(step.minutesAgo);
    }
    const payStep = demo.steps.find((s) => s.action === 'pay');
    const first = group.lines[0];
    const [order] = await tx
      .insert(orders)
      .values({
        user_id: DEMO.shopper.id,
        store_id: group.store.id,
        order_no: orderNo,
        order_name: first.goodsName,
        order_image: thumbUrl(first.image, 150),
        total_price: fromCents(group.total),
        order_price: fromCents(group.goodsTotal),
        freight_money: fromCents(group.freight),
        coupon_money: fromCents(group.discountTotal),
        order_status: status,
        receive_name: home.receive_name,
        receive_tel: home.receive_tel,
        receive_area: home.area_info,
        receive_address: home.address,
        receive_province_id: home.province_id,
        remark: demo.remark ?? '',
        payment_name: payStep ? 'balance' : '',
        delivery_code: demo.delivery?.code ?? '',
        delivery_no: demo.delivery?.no ?? '',
        ...stamps,
        created_at: created,
        updated_at: demo.steps.length ? at(demo.steps[demo.steps.length - 1].minutesAgo) : created,
      })
      .returning({ id: orders.id });
    const lineRows = await tx.insert(order_goods).values(
      group.lines.map((l) => ({
        order_id: order.id,
        goods_id: l.goodsId,
        sku_id: l.skuId,
        user_id: DEMO.shopper.id,
        store_id: group.store.id,
        goods_name: l.goodsName,
        goods_image: thumbUrl(l.image, 150),
        sku_name: l.skuName,
        buy_num: l.buyNum,
        goods_price: fromCents(l.unitPrice),
        total_price: fromCents(l.total),
        total_weight: fromCents(l.weight),
        created_at: created,
        updated_at: created,
      })),
    ).returning({ id: order_goods.id });

    // the buyer's reviews of a completed order, written when it was reviewed
    if (demo.reviews) {
      const commentStep = demo.steps.find((s) => s.action === 'comment')!;
      const when = at(commentStep.minutesAgo);
      await tx.insert(order_comments).values(
        group.lines.map((l, i) => {
          const review = demo.reviews![i] ?? demo.reviews![0];
          const score = `${review.score}.00`;
          return {
            user_id: DEMO.shopper.id,
            order_id: order.id,
            order_goods_id: lineRows[i].id,
            goods_id: l.goodsId,
            store_id: group.store.id,
            score,
            agree: score,
            service: '5.00',
            speed: score,
            content: review.content,
            image: review.photo ? l.image : '',
            reply: review.reply ?? '',
            reply_time: review.reply ? at(commentStep.minutesAgo - 60) : '',
            created_at: when,
            updated_at: when,
          };
        }),
      );
      reviewed.push(...group.lines.map((l) => l.goodsId));
    }

    // the history: created, then each step
    let from = 1;
    const history: (typeof order_logs.$inferInsert)[] = [
      { order_id: order.id, from_status: -1, to_status: 1, actor: 'user', actor_id: DEMO.shopper.id, actor_name: '演示买家', action: 'create', created_at: created, updated_at: created },
    ];
    for (const step of demo.steps) {
      const to = ORDER_ACTIONS[step.action].to;
      const actorId = step.actor === 'user' ? DEMO.shopper.id : step.actor === 'seller' ? (demo.store === 1 ? DEMO.owner.id : DEMO.owner2.id) : 0;
      history.push({ order_id: order.id, from_status: from, to_status: to, actor: step.actor, actor_id: actorId, actor_name: step.actorName, action: step.action, note: step.note ?? '', created_at: at(step.minutesAgo), updated_at: at(step.minutesAgo) });
      from = to;
    }
    await tx.insert(order_logs).values(history);

    if (payStep) {
      const paidAt = at(payStep.minutesAgo);
      const [pay] = await tx
        .insert(order_pays)
        .values({
          belong_id: DEMO.shopper.id,
          name: first.goodsName.slice(0, 60),
          order_ids: String(order.id),
          pay_no: `P${digits(paidAt)}${String(610_000 + index * 7_919).padStart(6, '0')}`,
          trade_no: '-',
          payment_name: 'balance',
          device: 'scan',
          total: fromCents(group.total),
          balance: fromCents(group.total),
          pay_status: 1,
          pay_time: paidAt,
          created_at: paidAt,
          updated_at: paidAt,
        })
        .returning({ id: order_pays.id });
      await tx.update(orders).set({ pay_id: pay.id, updated_at: sql`${orders.updated_at}` }).where(eq(orders.id, order.id));
      paidTotal += group.total;
      paidLogs.push({ user_id: DEMO.shopper.id, name: '订单支付', money: fromCents(-group.total), is_type: 0, info: orderNo, created_at: paidAt, updated_at: paidAt });
    }

    // an unpaid order holds its stock, as one made through the checkout does
    if (status === 1) {
      for (const l of group.lines) {
        if (l.skuId > 0)
          await tx
            .update(goods_skus)
            .set({ goods_stock: sql`${goods_skus.goods_stock} - ${l.buyNum}` })
            .where(and(eq(goods_skus.id, l.skuId), sql`${goods_skus.goods_stock} >= ${l.buyNum}`));
        await tx
          .update(goods)
          .set({ goods_stock: sql`${goods.goods_stock} - ${l.buyNum}` })
          .where(and(eq(goods.id, l.goodsId), sql`${goods.goods_stock} >= ${l.buyNum}`));
      }
    }
  }

  await refreshGoodsRating(tx, reviewed);

  // balance = Σ logs: an opening credit, then the payments
  const opening = at(40 * DAY);
  await tx.insert(money_logs).values([
    { user_id: DEMO.shopper.id, name: '系统处理', money: fromCents(DEMO_BALANCE_CENTS + paidTotal), is_type: 0, info: '演示账户开户余额', created_at: opening, updated_at: opening },
    { user_id: DEMO.shopper.id, name: '系统处理', money: '50.00', is_type: 2, info: '注册赠送积分', created_at: opening, updated_at: opening },
    ...paidLogs,
  ]);
}
