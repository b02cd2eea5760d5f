import type { Context, Hono } from 'hono';
import { callerOf, requireAuth } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { addressOf, buyerOf } from './buyer';
import { addressIdOf, checkoutRequestOf, idemKeyOf, remarksOf } from './checkoutInput';
import { createOrders } from './create';
import { loadCheckout } from './load';
import { presentGroup } from './present';
import { priceCheckout } from './pricing';

/** POST /api/user/order/before {params, address_id?} → a bare array of priced store groups. */
async function preview(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const buyer = await buyerOf(db, callerOf(c).accountId);
  const input = await readInput(c);
  const request = checkoutRequestOf(input.params);
  const address = await addressOf(db, buyer.id, addressIdOf(input.address_id, false));
  const data = await loadCheckout(db, { lines: request.lines, buyerId: buyer.id, province: address?.province_id ?? 0 });
  const lang = langOf(c);
  return ok(
    c,
    priceCheckout(data).map((group) => presentGroup(group, lang)),
  );
}

/** POST /api/user/order/create {params, address_id, remark | remark[store_id], coupon_id, idem_key} → {order_id, order_no}. */
async function create(c: Context<AppEnv>) {
  const { db, config } = c.get('services');
  const buyer = await buyerOf(db, callerOf(c).accountId);
  const input = await readInput(c);
  const request = checkoutRequestOf(input.params);
  const idemKey = idemKeyOf(input.idem_key);
  const remarks = await remarksOf(c, input);
  const address = (await addressOf(db, buyer.id, addressIdOf(input.address_id, true)))!;
  return ok(c, await createOrders(db, { buyer, request, address, remarks, idemKey, timeZone: config.timeZone }));
}

export function mountCheckout(api: Hono<AppEnv>) {
  const auth = requireAuth('user');
  api.post('/user/order/before', auth, preview);
  api.post('/user/order/create', auth, create);
}
