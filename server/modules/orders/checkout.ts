import type { Context, Hono } from 'hono';
import { callerOf, requireAuth } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { addressOf, buyerOf, buyerWithAddress } from './buyer';
import { addressIdOf, checkoutRequestOf, idemKeyOf, remarksOf } from './checkoutInput';
import { createOrders } from './create';
import { ordersAfterCreate } from './orderAfter';
import { loadCheckoutWithPromotions } from './load';
import { presentGroup } from './present';
import { priceCheckout } from './pricing';
import { couponChoiceOf } from '../marketing/choice';
import { assertCouponChoice } from '../marketing/orderCoupon';
import { presentPromotions } from '../marketing/promotions';
import { promotionRules } from '../marketing/rules';

/** Both lookups at once; the buyer's refusal (a sub-account) wins over the address's. */
async function buyerAndAddress<B, A>(buyer: Promise<B>, address: Promise<A>): Promise<[B, A]> {
  const [b, a] = await Promise.allSettled([buyer, address]);
  if (b.status === 'rejected') throw b.reason;
  if (a.status === 'rejected') throw a.reason;
  return [b.value, a.value];
}

/** POST /api/user/order/before {params, address_id?, coupon_id?} → a bare array of priced store groups (with their coupons and discounts). */
async function preview(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  const request = checkoutRequestOf(input.params);
  const coupons = couponChoiceOf(input.coupon_id);
  const [buyer, address] = await buyerAndAddress(buyerOf(db, userId), addressOf(db, userId, addressIdOf(input.address_id, false)));
  const { data, promotions } = await loadCheckoutWithPromotions(db, { lines: request.lines, buyerId: buyer.id, province: address?.province_id ?? 0 });
  const groups = priceCheckout(data, promotionRules(promotions, coupons));
  assertCouponChoice(promotions, coupons, groups);
  const lang = langOf(c);
  return ok(
    c,
    groups.map((group) => ({ ...presentGroup(group, lang), ...presentPromotions(group, promotions) })),
  );
}

/** POST /api/user/order/create {params, address_id, remark | remark[store_id], coupon_id, idem_key?} → {order_id, order_no}. */
async function create(c: Context<AppEnv>) {
  const { db, config } = c.get('services');
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  const request = checkoutRequestOf(input.params);
  const coupons = couponChoiceOf(input.coupon_id);
  const remarks = await remarksOf(c, input);
  const addressId = addressIdOf(input.address_id, true)!;
  const idemKey = idemKeyOf(input.idem_key, { userId, request, addressId, coupons, remarks });
  // the buyer check (a sub-account is refused) and the address in one query, and beside it on
  // another connection the checkout read (it needs the caller's id only; the address's province
  // is applied by the pricing): one round trip of waiting instead of two
  const [[buyer, address], read] = await buyerAndAddress(buyerWithAddress(db, userId, addressId), loadCheckoutWithPromotions(db, { lines: request.lines, buyerId: userId, province: 0 }));
  return ok(c, await createOrders(db, { buyer, request, address, remarks, idemKey, timeZone: config.timeZone, coupons, read }));
}

export function mountCheckout(api: Hono<AppEnv>) {
  const auth = requireAuth('user');
  api.post('/user/order/before', auth, preview);
  api.post('/user/order/create', auth, create);
  api.post('/user/order/after', auth, ordersAfterCreate);
}
