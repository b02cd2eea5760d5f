import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { order_logs, orders, refunds } from '../../db/schema';
import { fail } from '../../http/envelope';
import { refundOrderPayment, type RefundResult } from '../payment/refund';
import { changeOrderState, ORDER_STATUS, type Actor, type OrderActionName } from '../orders/states';
import { returnOrderStock } from '../orders/stock';
import { STAGE_LABELS } from './messages';
import { announce, type NoticeKind } from '../../live/events';

/**
 * The one after-sale step table (docs/refunds.md, reference §6.5 with B12/B13 fixed). A request
 * is at one stage, derived from `refund_verify` and `refund_step`:
 *
 *   pending ──agree (refund only)──▶ done            (money back, order afterSaleDone)
 *   pending ──agree (return)──▶ awaitingReturn ──shipBack──▶ returning ──arrive──▶ arrived
 *   arrived ──refund──▶ done (money back)     arrived ──reship──▶ reshipped (waybill, no money)
 *   reshipped ──confirm (the buyer, or the system after task.confirm days)──▶ done
 *   pending ──refuse──▶ refused               pending | awaitingReturn ──cancel──▶ withdrawn
 *
 * refused and withdrawn put the order back in the state it came from. Every step locks the order
 * row, then the request row, checks the stage (a 422 naming the current stage otherwise) and
 * leaves one `order_logs` row (the order's state change when there is one, else `refund_<step>`).
 */
export type Stage = keyof typeof STAGE_LABELS;

export interface StageCarrier {
  refund_verify: number;
  refund_step: number;
  /** The store's re-shipment waybill: at step 2 it tells `reshipped` from `arrived`. */
  re_delivery_no?: string | null;
}

export function stageOf(r: StageCarrier): Stage {
  if (r.refund_verify === 0) return 'pending';
  if (r.refund_verify === 2) return 'refused';
  if (r.refund_verify === 3) return 'withdrawn';
  // re-shipped goods keep the request open (step 2, as the partial unique index and settlement
  // count it) until the buyer confirms receiving them
  if (r.refund_step === 2 && r.re_delivery_no) return 'reshipped';
  return (['awaitingReturn', 'returning', 'arrived', 'done'] as const)[Math.min(3, Math.max(0, r.refund_step))];
}

export const isOpen = (stage: Stage) => stage !== 'done' && stage !== 'refused' && stage !== 'withdrawn';

interface StepRule {
  from: readonly Stage[];
  who: readonly Actor[];
}

export const REFUND_STEPS = {
  /** The store (or the operator stepping in) agrees: a refund is paid at once, a return waits for the goods. */
  agree: { from: ['pending'], who: ['seller', 'admin'] },
  /** The store refuses with a reason: the order goes back to where it was. */
  refuse: { from: ['pending'], who: ['seller', 'admin'] },
  /** The buyer withdraws an open request before sending anything back. */
  cancel: { from: ['pending', 'awaitingReturn'], who: ['user'] },
  /** The buyer sends the goods back: express company and waybill. */
  shipBack: { from: ['awaitingReturn'], who: ['user'] },
  /** The store confirms the returned goods arrived. */
  arrive: { from: ['returning'], who: ['seller', 'admin'] },
  /** After the goods came back: refund what was paid. */
  refund: { from: ['arrived'], who: ['seller', 'admin'] },
  /** After the goods came back: send replacement goods with a waybill (an exchange, no money). */
  reship: { from: ['arrived'], who: ['seller', 'admin'] },
  /** The buyer received the re-shipped goods (or the system, task.confirm days after the re-shipment). */
  confirm: { from: ['reshipped'], who: ['user', 'system'] },
} as const satisfies Record<string, StepRule>;

export type StepName = keyof typeof REFUND_STEPS;

/** Whether `step` may be taken at `stage` (pure; views and tests use it too). */
export const canStep = (step: StepName, stage: Stage) => (REFUND_STEPS[step].from as readonly Stage[]).includes(stage);

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;
type RefundRow = typeof refunds.$inferSelect;

export interface StepInput {
  orderId: number;
  step: StepName;
  actor: Actor;
  actorId: number;
  actorName: string;
  /** The caller's scope on the order (its buyer, its store); a miss is a 404. */
  scope?: SQL;
  refuseRemark?: string;
  deliveryCode?: string;
  deliveryNo?: string;
}

export interface StepResult {
  refund: RefundRow;
  /** The money sent back by this step (send it after the commit when pending). */
  payment: RefundResult | null;
}

const BACK: Record<number, OrderActionName> = { 2: 'backToPaid', 3: 'backToShipped', 4: 'backToReceived' };

/** Locks the order (in scope) and its latest after-sale request; 404 when either is missing. */
export async function lockRequest(tx: Tx, orderId: number, scope?: SQL): Promise<{ order: { id: number; status: number; orderNo: string; total: string; refunded: string }; refund: RefundRow }> {
  const [order] = await tx
    .select({ id: orders.id, status: orders.order_status, orderNo: orders.order_no, total: orders.total_price, refunded: orders.refund_money })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.deleted_at), scope))
    .for('update');
  if (!order) throw fail('orders.notFound', undefined, 404, { field: 'id' });
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.order_id, orderId), isNull(refunds.deleted_at)))
    .orderBy(desc(refunds.id))
    .limit(1)
    .for('update');
  if (!refund) throw fail('refunds.notFound', undefined, 404, { field: 'id' });
  return { order, refund };
}

/** Steps of the store (or operator) whose outcome the buyer hears of live. */
const OUTCOME_NOTICES: Partial<Record<StepName | 'agreeRefund', NoticeKind>> = {
  agreeRefund: 'refund_done',
  agree: 'refund_agreed',
  refuse: 'refund_refused',
  refund: 'refund_done',
};

export async function takeStep(tx: Tx, input: StepInput): Promise<StepResult> {
  const rule: StepRule = REFUND_STEPS[input.step];
  if (!rule.who.includes(input.actor)) throw fail('refunds.stepNotAllowed', undefined, 403);
  const { order, refund } = await lockRequest(tx, input.orderId, input.scope);
  const stage = stageOf(refund);
  if (!rule.from.includes(stage)) {
    const label = STAGE_LABELS[stage];
    throw fail('refunds.illegalStep', { stageZh: label['zh-cn'], stageEn: label.en }, 422, { field: 'refund_step', stage });
  }
  const who = { actor: input.actor, actorId: input.actorId, actorName: input.actorName };
  const log = (action: string, note: string) =>
    tx.insert(order_logs).values({
      order_id: order.id,
      from_status: order.status,
      to_status: order.status,
      actor: input.actor,
      actor_id: input.actorId,
      actor_name: input.actorName.slice(0, 30),
      action: `refund_${action}`.slice(0, 20),
      note,
    });

  /** Pays back what is left of the order and finishes the request and the order. */
  const finishWithMoney = async (note: string) => {
    const left = toCents(order.total) - toCents(order.refunded);
    const payment = left > 0 ? await refundOrderPayment(tx, { orderId: order.id, cents: left, reason: '售后退款', refundNo: refund.refund_no, ...who }) : null;
    // a refund before shipping: the goods never left, their stock goes back
    if (refund.from_status === ORDER_STATUS.paid) await returnOrderStock(tx, order.id);
    const row = await update({ refund_verify: 1, refund_step: 3, refund_money: fromCents(Math.max(0, left)) });
    await changeOrderState(tx, { orderId: order.id, action: 'afterSaleDone', ...who, set: { refund_status: 2 }, note: `${note} ¥${fromCents(Math.max(0, left))}` });
    return { refund: row, payment };
  };
  const backToOrigin = async (values: Partial<RefundRow>, note: string) => {
    const row = await update(values);
    await changeOrderState(tx, { orderId: order.id, action: BACK[refund.from_status] ?? 'backToPaid', ...who, set: { refund_status: 0 }, note });
    return { refund: row, payment: null };
  };
  const update = async (values: Partial<RefundRow>) => {
    const [row] = await tx.update(refunds).set(values).where(eq(refunds.id, refund.id)).returning();
    return row;
  };

  // the buyer hears of the store's answer live (server/live), when the transaction commits
  const outcome = OUTCOME_NOTICES[input.step === 'agree' && refund.refund_type === 0 ? 'agreeRefund' : input.step];
  if (outcome) await announce(tx, { t: 'notice', kind: outcome, order: order.id, user: refund.user_id });

  switch (input.step) {
    case 'agree':
      if (refund.refund_type === 0) return finishWithMoney('同意退款');
      await log('agree', '同意退货，等待买家寄回');
      return { refund: await update({ refund_verify: 1, refund_step: 0 }), payment: null };
    case 'refuse': {
      const remark = (input.refuseRemark ?? '').trim();
      return backToOrigin({ refund_verify: 2, refuse_remark: remark }, `拒绝售后：${remark}`);
    }
    case 'cancel':
      return backToOrigin({ refund_verify: 3 }, '买家撤销售后');
    case 'shipBack':
      await log('ship_back', `${input.deliveryCode} ${input.deliveryNo}`);
      return { refund: await update({ refund_step: 1, delivery_code: input.deliveryCode ?? '', delivery_no: input.deliveryNo ?? '' }), payment: null };
    case 'arrive':
      await log('arrive', '商家确认收到退货');
      return { refund: await update({ refund_step: 2 }), payment: null };
    case 'refund':
      return finishWithMoney('退货退款');
    case 'reship':
      // its updated_at says when the re-shipment left (the system confirms task.confirm days later)
      await log('reship', `换货重新发货 ${input.deliveryCode} ${input.deliveryNo}`);
      return { refund: await update({ re_delivery_code: input.deliveryCode ?? '', re_delivery_no: input.deliveryNo ?? '' }), payment: null };
    case 'confirm': {
      const row = await update({ refund_step: 3 });
      const note = input.actor === 'system' ? '换货发出后超时，系统自动确认收货' : '买家确认收到换货';
      await changeOrderState(tx, { orderId: order.id, action: 'afterSaleDone', ...who, set: { refund_status: 2 }, note: `${note} ${refund.re_delivery_code} ${refund.re_delivery_no}` });
      return { refund: row, payment: null };
    }
  }
}

/** `refund_step < 3 and verify in (0, 1)`: the open-request condition of the partial unique index. */
export const openCondition = sql`${refunds.refund_verify} in (0, 1) and ${refunds.refund_step} < 3`;
