import { describe, expect, it } from 'vitest';
import type { FreightTemplate } from '../../../server/modules/orders/freight';
import {
  MAX_BUY_NUM,
  priceCheckout,
  refusedLines,
  type CheckoutData,
  type DiscountRule,
  type LoadedGoods,
  type LoadedSku,
  type LoadedStore,
  type RequestLine,
} from '../../../server/modules/orders/pricing';

/** mulberry32: a small seeded generator, so every run of the property loop sees the same cases. */
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

const BUYER = 900;

const store = (id: number, extra: Partial<LoadedStore> = {}): LoadedStore => ({ id, name: `店${id}`, logo: `/s${id}.png`, userId: id * 10, open: true, ...extra });
const goodsRow = (id: number, storeId: number, extra: Partial<LoadedGoods> = {}): LoadedGoods => ({
  id,
  storeId,
  name: `商品${id}`,
  image: `/uploads/g${id}.jpg`,
  price: 1000,
  stock: 10,
  weight: 50,
  freightId: 0,
  onShelf: true,
  approved: true,
  deleted: false,
  hasSkus: false,
  ...extra,
});
const skuRow = (id: number, goodsId: number, extra: Partial<LoadedSku> = {}): LoadedSku => ({ id, goodsId, name: `规格${id}`, image: '', price: 1500, stock: 3, weight: 20, ...extra });
const line = (goodsId: number, skuId = 0, buyNum = 1, cartId = 0): RequestLine => ({ goodsId, skuId, buyNum, cartId });

function data(lines: RequestLine[], parts: { goods?: LoadedGoods[]; skus?: LoadedSku[]; stores?: LoadedStore[]; templates?: [number, FreightTemplate[]][]; province?: number } = {}): CheckoutData {
  return {
    lines,
    goods: new Map((parts.goods ?? []).map((g) => [g.id, g])),
    skus: new Map((parts.skus ?? []).map((s) => [s.id, s])),
    stores: new Map((parts.stores ?? [store(1), store(2)]).map((s) => [s.id, s])),
    templates: new Map(parts.templates ?? []),
    province: parts.province ?? 0,
    buyerId: BUYER,
  };
}

const template = (id: number, extra: Partial<FreightTemplate> = {}): FreightTemplate => ({ id, isType: 0, provinces: [], firstWeight: 100, firstPrice: 800, extraWeight: 100, extraPrice: 300, ...extra });

describe('priceCheckout: refusals', () => {
  const base = {
    goods: [
      goodsRow(1, 1),
      goodsRow(2, 1, { deleted: true }),
      goodsRow(3, 1, { onShelf: false }),
      goodsRow(4, 1, { approved: false }),
      goodsRow(5, 3),
      goodsRow(6, 1, { hasSkus: true }),
      goodsRow(7, 4),
    ],
    skus: [skuRow(61, 6), skuRow(71, 7)],
    stores: [store(1), store(3, { open: false }), store(4, { userId: BUYER })],
  };
  const codeOf = (l: RequestLine) => priceCheckout(data([l], base))[0].lines[0].refusal?.code ?? null;

  it('names why each line cannot be bought', () => {
    expect(codeOf(line(1))).toBeNull();
    expect(codeOf(line(99))).toBe('gone');
    expect(codeOf(line(2))).toBe('gone');
    expect(codeOf(line(3))).toBe('offShelf');
    expect(codeOf(line(4))).toBe('notApproved');
    expect(codeOf(line(5))).toBe('storeClosed');
    expect(codeOf(line(6))).toBe('skuRequired');
    expect(codeOf(line(6, 71))).toBe('badSku');
    expect(codeOf(line(6, 12345))).toBe('badSku');
    expect(codeOf(line(1, 61))).toBe('badSku');
    expect(codeOf(line(6, 61))).toBeNull();
    expect(codeOf(line(7, 71))).toBe('ownStore');
    for (const n of [0, -1, 1.5, Number.NaN, MAX_BUY_NUM + 1]) expect(codeOf(line(1, 0, n)), String(n)).toBe('buyNum');
    expect(codeOf(line(1, 0, MAX_BUY_NUM))).toBe('overStock');
    expect(priceCheckout(data([line(1, 0, 11)], base))[0].lines[0].refusal).toEqual({ code: 'overStock', stock: 10 });
  });

  it('counts lines taking the same stock together, and a refused line makes its group unbuyable', () => {
    const groups = priceCheckout(data([line(6, 61, 2), line(6, 61, 2), line(1, 0, 1)], base));
    expect(groups).toHaveLength(1);
    expect(groups[0].lines.map((l) => l.refusal)).toEqual([null, { code: 'overStock', stock: 1 }, null]);
    expect(groups[0].canBuy).toBe(false);
    // the group's totals only count what can be bought
    expect(groups[0].goodsTotal).toBe(2 * 1500 + 1000);
    expect(refusedLines(groups).map((l) => [l.goodsId, l.skuId])).toEqual([[6, 61]]);
  });
});

describe('priceCheckout: prices, groups, freight and discounts', () => {
  it('groups by store in first-seen order, prices SKUs from the SKU, totals in exact cents', () => {
    const groups = priceCheckout(
      data([line(2, 0, 3, 7), line(1, 11, 2, 8), line(3)], {
        goods: [goodsRow(1, 1, { hasSkus: true }), goodsRow(2, 2, { price: 1, weight: 0 }), goodsRow(3, 1, { price: 19_99, freightId: -1 })],
        skus: [skuRow(11, 1, { price: 333, image: '/sku.jpg', weight: 125 })],
      }),
    );
    expect(groups.map((g) => g.store.id)).toEqual([2, 1]);
    const [two, one] = groups;
    expect(two).toMatchObject({ goodsTotal: 3, freight: 0, total: 3, canBuy: true, discountTotal: 0 });
    expect(two.lines[0]).toMatchObject({ cartId: 7, unitPrice: 1, total: 3 });
    expect(one.lines[0]).toMatchObject({ unitPrice: 333, buyNum: 2, total: 666, weight: 250, image: '/sku.jpg', skuName: '规格11', cartId: 8 });
    expect(one.lines[1]).toMatchObject({ image: '/uploads/g3.jpg', total: 1999 });
    expect(one.goodsTotal).toBe(666 + 1999);
  });

  it('freight: every line under its own template, province templates only in their provinces (B7)', () => {
    const templates: [number, FreightTemplate[]][] = [[1, [template(1), template(2, { isType: 1, provinces: [11], firstPrice: 100, extraPrice: 50 })]]];
    const lines = [line(1, 0, 3), line(2, 0, 1), line(3, 0, 5)];
    const goods = [goodsRow(1, 1, { freightId: 0, weight: 100 }), goodsRow(2, 1, { freightId: 2, weight: 100 }), goodsRow(3, 1, { freightId: -1 })];
    // province 11: line 1 on the default (3 kg: 8 + 2 × 3), line 2 on template 2 (1 kg: 1)
    expect(priceCheckout(data(lines, { goods, templates, province: 11 }))[0].freight).toBe(800 + 600 + 100);
    // elsewhere template 2 falls back to the default: 4 kg priced once
    expect(priceCheckout(data(lines, { goods, templates, province: 12 }))[0].freight).toBe(800 + 900);
    // no template at all: free
    expect(priceCheckout(data(lines, { goods }))[0].freight).toBe(0);
  });

  it('discount rules see the group and never take more than the goods amount (B6): freight is still paid', () => {
    const seen: number[] = [];
    const rule: DiscountRule = (g) => {
      seen.push(g.goodsTotal);
      return [{ kind: 'coupon', cents: 5000, refId: 3 }, { kind: 'zero', cents: 0 }];
    };
    const [group] = priceCheckout(data([line(1, 0, 2)], { goods: [goodsRow(1, 1)], templates: [[1, [template(1)]]] }), [rule]);
    expect(seen).toEqual([2000]);
    expect(group.discounts).toEqual([{ kind: 'coupon', cents: 2000, refId: 3 }]);
    expect(group).toMatchObject({ goodsTotal: 2000, freight: 800, discountTotal: 2000, total: 800 });
  });
});

describe('priceCheckout: properties over seeded random checkouts', () => {
  function randomCase(rand: () => number) {
    const int = (max: number) => Math.floor(rand() * max);
    const pick = <T>(list: T[]) => list[int(list.length)];
    const stores = [1, 2, 3].map((id) => store(id, { open: rand() > 0.1, userId: rand() > 0.9 ? BUYER : id * 10 }));
    const goods: LoadedGoods[] = [];
    const skus: LoadedSku[] = [];
    for (let id = 1; id <= 8; id++) {
      const hasSkus = rand() > 0.5;
      goods.push(
        goodsRow(id, 1 + int(3), {
          price: pick([0, 1, 99, 1999, int(1_000_000), 999_999_999]),
          stock: int(30),
          weight: int(500),
          freightId: pick([-1, 0, 0, 1, 2, 404]),
          onShelf: rand() > 0.1,
          approved: rand() > 0.1,
          deleted: rand() > 0.95,
          hasSkus,
        }),
      );
      if (hasSkus) for (let k = 0; k < 3; k++) skus.push(skuRow(id * 10 + k, id, { price: int(100_000), stock: int(10), weight: int(300) }));
    }
    const templates: [number, FreightTemplate[]][] = [1, 2, 3].map((storeId) => [
      storeId,
      [template(1, { firstWeight: int(300), firstPrice: int(2000), extraWeight: int(200), extraPrice: int(1000) }), template(2, { isType: 1, provinces: [11, 12], firstPrice: int(500) })],
    ]);
    const lines = Array.from({ length: 1 + int(8) }, () => {
      const goodsId = 1 + int(9);
      return line(goodsId, rand() > 0.3 ? goodsId * 10 + int(4) : 0, pick([1, 2, 3, int(20), 0, -2, 2.5, MAX_BUY_NUM]), int(5));
    });
    return { input: data(lines, { goods, skus, stores, templates, province: pick([0, 11, 13]) }) };
  }

  it('1,000 cases: total ≥ 0, total = Σ lines + freight − discounts, whole cents, same input same output', () => {
    const seen = { canBuy: 0, refused: 0, capped: 0, freight: 0 };
    for (let seed = 1; seed <= 1000; seed++) {
      const { input } = randomCase(random(seed));
      // a rule of its own seed, so both runs see the same discounts
      const ruleFor = () => {
        const r = random(seed * 7);
        const rule: DiscountRule = (g) => (r() > 0.5 ? [{ kind: 'random', cents: Math.floor(g.goodsTotal * 0.3) + Math.floor(r() * 5000) }] : []);
        return [rule];
      };
      const snapshot = JSON.stringify(input, (_k, v) => (v instanceof Map ? [...v] : v));
      const first = priceCheckout(input, ruleFor());
      const second = priceCheckout(input, ruleFor());
      expect(second, `seed ${seed}`).toEqual(first);
      expect(JSON.stringify(input, (_k, v) => (v instanceof Map ? [...v] : v)), `seed ${seed} input unchanged`).toBe(snapshot);
      expect(first.flatMap((g) => g.lines)).toHaveLength(input.lines.length);
      for (const g of first) {
        const buyable = g.lines.filter((l) => !l.refusal);
        const discounts = g.discounts.reduce((sum, d) => sum + d.cents, 0);
        expect(g.total, `seed ${seed}`).toBeGreaterThanOrEqual(0);
        expect(g.goodsTotal).toBe(buyable.reduce((sum, l) => sum + l.total, 0));
        expect(g.discountTotal).toBe(discounts);
        expect(g.discountTotal).toBeLessThanOrEqual(g.goodsTotal);
        expect(g.total).toBe(g.goodsTotal + g.freight - g.discountTotal);
        expect(g.canBuy).toBe(g.lines.every((l) => !l.refusal));
        for (const amount of [g.total, g.goodsTotal, g.freight, g.discountTotal]) expect(Number.isSafeInteger(amount)).toBe(true);
        for (const l of buyable) {
          expect(Number.isSafeInteger(l.total) && Number.isSafeInteger(l.weight)).toBe(true);
          // exact: the same product in big integers
          expect(BigInt(l.total)).toBe(BigInt(l.unitPrice) * BigInt(l.buyNum));
          expect(l.buyNum).toBeGreaterThanOrEqual(1);
          expect(l.buyNum).toBeLessThanOrEqual(l.stock);
        }
        for (const l of g.lines) expect(l.storeId).toBe(g.store.id);
        seen.canBuy += g.canBuy ? 1 : 0;
        seen.refused += g.canBuy ? 0 : 1;
        seen.capped += g.discountTotal === g.goodsTotal && discounts > 0 ? 1 : 0;
        seen.freight += g.freight > 0 ? 1 : 0;
      }
    }
    // the generator reaches every kind of case
    for (const [kind, n] of Object.entries(seen)) expect(n, kind).toBeGreaterThan(20);
  });
});
