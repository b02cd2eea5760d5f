import type { TaskConfig } from '../../../modules/orders/taskConfig';
import { ORDER_ACTIONS, type OrderActionName } from '../../../modules/orders/states';
import type { Random } from './random';
import { DAY, HOUR, MINUTE } from './rows';

/**
 * What happened to one bulk order, as times on the shop's clock, walked through the order state
 * table (modules/orders/states.ts) the way the shop and its timed tasks would have moved it:
 * unpaid orders are cancelled by the buyer or after `cancelMinutes`; paid ones are shipped,
 * received (by the buyer or `confirmDays` after shipping), reviewed (by the buyer or with the
 * system's default review `commentDays` after receipt); a few ask for an after-sale before
 * shipping or after receipt (refund, or return and refund / re-ship), which the store agrees to or
 * refuses; completed orders are settled by the hourly run `settlementDays` after receipt. Every
 * step lies between the order's creation and `now`, so an order made an hour ago is still on its
 * way and one made last spring is long settled.
 */
export type Who = 'user' | 'seller' | 'system';

export interface Step { action: OrderActionName; at: number; actor: Who; note?: string }
/** An after-sale sub-step without a state change (its order_logs action is `refund_<kind>`). */
export interface AfterSaleNote { kind: 'agree' | 'ship_back' | 'arrive' | 'reship'; at: number; actor: Who }

export interface AfterSale {
  type: 0 | 1;
  appliedAt: number;
  /** The state the order left for the after-sale. */
  from: 2 | 3 | 4;
  /** verify / step of the request as it stands now. */
  verify: 0 | 1 | 2;
  step: 0 | 1 | 2 | 3;
  /** When the whole order was refunded (0: not). */
  refundedAt: number;
  /** A re-shipment's time (0: none). */
  reshippedAt: number;
  refusedAt: number;
  notes: AfterSaleNote[];
  updatedAt: number;
}

export interface Lifecycle {
  steps: Step[];
  status: number;
  afterSale?: AfterSale;
  /** The review: by the buyer or the system, when the order was completed by one. */
  review?: { at: number; by: 'user' | 'system' };
  /** When the order reached completed (6), 0 if it has not. */
  completedAt: number;
  /** When the hourly settlement run paid it to its store (0: not yet). */
  settledAt: number;
  updatedAt: number;
}

const between = (r: Random, lo: number, hi: number) => lo + Math.floor(r.next() * (hi - lo));

export function orderLifecycle(r: Random, created: number, now: number, task: TaskConfig): Lifecycle {
  const steps: Step[] = [];
  const life: Lifecycle = { steps, status: 1, completedAt: 0, settledAt: 0, updatedAt: created };
  /** Takes the step if it already happened; answers whether it did. */
  const take = (action: OrderActionName, at: number, actor: Who, note?: string) => {
    if (at > now) return false;
    steps.push({ action, at, actor, ...(note ? { note } : {}) });
    life.status = ORDER_ACTIONS[action].to;
    life.updatedAt = at;
    if (life.status === 6) life.completedAt = at;
    return true;
  };

  // 1. payment, or a cancel
  if (r.chance(0.1)) {
    if (r.chance(0.4)) take('cancel', created + between(r, MINUTE, task.cancelMinutes * MINUTE), 'user', '买家取消订单');
    else take('cancel', created + task.cancelMinutes * MINUTE, 'system', `超过 ${task.cancelMinutes} 分钟未支付，自动取消`);
    return life;
  }
  if (!take('pay', created + between(r, 10_000, 15 * MINUTE), 'system')) return life;
  const paid = life.updatedAt;
  const roll = r.next();

  // 2. an after-sale before shipping: refund only
  let shipFrom = paid;
  if (roll < 0.03) {
    const outcome = afterSale(r, life, take, { type: 0, from: 2, at: paid + between(r, 10 * MINUTE, 20 * HOUR), now });
    if (outcome !== 'refused') return finish(life, task, now);
    shipFrom = life.updatedAt;
  }
  // 3. shipped, received
  if (!take('ship', shipFrom + between(r, 2 * HOUR, 48 * HOUR), 'seller')) return life;
  const shipped = life.updatedAt;
  const byBuyer = r.chance(0.7);
  const receivedAt = byBuyer ? shipped + between(r, DAY, task.confirmDays * DAY) : shipped + task.confirmDays * DAY;
  if (!take('receive', receivedAt, byBuyer ? 'user' : 'system', byBuyer ? '' : '超时自动确认收货')) return life;

  // 4. an after-sale after receipt: refund, or return
  let reviewFrom = receivedAt;
  if (roll >= 0.03 && roll < 0.055) {
    const outcome = afterSale(r, life, take, { type: r.chance(0.6) ? 1 : 0, from: 4, at: receivedAt + between(r, HOUR, Math.max(2 * HOUR, task.refundDays * DAY * 0.9)), now });
    if (outcome !== 'refused') return finish(life, task, now);
    reviewFrom = life.updatedAt;
  }
  // 5. the review
  const reviewed = r.chance(0.55);
  const reviewAt = reviewed ? reviewFrom + between(r, HOUR, task.commentDays * DAY) : reviewFrom + task.commentDays * DAY;
  if (take('comment', reviewAt, reviewed ? 'user' : 'system', reviewed ? '' : '超时未评，系统默认好评')) life.review = { at: reviewAt, by: reviewed ? 'user' : 'system' };
  return finish(life, task, now);
}

type Take = (action: OrderActionName, at: number, actor: Who, note?: string) => boolean;

/**
 * The after-sale from `from` at `at`, as the refunds module moves it (docs/refunds.md): the store
 * agrees (a refund pays back the whole order; a return waits for the goods, then refunds or, now
 * and then, re-ships) or refuses, which puts the order back where it was.
 */
function afterSale(r: Random, life: Lifecycle, take: Take, o: { type: 0 | 1; from: 2 | 4; at: number; now: number }): 'open' | 'done' | 'refused' {
  if (!take('afterSale', o.at, 'user', o.type === 0 ? '申请退款' : '申请退货')) return 'open';
  const sale: AfterSale = { type: o.type, appliedAt: o.at, from: o.from, verify: 0, step: 0, refundedAt: 0, reshippedAt: 0, refusedAt: 0, notes: [], updatedAt: o.at };
  life.afterSale = sale;
  const decided = o.at + between(r, 10 * MINUTE, 30 * HOUR);
  if (decided > o.now) return 'open';
  const back = o.from === 2 ? 'backToPaid' : 'backToReceived';
  if (r.chance(o.from === 2 ? 0.15 : 0.3)) {
    take(back, decided, 'seller', '拒绝售后：商品已影响二次销售');
    Object.assign(sale, { verify: 2, refusedAt: decided, updatedAt: decided });
    return 'refused';
  }
  sale.verify = 1;
  sale.updatedAt = decided;
  if (o.type === 0) {
    take('afterSaleDone', decided, 'seller', '同意退款');
    Object.assign(sale, { step: 3, refundedAt: decided });
    return 'done';
  }
  // a return: agreed, sent back, arrived, then refunded or re-shipped and confirmed
  sale.notes.push({ kind: 'agree', at: decided, actor: 'seller' });
  const sentBack = decided + between(r, 2 * HOUR, 2 * DAY);
  if (sentBack > o.now) return 'open';
  sale.notes.push({ kind: 'ship_back', at: sentBack, actor: 'user' });
  Object.assign(sale, { step: 1, updatedAt: sentBack });
  const arrived = sentBack + between(r, DAY, 3 * DAY);
  if (arrived > o.now) return 'open';
  sale.notes.push({ kind: 'arrive', at: arrived, actor: 'seller' });
  Object.assign(sale, { step: 2, updatedAt: arrived });
  const next = arrived + between(r, HOUR, DAY);
  if (next > o.now) return 'open';
  if (r.chance(0.9)) {
    take('afterSaleDone', next, 'seller', '退货退款');
    Object.assign(sale, { step: 3, refundedAt: next, updatedAt: next });
    return 'done';
  }
  sale.notes.push({ kind: 'reship', at: next, actor: 'seller' });
  Object.assign(sale, { reshippedAt: next, updatedAt: next });
  const confirmed = next + between(r, DAY, 4 * DAY);
  if (!take('afterSaleDone', confirmed, 'user', '买家确认收到换货')) return 'open';
  Object.assign(sale, { step: 3, updatedAt: confirmed });
  return 'done';
}

/** The settlement of a completed order: the first hourly run (minute 17) once `settlementDays` passed since receipt. */
function finish(life: Lifecycle, task: TaskConfig, now: number): Lifecycle {
  if (life.status !== 6) return life;
  const received = life.steps.find((s) => s.action === 'receive')?.at ?? life.review?.at ?? life.updatedAt;
  const due = Math.max(received + task.settlementDays * DAY, life.completedAt);
  const hour = Math.floor(due / HOUR) * HOUR + 17 * MINUTE;
  const run = hour >= due ? hour : hour + HOUR;
  if (run <= now) life.settledAt = run;
  return life;
}
