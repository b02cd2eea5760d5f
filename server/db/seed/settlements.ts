import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { fromCents, toCents } from '../money';
import { cashes, goods, goods_skus, money_logs, order_goods, order_logs, order_pays, order_settlements, orders, user_checks } from '../schema';
import { thumbUrl } from '../../modules/catalogue/images';
import { applyLedger, type LedgerEntry } from '../../modules/money/ledger';
import { cashFee } from '../../modules/settlement/cashes';
import { bpToPercent, percentOfCents, readMoneyRates } from '../../modules/settlement/rates';
import { DEMO } from './accounts';
import { SHOPPERS } from './catalogue-data';

/**
 * Settlements and withdrawals of the demo (issue 13), every balance moved through the ledger so
 * `npm run ledger:check` holds on the seeded database:
 * - the pending withdrawals behind the frozen money the account seed gives user 1 (11.00) and
 *   store 1 (5.00), so those frozen amounts are explained;
 * - store 3 (青禾优选, owner 18888888890): two completed orders of shopper 13800000001, paid from
 *   her balance and settled (5 % platform commission), then store withdrawals in every state
 *   (paid out, refused with a reason, cancelled, pending);
 * - that shopper's real-name record and her own withdrawals in every state.
 * Stores 1 and 2 keep their balances: the demo shopper's completed order on store 1 waits for
 * the operator's "settle now".
 */
const DAY = 24 * 60;
const STORE = 3;
const BUYER = SHOPPERS[0];
const CARD = { name: '林小美', bank_name: '中国建设银行', card_no: '6217000010012345678' };
const STORE_CARD = { name: '青禾优选食品有限公司', bank_name: '中国农业银行', card_no: '6228480010098765432' };

export async function seedSettlements(tx: Tx): Promise<void> {
  const rates = await readMoneyRates(tx);
  const clock = (await tx.execute(sql`select to_char(now(), 'YYYY-MM-DD HH24:MI:SS') as now`)) as unknown as { rows: { now: string }[] };
  const nowMs = Date.parse(`${clock.rows[0].now.replace(' ', 'T')}Z`);
  const at = (minutesAgo: number) => new Date(nowMs - minutesAgo * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const digits = (stamp: string) => stamp.replace(/\D/g, '');

  /** A ledger move dated in the past. */
  const ledger = async (entry: LedgerEntry, minutesAgo: number) => {
    const { logId } = await applyLedger(tx, entry);
    await tx.update(money_logs).set({ created_at: at(minutesAgo), updated_at: at(minutesAgo) }).where(eq(money_logs.id, logId));
  };

  /** A withdrawal row of `cents` requested, with its fee at the seeded rate. */
  const cashRow = async (owner: { user_id?: number; store_id?: number }, cents: number, card: typeof CARD, minutesAgo: number, extra: Partial<typeof cashes.$inferInsert> = {}) => {
    const { fee, net } = cashFee(cents, rates.cashBp);
    const [row] = await tx
      .insert(cashes)
      .values({ ...owner, money: fromCents(net), commission: fromCents(fee), commission_rate: bpToPercent(rates.cashBp), ...card, ...extra, created_at: at(minutesAgo), updated_at: at(minutesAgo) })
      .returning({ id: cashes.id });
    return row.id;
  };

  // 1. the pending withdrawals behind the account seed's frozen money (its logs get the withdrawal's number)
  for (const [owner, belong, id, cents, card] of [
    ['user', 0, DEMO.owner.id, 1_100, { name: '王小明', bank_name: '中国工商银行', card_no: '6222000000000000000' }],
    ['store', 1, DEMO.owner.storeId, 500, { name: '北京小王数码科技有限公司', bank_name: '中国工商银行', card_no: '6222000000000000001' }],
  ] as const) {
    const cashId = await cashRow(owner === 'user' ? { user_id: id } : { store_id: id }, cents, card, 3 * DAY, { remark: '月度提现' });
    await tx
      .update(money_logs)
      .set({ info: `提现申请 #${cashId}` })
      .where(and(eq(money_logs.user_id, id), eq(money_logs.is_belong, belong), eq(money_logs.info, '提现冻结')));
  }

  // 2. two completed orders of the buyer on store 3, paid from her balance, settled in one run
  const picks = await tx
    .select({
      id: goods.id,
      name: goods.goods_name,
      image: goods.goods_master_image,
      price: goods.goods_price,
      skuId: sql<number>`coalesce((select min(s.id) from ${goods_skus} s where s.goods_id = "goods"."id" and s.deleted_at is null), 0)::int`,
    })
    .from(goods)
    .where(and(eq(goods.store_id, STORE), eq(goods.goods_status, 1), eq(goods.goods_verify, 1), isNull(goods.deleted_at)))
    .orderBy(asc(goods.goods_price), asc(goods.id))
    .limit(2);
  await ledger({ owner: 'user', id: BUYER.id, type: 0, cents: 200_000, name: '系统处理', info: '演示账户开户余额' }, 45 * DAY);
  const settlementNo = `S${digits(at(14 * DAY))}0001`;
  let settledCents = 0;
  for (const [index, pick] of picks.entries()) {
    const [sku] = pick.skuId ? await tx.select({ price: goods_skus.goods_price, name: goods_skus.sku_name }).from(goods_skus).where(eq(goods_skus.id, pick.skuId)) : [];
    const buyNum = index + 1;
    const unit = toCents(sku?.price ?? pick.price);
    const total = unit * buyNum;
    const start = (40 - index * 5) * DAY;
    const created = at(start);
    const orderNo = `${digits(created)}${String(730_000 + index * 7_919).padStart(6, '0')}`;
    const steps = [
      { action: 'pay', from: 1, to: 2, minutesAgo: start - 2, actor: 'system', actorName: '系统' },
      { action: 'ship', from: 2, to: 3, minutesAgo: start - DAY, actor: 'seller', actorName: '青禾掌柜' },
      { action: 'receive', from: 3, to: 4, minutesAgo: start - 3 * DAY, actor: 'user', actorName: BUYER.nickname },
      { action: 'comment', from: 4, to: 6, minutesAgo: start - 4 * DAY, actor: 'user', actorName: BUYER.nickname },
    ];
    const [order] = await tx
      .insert(orders)
      .values({
        user_id: BUYER.id,
        store_id: STORE,
        order_no: orderNo,
        order_name: pick.name,
        order_image: thumbUrl(pick.image, 150),
        total_price: fromCents(total),
        order_price: fromCents(total),
        order_status: 6,
        is_settlement: 1,
        receive_name: '林小美',
        receive_tel: BUYER.username,
        receive_area: '广东省 广州市 天河区',
        receive_address: '天河路 385 号太古汇 1 座 1502',
        payment_name: 'balance',
        delivery_code: 'sf',
        delivery_no: `SF14026${String(388_000 + index).padStart(8, '0')}`,
        pay_time: at(steps[0].minutesAgo),
        delivery_time: at(steps[1].minutesAgo),
        receipt_time: at(steps[2].minutesAgo),
        comment_time: at(steps[3].minutesAgo),
        created_at: created,
        updated_at: at(14 * DAY),
      })
      .returning({ id: orders.id });
    await tx.insert(order_goods).values({
      order_id: order.id,
      goods_id: pick.id,
      sku_id: pick.skuId,
      user_id: BUYER.id,
      store_id: STORE,
      goods_name: pick.name,
      goods_image: thumbUrl(pick.image, 150),
      sku_name: sku?.name ?? '',
      buy_num: buyNum,
      goods_price: fromCents(unit),
      total_price: fromCents(total),
      created_at: created,
      updated_at: created,
    });
    await tx.insert(order_logs).values([
      { order_id: order.id, from_status: -1, to_status: 1, actor: 'user', actor_id: BUYER.id, actor_name: BUYER.nickname, action: 'create', created_at: created, updated_at: created },
      ...steps.map((st) => ({
        order_id: order.id,
        from_status: st.from,
        to_status: st.to,
        actor: st.actor,
        actor_id: st.actor === 'user' ? BUYER.id : st.actor === 'seller' ? 5 : 0,
        actor_name: st.actorName,
        action: st.action,
        created_at: at(st.minutesAgo),
        updated_at: at(st.minutesAgo),
      })),
    ]);
    const paidAt = at(steps[0].minutesAgo);
    const [pay] = await tx
      .insert(order_pays)
      .values({
        belong_id: BUYER.id,
        name: pick.name.slice(0, 60),
        order_ids: String(order.id),
        pay_no: `P${digits(paidAt)}${String(810_000 + index * 7_919).padStart(6, '0')}`,
        trade_no: '-',
        payment_name: 'balance',
        device: 'scan',
        total: fromCents(total),
        balance: fromCents(total),
        pay_status: 1,
        pay_time: paidAt,
        created_at: paidAt,
        updated_at: paidAt,
      })
      .returning({ id: order_pays.id });
    await tx.update(orders).set({ pay_id: pay.id, updated_at: at(14 * DAY) }).where(eq(orders.id, order.id));
    await ledger({ owner: 'user', id: BUYER.id, type: 0, cents: -total, name: '订单支付', info: orderNo }, steps[0].minutesAgo);

    const commission = percentOfCents(total, rates.commissionBp);
    const settlement = total - commission;
    settledCents += settlement;
    await tx.insert(order_settlements).values({
      order_id: order.id,
      order_no: orderNo,
      user_id: BUYER.id,
      store_id: STORE,
      settlement_no: settlementNo,
      total_price: fromCents(total),
      commission_rate: bpToPercent(rates.commissionBp),
      commission: fromCents(commission),
      settlement_price: fromCents(settlement),
      status: 1,
      info: '系统结算',
      created_at: at(14 * DAY),
      updated_at: at(14 * DAY),
    });
    await ledger({ owner: 'store', id: STORE, type: 0, cents: settlement, name: '订单结算', info: `${settlementNo} 订单 ${orderNo}` }, 14 * DAY);
  }

  // 3. withdrawals in every state: the store's (shares of what it was paid) and the buyer's
  const share = (part: number) => Math.max(100, Math.floor((settledCents * part) / 100 / 100) * 100);
  const flows: { owner: 'user' | 'store'; cents: number; status: 0 | 1 | 2 | 3; minutesAgo: number; refuse?: string; remark?: string }[] = [
    { owner: 'store', cents: share(40), status: 1, minutesAgo: 12 * DAY, remark: '月度结算提现' },
    { owner: 'store', cents: share(20), status: 2, minutesAgo: 8 * DAY, refuse: '开户名与营业执照不一致，请核对后重新申请' },
    { owner: 'store', cents: share(10), status: 3, minutesAgo: 5 * DAY },
    { owner: 'store', cents: share(15), status: 0, minutesAgo: DAY, remark: '备货资金' },
    { owner: 'user', cents: 10_000, status: 1, minutesAgo: 20 * DAY },
    { owner: 'user', cents: 5_000, status: 2, minutesAgo: 10 * DAY, refuse: '银行卡号有误' },
    { owner: 'user', cents: 2_000, status: 3, minutesAgo: 6 * DAY },
    { owner: 'user', cents: 3_000, status: 0, minutesAgo: 2 * 60, remark: '生活费' },
  ];
  const names = { user: '资金提现', store: '商家提现' } as const;
  const steps = { 1: '提现成功', 2: '拒绝提现', 3: '取消提现' } as const;
  for (const flow of flows) {
    const account = flow.owner === 'user' ? ({ owner: 'user', id: BUYER.id } as const) : ({ owner: 'store', id: STORE } as const);
    const decidedAgo = flow.minutesAgo - 24 * 60 < 0 ? flow.minutesAgo / 2 : flow.minutesAgo - 24 * 60;
    const cashId = await cashRow(flow.owner === 'user' ? { user_id: BUYER.id } : { store_id: STORE }, flow.cents, flow.owner === 'user' ? CARD : STORE_CARD, flow.minutesAgo, {
      cash_status: flow.status,
      refuse_info: flow.refuse ?? '',
      remark: flow.remark ?? '',
      audit_time: flow.status === 0 ? null : at(decidedAgo),
    });
    const info = `提现申请 #${cashId}`;
    await ledger({ ...account, type: 0, cents: -flow.cents, name: names[flow.owner], info }, flow.minutesAgo);
    await ledger({ ...account, type: 1, cents: flow.cents, name: names[flow.owner], info }, flow.minutesAgo);
    if (flow.status === 0) continue;
    const actor = flow.status === 3 ? (flow.owner === 'store' ? '商家取消' : '用户取消') : '操作员 admin';
    const stepInfo = `提现 #${cashId} ${actor}${flow.refuse ? `：${flow.refuse}` : ''}`;
    await ledger({ ...account, type: 1, cents: -flow.cents, name: steps[flow.status], info: stepInfo }, decidedAgo);
    if (flow.status !== 1) await ledger({ ...account, type: 0, cents: flow.cents, name: steps[flow.status], info: stepInfo }, decidedAgo);
  }

  await tx.insert(user_checks).values({ user_id: BUYER.id, name: CARD.name, card_no: '440106199203150025', bank_no: CARD.card_no, bank_name: CARD.bank_name });
}
