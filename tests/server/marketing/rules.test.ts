import { describe, expect, it } from 'vitest';
import { priceCheckout, type CheckoutData, type LoadedGoods, type LoadedStore } from '../../../server/modules/orders/pricing';
import { bestReduction, choiceProblem, chosenCoupon, promotionRules, usableCoupons, type CouponChoice, type Reduction, type WalletCoupon } from '../../../server/modules/marketing/rules';
import { couponChoiceOf } from '../../../server/modules/marketing/choice';

/** The coupon and full-reduction rules of priceCheckout (pure), with property tests over seeded random checkouts. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const store = (id: number): LoadedStore => ({ id, name: `店${id}`, logo: '', userId: id * 10, open: true });
const goodsRow = (id: number, storeId: number, price: number, freightId = -1): LoadedGoods => ({
  id, storeId, name: `商品${id}`, image: '', price, stock: 1000, weight: 100, freightId, onShelf: true, approved: true, deleted: false, hasSkus: false,
});
const coupon = (id: number, storeId: number, cents: number, thresholdCents = 0, endTime = '2099-01-01 00:00:00'): WalletCoupon => ({ id, couponId: id, storeId, name: `券${id}`, cents, thresholdCents, endTime });
const reduction = (id: number, storeId: number, cents: number, thresholdCents: number): Reduction => ({ id, storeId, name: `满减${id}`, cents, thresholdCents });

function checkout(lines: [goodsId: number, qty: number][], goods: LoadedGoods[]): CheckoutData {
  return {
    lines: lines.map(([goodsId, buyNum]) => ({ goodsId, skuId: 0, buyNum, cartId: 0 })),
    goods: new Map(goods.map((g) => [g.id, g])),
    skus: new Map(),
    stores: new Map([1, 2, 3].map((id) => [id, store(id)])),
    templates: new Map([[1, [{ id: 1, isType: 0 as const, provinces: [], firstWeight: 100, firstPrice: 800, extraWeight: 100, extraPrice: 300 }]]]),
    province: 0,
    buyerId: 900,
  };
}

describe('coupon and full-reduction rules', () => {
  it('usable coupons: this store, threshold reached, best first (most off, then ending first, then oldest)', () => {
    const wallet = [coupon(1, 1, 500), coupon(2, 1, 3000, 20000), coupon(3, 2, 9000), coupon(4, 1, 500, 0, '2030-01-01 00:00:00'), coupon(5, 1, 8000, 90000)];
    expect(usableCoupons(wallet, 1, 20000).map((c) => c.id)).toEqual([2, 4, 1]);
    expect(usableCoupons(wallet, 1, 19999).map((c) => c.id)).toEqual([4, 1]);
    expect(usableCoupons(wallet, 1, 0)).toEqual([]);
    expect(chosenCoupon(wallet, null, 1, 20000)?.id).toBe(2);
    expect(chosenCoupon(wallet, new Set([1]), 1, 20000)?.id).toBe(1);
    expect(chosenCoupon(wallet, new Set(), 1, 20000)).toBeNull();
    expect(chosenCoupon(wallet, new Set([5]), 1, 20000)).toBeNull();
  });

  it('the best full reduction applies, not the lowest threshold (B6), one rule only', () => {
    const rules = [reduction(1, 1, 1000, 10000), reduction(2, 1, 2500, 30000), reduction(3, 1, 2500, 20000), reduction(4, 2, 9900, 0)];
    expect(bestReduction(rules, 1, 30000)?.id).toBe(3);
    expect(bestReduction(rules, 1, 15000)?.id).toBe(1);
    expect(bestReduction(rules, 1, 9999)).toBeNull();
  });

  it('priceCheckout: each discount line by line, capped at the goods amount, freight still paid', () => {
    const data = checkout([[1, 2], [2, 1]], [goodsRow(1, 1, 5000, 0), goodsRow(2, 2, 1000)]);
    const promotions = { wallet: [coupon(7, 1, 3000), coupon(8, 2, 5000)], reductions: [reduction(1, 1, 2000, 10000)] };
    const [first, second] = priceCheckout(data, promotionRules(promotions, null));
    expect(first.discounts).toEqual([
      { kind: 'fullReduction', cents: 2000, refId: 1, label: '满减1' },
      { kind: 'coupon', cents: 3000, refId: 7, label: '券7' },
    ]);
    expect(first).toMatchObject({ goodsTotal: 10000, freight: 800 + 300 * 1, discountTotal: 5000, total: 10000 + 1100 - 5000 });
    // 50.00 off 10.00 of goods: cut to 10.00
    expect(second.discounts).toEqual([{ kind: 'coupon', cents: 1000, refId: 8, label: '券8' }]);
    expect(second.total).toBe(0);
  });

  it('an explicit choice: unknown, two for one store, another store, below the threshold', () => {
    const wallet = [coupon(1, 1, 500), coupon(2, 1, 800), coupon(3, 2, 100), coupon(4, 1, 100, 99999)];
    const groups = [{ storeId: 1, goodsTotal: 1000 }];
    expect(choiceProblem(wallet, null, groups)).toBeNull();
    expect(choiceProblem(wallet, new Set([1]), groups)).toBeNull();
    expect(choiceProblem(wallet, new Set([9]), groups)).toEqual({ couponId: 9, reason: 'unknown' });
    expect(choiceProblem(wallet, new Set([1, 2]), groups)).toEqual({ couponId: 2, reason: 'sameStore' });
    expect(choiceProblem(wallet, new Set([3]), groups)).toEqual({ couponId: 3, reason: 'otherStore' });
    expect(choiceProblem(wallet, new Set([4]), groups)).toEqual({ couponId: 4, reason: 'threshold' });
  });

  it('coupon_id input: absent → best, comma list or array → exactly these, garbage → 422 naming coupon_id', () => {
    expect(couponChoiceOf(undefined)).toBeNull();
    expect([...couponChoiceOf('')!]).toEqual([]);
    expect([...couponChoiceOf('3, 0,5')!]).toEqual([3, 5]);
    expect([...couponChoiceOf(['7', 8])!]).toEqual([7, 8]);
    for (const bad of ['a', '-1', '1.5', { x: 1 }, '99999999999']) expect(() => couponChoiceOf(bad), JSON.stringify(bad)).toThrow(expect.objectContaining({ code: 422, data: { field: 'coupon_id' } }));
  });
});

describe('promotions in priceCheckout: properties over 1,000 seeded random checkouts', () => {
  function randomCase(seed: number) {
    const r = random(seed);
    const int = (max: number) => Math.floor(r() * max);
    const goods = Array.from({ length: 6 }, (_, i) => goodsRow(i + 1, 1 + int(3), [1, 99, 1999, int(100_000)][int(4)], [-1, 0][int(2)]));
    const lines = Array.from({ length: 1 + int(5) }, () => [1 + int(6), 1 + int(4)] as [number, number]);
    const wallet = Array.from({ length: int(6) }, (_, i) => coupon(100 + i, 1 + int(3), 1 + int(20_000), int(3) === 0 ? 0 : int(150_000), `2099-0${1 + int(9)}-01 00:00:00`));
    const reductions = Array.from({ length: int(5) }, (_, i) => reduction(200 + i, 1 + int(3), 1 + int(30_000), int(200_000)));
    const choice: CouponChoice = r() > 0.5 ? null : new Set(wallet.filter(() => r() > 0.6).map((c) => c.id));
    return { data: checkout(lines, goods), wallet, reductions, choice, pickIndex: int(100) };
  }

  it('discounts never exceed the goods amount, the total is never negative, same input same result, removing a promotion never lowers the price', () => {
    const seen = { discounted: 0, capped: 0, removed: 0 };
    for (let seed = 1; seed <= 1000; seed++) {
      const c = randomCase(seed);
      const all = priceCheckout(c.data, promotionRules({ wallet: c.wallet, reductions: c.reductions }, c.choice));
      const again = priceCheckout(c.data, promotionRules({ wallet: [...c.wallet], reductions: [...c.reductions] }, c.choice));
      expect(again, `seed ${seed}`).toEqual(all);
      for (const g of all) {
        expect(g.discountTotal, `seed ${seed}`).toBeLessThanOrEqual(g.goodsTotal);
        expect(g.discountTotal).toBe(g.discounts.reduce((sum, d) => sum + d.cents, 0));
        expect(g.total).toBeGreaterThanOrEqual(g.freight);
        expect(g.total).toBe(g.goodsTotal + g.freight - g.discountTotal);
        expect(g.discounts.filter((d) => d.kind === 'coupon').length).toBeLessThanOrEqual(1);
        expect(g.discounts.filter((d) => d.kind === 'fullReduction').length).toBeLessThanOrEqual(1);
        seen.discounted += g.discountTotal > 0 ? 1 : 0;
        seen.capped += g.discountTotal === g.goodsTotal && g.goodsTotal > 0 ? 1 : 0;
      }
      // remove one promotion (a coupon from the wallet, or a rule): no group gets cheaper
      const promotions = [...c.wallet.map((w) => ({ kind: 'coupon' as const, id: w.id })), ...c.reductions.map((x) => ({ kind: 'reduction' as const, id: x.id }))];
      if (promotions.length === 0) continue;
      const gone = promotions[c.pickIndex % promotions.length];
      const fewer = {
        wallet: c.wallet.filter((w) => !(gone.kind === 'coupon' && w.id === gone.id)),
        reductions: c.reductions.filter((x) => !(gone.kind === 'reduction' && x.id === gone.id)),
      };
      const without = priceCheckout(c.data, promotionRules(fewer, c.choice));
      seen.removed += 1;
      for (const [i, g] of without.entries()) expect(g.total, `seed ${seed} without ${gone.kind} ${gone.id}`).toBeGreaterThanOrEqual(all[i].total);
      // and with no promotions at all, nothing is cheaper than the plain price
      const plain = priceCheckout(c.data);
      for (const [i, g] of plain.entries()) expect(g.total).toBeGreaterThanOrEqual(all[i].total);
    }
    for (const [kind, n] of Object.entries(seen)) expect(n, kind).toBeGreaterThan(50);
  });
});
