import { describe, expect, it } from 'vitest';
import { discounted, linePromo, type PromoData } from '../../../server/modules/seckill/linePromo';

/** The flash-sale / group unit price of a line (pure). */
const data: PromoData = {
  sales: new Map([
    [1, { id: 1, goodsId: 10, discountBp: 2000, stock: 3, running: true }],
    [2, { id: 2, goodsId: 10, discountBp: 5000, stock: 9, running: false }],
  ]),
  offers: new Map([[10, { id: 4, goodsId: 10, discountBp: 1550, need: 3 }]]),
  groups: new Map([
    [7, { id: 7, goodsId: 10, discountBp: 1550, open: true, seatsLeft: 1, memberIds: [99] }],
    [8, { id: 8, goodsId: 10, discountBp: 1550, open: true, seatsLeft: 0, memberIds: [98] }],
  ]),
};

describe('discounted', () => {
  it('rounds half up to the cent, exactly even for the largest amounts, never below 0', () => {
    expect(discounted(10_000, 2000)).toBe(8000);
    expect(discounted(1999, 1550)).toBe(1689); // 1689.155
    expect(discounted(1, 5000)).toBe(1); // 0.5 → 1
    expect(discounted(999_999_999_999, 1)).toBe(999_899_999_999); // 999899999999.9 → 999899999999 + 1
    expect(discounted(999_999_999_999, 9999)).toBe(100_000_000); // 99999999.9999 → 100000000
    expect(discounted(500, 10_000)).toBe(0);
  });
});

describe('linePromo', () => {
  it('prices a line at the running sale, counting units across lines, and refuses outside the window', () => {
    const taken = new Map<string, number>();
    expect(linePromo({ goodsId: 10, buyNum: 2, seckillId: 1 }, data, 1, 10_000, taken)).toMatchObject({ unitPrice: 8000, promo: { kind: 'seckill', id: 1, listPrice: 10_000 }, refusal: null });
    expect(linePromo({ goodsId: 10, buyNum: 2, seckillId: 1 }, data, 1, 10_000, taken).refusal).toEqual({ code: 'saleSoldOut', stock: 1 });
    expect(linePromo({ goodsId: 10, buyNum: 1, seckillId: 2 }, data, 1, 10_000, taken).refusal).toEqual({ code: 'saleClosed' });
    expect(linePromo({ goodsId: 11, buyNum: 1, seckillId: 1 }, data, 1, 10_000, taken).refusal).toEqual({ code: 'saleClosed' });
    expect(linePromo({ goodsId: 10, buyNum: 1, seckillId: 3 }, undefined, 1, 10_000, taken).refusal).toEqual({ code: 'saleClosed' });
    expect(linePromo({ goodsId: 10, buyNum: 1 }, data, 1, 10_000, taken)).toEqual({ unitPrice: 10_000, promo: null, refusal: null });
  });

  it('opens a group of the goods’ offer, joins an open group with a seat, and refuses the rest', () => {
    const taken = new Map<string, number>();
    expect(linePromo({ goodsId: 10, buyNum: 1, collectiveId: -1 }, data, 1, 10_000, taken)).toMatchObject({ unitPrice: 8450, promo: { kind: 'collective', id: -1, offerId: 4 } });
    expect(linePromo({ goodsId: 12, buyNum: 1, collectiveId: -1 }, data, 1, 10_000, taken).refusal).toEqual({ code: 'groupClosed' });
    expect(linePromo({ goodsId: 10, buyNum: 1, collectiveId: 7 }, data, 1, 10_000, taken)).toMatchObject({ unitPrice: 8450, promo: { id: 7 } });
    expect(linePromo({ goodsId: 10, buyNum: 1, collectiveId: 7 }, data, 99, 10_000, taken).refusal).toEqual({ code: 'groupJoined' });
    expect(linePromo({ goodsId: 10, buyNum: 1, collectiveId: 8 }, data, 1, 10_000, taken).refusal).toEqual({ code: 'groupFull' });
    expect(linePromo({ goodsId: 10, buyNum: 1, collectiveId: 9 }, data, 1, 10_000, taken).refusal).toEqual({ code: 'groupFull' });
  });
});
