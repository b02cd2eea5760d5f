import { ORDER_ACTIONS } from '../../../modules/orders/states';
import { pointsFor } from '../../../modules/points/config';
import { bpToPercent, percentOfCents } from '../../../modules/settlement/rates';
import { REPLIES, REVIEW_TEXTS } from '../catalogue-data';
import type { AfterSale, Lifecycle, Who } from './lifecycle';
import type { MarketStore } from './market';
import type { Random } from './random';
import { DAY, HOUR, MINUTE, digits14, stamp, yuan } from './rows';
import { runSerial } from './run';
import type { Shopper } from './shoppers';
import { COURIERS } from './vocabulary';

/** One priced order before it is written: lines, money, who bought where. */
export interface Draft {
  seq: number;
  createdMs: number;
  shopper: Shopper;
  store: MarketStore;
  lines: { goodsId: number; skuId: number; name: string; skuName: string; image: string; unit: number; num: number; weight: number }[];
  goodsCents: number;
  freightCents: number;
  discountCents: number;
  totalCents: number;
  payment: 'wechat' | 'alipay' | 'balance';
  remark: string;
  life: Lifecycle;
}

type Row = Record<string, unknown>;
/** Every table's rows of a chunk, and the balances they move. */
export interface Batch {
  orders: Row[];
  lines: Row[];
  logs: Row[];
  pays: Row[];
  refunds: Row[];
  paymentRefunds: Row[];
  comments: Row[];
  settlements: Row[];
  earnings: Row[];
  moneyLogs: Row[];
  storeMoney: Map<number, number>;
  sold: Map<number, number>;
}
export const emptyBatch = (): Batch => ({ orders: [], lines: [], logs: [], pays: [], refunds: [], paymentRefunds: [], comments: [], settlements: [], earnings: [], moneyLogs: [], storeMoney: new Map(), sold: new Map() });

export interface RowContext { run: number; r: Random; nowMs: number; commissionBp: number; pointsRate: number }

const at = (ms: number) => ({ created_at: stamp(ms), updated_at: stamp(ms) });
const moneyLog = (userId: number, belong: 0 | 1, type: 0 | 2, cents: number, name: string, info: string, ms: number): Row => ({
  user_id: userId, name, money: yuan(cents), is_type: type, is_belong: belong, info, ...at(ms),
});

/** Writes one order and everything it left behind into `b`; ids are given (reserved from the sequences). */
export function orderRows(c: RowContext, d: Draft, ids: { order: number; lines: number[]; pay: number }, b: Batch): void {
  const { r, run } = c;
  const { life, shopper, store } = d;
  const orderNo = `${digits14(d.createdMs)}${runSerial(run, d.seq)}`;
  const paidStep = life.steps.find((s) => s.action === 'pay');
  const stampOf = (action: 'cancel' | 'pay' | 'ship' | 'receive' | 'comment') => {
    const step = life.steps.find((s) => s.action === action);
    return step ? stamp(step.at) : null;
  };
  const courier = r.pick(COURIERS);
  const shipped = life.steps.some((s) => s.action === 'ship');
  const sale = life.afterSale;
  const refundCents = sale?.refundedAt ? d.totalCents : 0;
  const who = (actor: Who) =>
    actor === 'user' ? { actor_id: shopper.id, actor_name: shopper.nickname.slice(0, 30) } : actor === 'seller' ? { actor_id: store.ownerId, actor_name: store.ownerName.slice(0, 30) } : { actor_id: 0, actor_name: '系统' };

  b.orders.push({
    id: ids.order,
    user_id: shopper.id,
    store_id: store.id,
    order_no: orderNo,
    order_name: d.lines[0].name,
    order_image: d.lines[0].image,
    total_price: yuan(d.totalCents),
    order_price: yuan(d.goodsCents),
    freight_money: yuan(d.freightCents),
    coupon_money: yuan(d.discountCents),
    refund_money: yuan(refundCents),
    order_status: life.status,
    refund_status: sale ? (sale.step === 3 ? 2 : sale.verify === 2 ? 0 : sale.type) : 0,
    is_settlement: life.settledAt ? 1 : 0,
    delivery_code: shipped ? courier[0] : '',
    delivery_no: shipped ? `${courier[1]}${String(r.int(1e9)).padStart(9, '0')}${String(d.seq % 1e4).padStart(4, '0')}` : '',
    receive_name: shopper.receiveName,
    receive_tel: shopper.username,
    receive_area: shopper.place.info,
    receive_address: shopper.address,
    receive_province_id: shopper.place.provinceId,
    payment_name: paidStep ? d.payment : '',
    pay_id: paidStep ? ids.pay : 0,
    pay_time: stampOf('pay'),
    delivery_time: stampOf('ship'),
    receipt_time: stampOf('receive'),
    comment_time: stampOf('comment'),
    cancel_time: stampOf('cancel'),
    remark: d.remark,
    created_at: stamp(d.createdMs),
    updated_at: stamp(Math.max(life.updatedAt, sale?.updatedAt ?? 0, life.settledAt)),
  });
  d.lines.forEach((l, i) =>
    b.lines.push({
      id: ids.lines[i], order_id: ids.order, sku_id: l.skuId, goods_id: l.goodsId, user_id: shopper.id, store_id: store.id, goods_name: l.name, goods_image: l.image,
      sku_name: l.skuName, buy_num: l.num, total_price: yuan(l.unit * l.num), goods_price: yuan(l.unit), total_weight: yuan(l.weight * l.num), ...at(d.createdMs),
    }),
  );

  // the history: created, every state change, the after-sale's own steps and the refund, in time order
  const history: { ms: number; row: Row }[] = [{ ms: d.createdMs, row: { from_status: -1, to_status: 1, actor: 'user', ...who('user'), action: 'create', note: '' } }];
  let from = 1;
  for (const s of life.steps) {
    const to = ORDER_ACTIONS[s.action].to;
    const note = s.action === 'pay' ? payNo(run, d, paidStep!.at) : s.note ?? '';
    history.push({ ms: s.at, row: { from_status: from, to_status: to, actor: s.actor, ...(s.action === 'pay' ? { actor_id: 0, actor_name: d.payment } : who(s.actor)), action: s.action, note } });
    from = to;
  }
  for (const n of sale?.notes ?? []) history.push({ ms: n.at, row: { from_status: 5, to_status: 5, actor: n.actor, ...who(n.actor), action: `refund_${n.kind}`, note: '' } });
  const refundNo = sale ? `R${digits14(sale.appliedAt)}${runSerial(run, d.seq)}` : '';
  if (refundCents) {
    history.push({ ms: sale!.refundedAt - 1, row: { from_status: 5, to_status: 5, actor: 'seller', ...who('seller'), action: 'refund', note: `${yuan(refundCents)} → ${d.payment} (${refundNo}) 售后退款` } });
  }
  history.sort((a, z) => a.ms - z.ms);
  for (const h of history) b.logs.push({ order_id: ids.order, ...h.row, ...at(h.ms) });

  if (paidStep) {
    const paidAt = paidStep.at;
    b.pays.push({
      id: ids.pay, belong_id: shopper.id, name: d.lines[0].name.slice(0, 60), order_ids: String(ids.order), pay_no: payNo(run, d, paidAt),
      trade_no: d.payment === 'balance' ? '-' : `${d.payment === 'wechat' ? '4200' : '2026'}${digits14(paidAt)}${String(r.int(1e9)).padStart(10, '0')}`,
      payment_name: d.payment, device: r.pick(['web', 'h5', 'scan', 'app']), total: yuan(d.totalCents), balance: yuan(d.totalCents), pay_status: 1, pay_time: stamp(paidAt),
      created_at: stamp(Math.max(d.createdMs, paidAt - 20_000)), updated_at: stamp(paidAt),
    });
    if (d.payment === 'balance') {
      shopper.paidFromBalance += d.totalCents;
      b.moneyLogs.push(moneyLog(shopper.id, 0, 0, -d.totalCents, '订单支付', orderNo, paidAt));
    }
    for (const l of d.lines) b.sold.set(l.goodsId, (b.sold.get(l.goodsId) ?? 0) + l.num);
  }
  if (sale) afterSaleRows(c, d, { orderId: ids.order, payId: ids.pay, orderNo, refundNo, refundCents, sale }, b);
  if (life.review) reviewRows(c, d, ids, life.review, b);
  if (life.completedAt) {
    const points = pointsFor(Math.max(0, d.totalCents - d.freightCents - refundCents), c.pointsRate);
    b.earnings.push({ order_id: ids.order, user_id: shopper.id, points: yuan(points), rate: c.pointsRate, ...at(life.completedAt) });
    if (points > 0) {
      shopper.points += points;
      b.moneyLogs.push(moneyLog(shopper.id, 0, 2, points, '订单积分', orderNo, life.completedAt));
    }
  }
  if (life.settledAt) {
    const base = d.totalCents - refundCents;
    const commission = Math.min(base, percentOfCents(base, c.commissionBp));
    const price = base - commission;
    const settlementNo = `S${digits14(life.settledAt)}${String(run).padStart(4, '0')}`;
    b.settlements.push({
      order_id: ids.order, order_no: orderNo, user_id: shopper.id, store_id: store.id, settlement_no: settlementNo, total_price: yuan(d.totalCents), refund_money: yuan(refundCents),
      commission_rate: bpToPercent(c.commissionBp), commission: yuan(commission), referral_money: '0.00', settlement_price: yuan(price), status: 1, info: '系统结算', ...at(life.settledAt),
    });
    if (price > 0) {
      b.storeMoney.set(store.id, (b.storeMoney.get(store.id) ?? 0) + price);
      b.moneyLogs.push(moneyLog(store.id, 1, 0, price, '订单结算', `${settlementNo} 订单 ${orderNo}`, life.settledAt));
    }
  }
}

const payNo = (run: number, d: Draft, paidAt: number) => `P${digits14(paidAt)}${runSerial(run, d.seq)}`;

function afterSaleRows(c: RowContext, d: Draft, o: { orderId: number; payId: number; orderNo: string; refundNo: string; refundCents: number; sale: AfterSale }, b: Batch) {
  const { sale } = o;
  const courier = c.r.pick(COURIERS);
  const sentBack = sale.notes.some((n) => n.kind === 'ship_back');
  b.refunds.push({
    user_id: d.shopper.id, store_id: d.store.id, order_id: o.orderId, refund_no: o.refundNo, refund_type: sale.type, refund_verify: sale.verify, refund_step: sale.step,
    delivery_code: sentBack ? courier[0] : '', delivery_no: sentBack ? `${courier[1]}${String(c.r.int(1e9)).padStart(9, '0')}` : '',
    re_delivery_code: sale.reshippedAt ? 'sf' : '', re_delivery_no: sale.reshippedAt ? `SF${String(c.r.int(1e9)).padStart(10, '0')}` : '',
    refund_remark: c.r.pick(sale.type === 0 ? ['不想要了', '拍错了规格', '价格买贵了', '地址填错了'] : ['尺码不合适', '质量问题', '与描述不符', '收到商品破损']),
    images: '', refuse_remark: sale.refusedAt ? '商品已影响二次销售' : '', from_status: sale.from, refund_money: yuan(o.refundCents),
    created_at: stamp(sale.appliedAt), updated_at: stamp(sale.updatedAt),
  });
  if (!o.refundCents) return;
  const balance = d.payment === 'balance';
  b.paymentRefunds.push({
    refund_no: o.refundNo, order_id: o.orderId, user_id: d.shopper.id, pay_id: o.payId, payment_name: d.payment, pay_no: payNo(c.run, d, d.life.steps.find((s) => s.action === 'pay')!.at),
    trade_no: '-', pay_total: yuan(d.totalCents), money: yuan(o.refundCents), reason: '售后退款', actor: 'seller', status: 1, attempts: balance ? 0 : 1,
    next_try_at: stamp(sale.refundedAt), last_error: '', provider_refund_id: balance ? '-' : `RF${o.refundNo.slice(1)}`, done_at: stamp(sale.refundedAt + (balance ? 0 : MINUTE)),
    ...at(sale.refundedAt),
  });
  if (balance) {
    d.shopper.refundedToBalance += o.refundCents;
    b.moneyLogs.push(moneyLog(d.shopper.id, 0, 0, o.refundCents, '售后退款', `${o.orderNo} ${o.refundNo}`, sale.refundedAt));
  }
}

function reviewRows(c: RowContext, d: Draft, ids: { order: number; lines: number[] }, review: { at: number; by: 'user' | 'system' }, b: Batch) {
  const { r } = c;
  d.lines.forEach((l, i) => {
    const system = review.by === 'system';
    const mood = system ? 'good' : r.chance(0.85) ? 'good' : r.chance(0.65) ? 'medium' : 'bad';
    const scores = mood === 'good' ? [5, 5, r.chance(0.8) ? 5 : 4, 5] : mood === 'medium' ? [3, 3, 4, 3] : [1, 2, 2, 3];
    const replied = !system && (mood === 'bad' || r.chance(0.25));
    const replyAt = Math.min(c.nowMs, review.at + HOUR + r.int(2 * DAY));
    b.comments.push({
      user_id: d.shopper.id, order_id: ids.order, order_goods_id: ids.lines[i], goods_id: l.goodsId, store_id: d.store.id,
      score: `${scores[0]}.00`, agree: `${scores[1]}.00`, service: `${scores[2]}.00`, speed: `${scores[3]}.00`,
      reply: replied ? REPLIES[mood === 'bad' ? 2 : mood === 'medium' ? 1 : 0] : '', reply_time: replied ? stamp(replyAt) : '',
      content: system ? '' : r.pick(REVIEW_TEXTS[mood]), image: !system && r.chance(0.12) ? l.image.replace(/_150(\.[a-z]+)$/i, '$1') : '',
      is_show: 1, is_system: system ? 1 : 0, ...at(review.at),
    });
  });
}
