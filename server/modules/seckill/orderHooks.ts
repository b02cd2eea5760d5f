import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { collective_logs, collective_members, collectives, orders, seckill_orders, seckills } from '../../db/schema';
import { fail } from '../../http/envelope';
import { linesRefused } from '../orders/present';
import type { PricedLine } from '../orders/pricing';
import { groupOpen, saleRunning } from './loadPromos';
import './messages';

/**
 * What the orders module calls at each step of an order that bought at a flash or group price
 * (docs/seckill.md "Orders"). Lock order, the same everywhere: order rows, then flash sales and
 * groups (ascending id), then goods and SKUs (orders/create.ts takeStock), so a checkout, a cancel,
 * a payment and the group-expiry task never wait on each other in a circle.
 */

type Executor = Pick<Db, 'select' | 'update' | 'insert'>;

export interface PromoEntry {
  orderId: number;
  userId: number;
  line: PricedLine;
}

const refused = (line: PricedLine, code: 'saleSoldOut' | 'saleClosed' | 'groupFull' | 'groupClosed' | 'groupJoined', stock?: number) =>
  linesRefused([{ ...line, refusal: { code, ...(stock !== undefined ? { stock } : {}) } }]);

/**
 * In the create transaction, after the orders are written: takes the flash units of each sale
 * (`stock - n where stock >= n` and the window still open: the N units of a sale go to exactly N
 * buyers however many race) and the group seats (`joined + 1 where joined < need`, open, not
 * expired), and records which order holds what. A miss throws the line's refusal (422) and the
 * whole checkout rolls back.
 */
export async function takePromotions(tx: Tx, entries: readonly PromoEntry[]) {
  const sales = entries.filter((e) => e.line.promo?.kind === 'seckill').sort((a, b) => a.line.promo!.id - b.line.promo!.id);
  for (const { orderId, userId, line } of sales) {
    const saleId = line.promo!.id;
    const [taken] = await tx
      .update(seckills)
      .set({ stock: sql`${seckills.stock} - ${line.buyNum}`, sold: sql`${seckills.sold} + ${line.buyNum}` })
      // a sale without a cap (stock null) takes any number: the goods' own stock is taken after
      .where(and(eq(seckills.id, saleId), sql`(${seckills.stock} is null or ${seckills.stock} >= ${line.buyNum})`, saleRunning))
      .returning({ id: seckills.id });
    if (!taken) {
      const [row] = await tx.select({ stock: seckills.stock, running: saleRunning }).from(seckills).where(eq(seckills.id, saleId));
      throw row?.running ? refused(line, 'saleSoldOut', row.stock ?? 0) : refused(line, 'saleClosed');
    }
    await tx
      .insert(seckill_orders)
      .values({ seckill_id: saleId, order_id: orderId, user_id: userId, goods_id: line.goodsId, buy_num: line.buyNum })
      .onConflictDoUpdate({ target: [seckill_orders.order_id, seckill_orders.seckill_id], set: { buy_num: sql`${seckill_orders.buy_num} + ${line.buyNum}` } });
  }

  for (const { orderId, userId, line } of entries.filter((e) => e.line.promo?.kind === 'collective')) {
    const promo = line.promo!;
    let groupId: number;
    if (promo.id === -1) {
      // a new group of the goods' live offer, its opener holding the first seat
      const [offer] = await tx
        .select()
        .from(collectives)
        .where(and(eq(collectives.id, promo.offerId), eq(collectives.status, 1), isNull(collectives.deleted_at)));
      if (!offer) throw refused(line, 'groupClosed');
      const [group] = await tx
        .insert(collective_logs)
        .values({
          collective_id: offer.id,
          user_id: userId,
          store_id: offer.store_id,
          goods_id: offer.goods_id,
          discount: offer.discount,
          need: offer.need,
          joined: 1,
          expires_at: sql`localtimestamp(0) + make_interval(hours => ${offer.fill_hours})`,
        })
        .returning({ id: collective_logs.id });
      groupId = group.id;
    } else {
      const [seat] = await tx
        .update(collective_logs)
        .set({ joined: sql`${collective_logs.joined} + 1` })
        .where(and(eq(collective_logs.id, promo.id), sql`${collective_logs.joined} < ${collective_logs.need}`, groupOpen))
        .returning({ id: collective_logs.id });
      if (!seat) throw refused(line, 'groupFull');
      groupId = seat.id;
    }
    const [member] = await tx.insert(collective_members).values({ log_id: groupId, order_id: orderId, user_id: userId }).onConflictDoNothing().returning({ id: collective_members.id });
    if (!member) throw refused(line, 'groupJoined');
    await tx.update(orders).set({ collective_id: groupId }).where(eq(orders.id, orderId));
  }
}

/**
 * In a cancel's transaction (orders/cancel.ts), right after the state change: the flash units go
 * back to their sale and the order's group seat is freed (the group stays open for someone else).
 */
export async function releasePromotions(tx: Executor, orderId: number) {
  const held = await tx
    .update(seckill_orders)
    .set({ status: 0 })
    .where(and(eq(seckill_orders.order_id, orderId), eq(seckill_orders.status, 1)))
    .returning({ saleId: seckill_orders.seckill_id, qty: seckill_orders.buy_num });
  for (const { saleId, qty } of held.sort((a, b) => a.saleId - b.saleId)) {
    await tx
      .update(seckills)
      .set({ stock: sql`${seckills.stock} + ${qty}`, sold: sql`greatest(${seckills.sold} - ${qty}, 0)` })
      .where(eq(seckills.id, saleId));
  }
  const [seat] = await tx
    .update(collective_members)
    .set({ status: 0 })
    .where(and(eq(collective_members.order_id, orderId), eq(collective_members.status, 1)))
    .returning({ logId: collective_members.log_id });
  if (seat)
    await tx
      .update(collective_logs)
      .set({ joined: sql`greatest(${collective_logs.joined} - 1, ${collective_logs.paid})` })
      .where(eq(collective_logs.id, seat.logId));
}

/**
 * Before a payment starts (payment/service.ts): the flash-sale and group prices hold only in their
 * windows, so an unpaid order whose sale has ended (or was stopped) or whose group has closed
 * cannot be paid (422 naming order_id; the unpaid-order task cancels it and gives back its units).
 */
export async function assertPromotionsPayable(db: Db | Tx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return;
  const [sale] = await db
    .select({ id: seckill_orders.id })
    .from(seckill_orders)
    .innerJoin(seckills, eq(seckills.id, seckill_orders.seckill_id))
    .where(and(inArray(seckill_orders.order_id, [...orderIds]), eq(seckill_orders.status, 1), sql`not ${saleRunning}`))
    .limit(1);
  if (sale) throw fail('seckill.saleEnded', undefined, 422, { field: 'order_id' });
  const [group] = await db
    .select({ id: collective_members.id })
    .from(collective_members)
    .innerJoin(collective_logs, eq(collective_logs.id, collective_members.log_id))
    .where(and(inArray(collective_members.order_id, [...orderIds]), eq(collective_members.status, 1), sql`not ${groupOpen}`))
    .limit(1);
  if (group) throw fail('seckill.groupEnded', undefined, 422, { field: 'order_id' });
}

/**
 * In the payment-success transaction (payment/success.ts), after the orders are paid: their
 * group seats become paid; the payment that makes `paid` reach `need` fills the group (exactly
 * one does: the conditional update serialises on the group row). A payment that lands on a group
 * which meanwhile failed stays a paid seat of a failed group, which the expiry task refunds.
 */
export async function promotionsPaid(tx: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return;
  const seats = await tx
    .update(collective_members)
    .set({ status: 2 })
    .where(and(inArray(collective_members.order_id, [...orderIds]), eq(collective_members.status, 1)))
    .returning({ logId: collective_members.log_id });
  for (const { logId } of seats.sort((a, b) => a.logId - b.logId)) {
    await tx
      .update(collective_logs)
      .set({
        paid: sql`${collective_logs.paid} + 1`,
        status: sql`case when ${collective_logs.paid} + 1 >= ${collective_logs.need} then 1 else ${collective_logs.status} end`,
        filled_at: sql`case when ${collective_logs.paid} + 1 >= ${collective_logs.need} then localtimestamp(0) else null end`,
      })
      .where(and(eq(collective_logs.id, logId), eq(collective_logs.status, 2)));
  }
}

/** Orders of a group that has not filled may not ship (office-orders ship). */
export async function assertShippable(db: Executor, orderId: number) {
  const [row] = await db
    .select({ status: collective_logs.status })
    .from(collective_members)
    .innerJoin(collective_logs, eq(collective_logs.id, collective_members.log_id))
    .where(and(eq(collective_members.order_id, orderId), sql`${collective_members.status} > 0`))
    .orderBy(asc(collective_members.id))
    .limit(1);
  if (row && row.status !== 1) throw fail('seckill.groupNotFilled', undefined, 422, { field: 'order_status' });
}
