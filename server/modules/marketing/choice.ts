import { fail } from '../../http/envelope';
import type { CouponChoice } from './rules';
import './messages';

/** Most coupons one checkout names (one per store group: orders/checkoutInput MAX_LINES). */
const MAX_CHOSEN = 50;

/**
 * `coupon_id` of preview and create: absent → each store takes its best coupon; a comma list of
 * coupon log ids (or an array), possibly empty → exactly these (0s ignored: "no coupon"). Each id
 * names its store, so, unlike the reference's list aligned with the store groups, order does not
 * matter. Anything else is a 422 naming the field.
 */
export function couponChoiceOf(raw: unknown): CouponChoice {
  if (raw === undefined || raw === null) return null;
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : null;
  if (parts === null) throw fail('marketing.badCouponIds', undefined, 422, { field: 'coupon_id' });
  const ids = new Set<number>();
  for (const part of parts) {
    const text = typeof part === 'number' ? String(part) : typeof part === 'string' ? part.trim() : null;
    if (text === null || (text !== '' && !/^\d{1,10}$/.test(text)) || Number(text) > 2147483647) throw fail('marketing.badCouponIds', undefined, 422, { field: 'coupon_id' });
    if (text !== '' && Number(text) > 0) ids.add(Number(text));
  }
  if (ids.size > MAX_CHOSEN) throw fail('marketing.badCouponIds', undefined, 422, { field: 'coupon_id' });
  return ids;
}
