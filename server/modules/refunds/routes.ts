import { eq, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { orders, refunds } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import type { AppEnv, Caller } from '../../http/context';
import { sellerGuard } from '../../http/crud-guards';
import { validateIn } from '../../http/crud/validate';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { requireAdmin } from '../../http/permissions';
import { actorName } from '../office-orders/routes';
import { expressCodes } from '../office-orders/ship';
import { buyerOf } from '../orders/buyer';
import { originOf } from '../payment/origin';
import { sendAfterCommit } from '../payment/refund';
import { sessionStoreId } from '../seller-admin/scope';
import { applyForAfterSale } from './apply';
import { listRefunds, refundDetail, type Reader } from './read';
import { applySchema, officeStepOf, refuseSchema, reshipSchema, shipBackSchema } from './schemas';
import { takeStep, type StepInput, type StepResult } from './steps';
import './messages';

/**
 * After-sale routes (docs/refunds.md). Requests are addressed by their order's id, as in the
 * reference (§6.5):
 *   shopper  POST /api/user/order/refund (apply), GET|PUT|DELETE /api/user/order/refund/{order_id}
 *            (show, send the goods back, withdraw), POST /api/user/order/refund/{order_id}/confirm
 *            (received the re-shipped goods) — the same under /api/user/refunds, plus
 *            GET /api/user/refunds (own requests);
 *   store    GET /api/Seller/refunds, GET /api/Seller/refunds/{order_id},
 *            PUT /api/Seller/refunds/{order_id} {action: agree|refuse|arrive|refund|reship, …}
 *            (or the reference's refund_verify 1|2 + refuse_remark, re_delivery_code + re_delivery_no);
 *   operator the same under /api/Admin/refunds (every store; admin.refunds.index/.show/.update).
 * Every step goes through takeStep (steps.ts) in one transaction; gateway refunds are sent after it commits.
 */

type C = Context<AppEnv>;
const dbOf = (c: C) => c.get('services').db;

function pathId(c: C): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw fail('refunds.notFound', undefined, 404, { field: 'id' });
  return Number(raw);
}

function callerOf(c: C): Caller {
  const caller = c.get('caller');
  if (!caller) throw fail('unauthorized', undefined, 401);
  return caller;
}

async function answerDetail(c: C, orderId: number, scope: SQL | undefined, reader: Reader) {
  const detail = await refundDetail(dbOf(c), orderId, scope, langOf(c), reader);
  if (!detail) throw fail('refunds.notFound', undefined, 404, { field: 'id' });
  return ok(c, detail);
}

/** Runs one step in a transaction, then sends a gateway refund it made. */
async function step(c: C, input: StepInput): Promise<StepResult> {
  const services = c.get('services');
  const result = await services.db.transaction((tx) => takeStep(tx, input));
  if (result.payment) await sendAfterCommit({ db: services.db, config: services.config, origin: originOf(c) }, [result.payment]);
  return result;
}

// ---- shopper ---------------------------------------------------------------------------------
const mine = (userId: number) => eq(refunds.user_id, userId);

async function apply(c: C) {
  const db = dbOf(c);
  const buyer = await buyerOf(db, callerOf(c).accountId);
  const values = validateIn(applySchema, await readInput(c), langOf(c));
  await db.transaction((tx) =>
    applyForAfterSale(tx, { orderId: values.order_id, userId: buyer.id, userName: buyer.name, refundType: values.refund_type, remark: values.refund_remark, images: values.images, timeZone: c.get('services').config.timeZone }),
  );
  return answerDetail(c, values.order_id, mine(buyer.id), 'user');
}

async function showOwn(c: C) {
  return answerDetail(c, pathId(c), mine(callerOf(c).accountId), 'user');
}

async function listOwn(c: C) {
  return ok(c, await listRefunds(dbOf(c), await readInput(c), mine(callerOf(c).accountId), langOf(c), 'user'));
}

async function shipBack(c: C) {
  const db = dbOf(c);
  const orderId = pathId(c);
  const buyer = await buyerOf(db, callerOf(c).accountId);
  const values = validateIn(shipBackSchema(await expressCodes(db)), await readInput(c), langOf(c));
  await step(c, { orderId, step: 'shipBack', actor: 'user', actorId: buyer.id, actorName: buyer.name, scope: orderOf(buyer.id), deliveryCode: values.delivery_code, deliveryNo: values.delivery_no });
  return answerDetail(c, orderId, mine(buyer.id), 'user');
}

/** A step the buyer takes with nothing to send: withdraw the request, confirm a re-shipment's receipt. */
const ownStep = (name: 'cancel' | 'confirm') => async (c: C) => {
  const orderId = pathId(c);
  const buyer = await buyerOf(dbOf(c), callerOf(c).accountId);
  await step(c, { orderId, step: name, actor: 'user', actorId: buyer.id, actorName: buyer.name, scope: orderOf(buyer.id) });
  return answerDetail(c, orderId, mine(buyer.id), 'user');
};

/** The buyer's scope on the order itself (a step locks the order row first). */
const orderOf = (userId: number) => eq(orders.user_id, userId);

// ---- consoles --------------------------------------------------------------------------------
async function officeStep(c: C, actor: 'seller' | 'admin', scope: SQL | undefined, reader: Reader, detailScope: SQL | undefined) {
  const db = dbOf(c);
  const orderId = pathId(c);
  const input = await readInput(c);
  const lang = langOf(c);
  const which = officeStepOf(input);
  if (!which) throw fail('refunds.badAction', undefined, 422, { field: 'action' });
  const caller = callerOf(c);
  const base: StepInput = { orderId, step: which, actor, actorId: caller.accountId, actorName: await actorName(db, caller), scope };
  if (which === 'refuse') base.refuseRemark = validateIn(refuseSchema, input, lang).refuse_remark;
  if (which === 'reship') Object.assign(base, (({ delivery_code, delivery_no }) => ({ deliveryCode: delivery_code, deliveryNo: delivery_no }))(validateIn(reshipSchema(await expressCodes(db)), input, lang)));
  await step(c, base);
  return answerDetail(c, orderId, detailScope, reader);
}

export function mountRefunds(api: Hono<AppEnv>) {
  const auth = requireAuth('user');
  api.get('/user/refunds', auth, listOwn);
  for (const base of ['/user/order/refund', '/user/refunds']) {
    api.post(base, auth, apply);
    api.get(`${base}/:id`, auth, showOwn);
    api.put(`${base}/:id`, auth, shipBack);
    api.delete(`${base}/:id`, auth, ownStep('cancel'));
    api.post(`${base}/:id/confirm`, auth, ownStep('confirm'));
  }

  const guard = sellerGuard('/Seller/refunds');
  const store = (c: C) => sessionStoreId(c);
  api.get('/Seller/refunds', async (c) => {
    await guard(c, 'index', 'seller.refunds.index');
    return ok(c, await listRefunds(dbOf(c), await readInput(c), eq(refunds.store_id, store(c)), langOf(c), 'seller'));
  });
  api.get('/Seller/refunds/:id', async (c) => {
    await guard(c, 'show', 'seller.refunds.show');
    return answerDetail(c, pathId(c), eq(refunds.store_id, store(c)), 'seller');
  });
  api.put('/Seller/refunds/:id', async (c) => {
    await guard(c, 'update', 'seller.refunds.update');
    return officeStep(c, 'seller', eq(orders.store_id, store(c)), 'seller', eq(refunds.store_id, store(c)));
  });

  api.get('/Admin/refunds', requireAdmin('admin.refunds.index'), async (c) => ok(c, await listRefunds(dbOf(c), await readInput(c), undefined, langOf(c), 'admin')));
  api.get('/Admin/refunds/:id', requireAdmin('admin.refunds.show'), async (c) => answerDetail(c, pathId(c), undefined, 'admin'));
  api.put('/Admin/refunds/:id', requireAdmin('admin.refunds.update'), async (c) => officeStep(c, 'admin', undefined, 'admin', undefined));
}
