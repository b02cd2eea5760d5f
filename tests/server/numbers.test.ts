import { describe, expect, it } from 'vitest';
import { shopNumber, wallStamp } from '../../server/db/numbers';
import { orderNumber } from '../../server/modules/orders/create';
import { newRefundNo } from '../../server/modules/payment/refund';

/** Issue 30: one clock (TIME_ZONE) for every number the shop makes, across midnight. */
describe('shop numbers', () => {
  // 00:30 on 1 February in Shanghai is still 31 January in UTC
  const afterMidnight = new Date('2026-01-31T16:30:05Z');
  const beforeMidnight = new Date('2026-01-31T15:59:59Z');

  it('orders, refunds and payments read the shop\'s date and time, not UTC\'s', () => {
    expect(wallStamp('Asia/Shanghai', afterMidnight)).toBe('20260201003005');
    expect(orderNumber('Asia/Shanghai', afterMidnight)).toMatch(/^20260201003005\d{6}$/);
    expect(newRefundNo('Asia/Shanghai', afterMidnight)).toMatch(/^R20260201003005\d{6}$/);
    expect(shopNumber('P', 'Asia/Shanghai', afterMidnight)).toMatch(/^P20260201003005\d{6}$/);
    expect(newRefundNo('Asia/Shanghai', beforeMidnight)).toMatch(/^R20260131235959\d{6}$/);
  });

  it('follow the configured zone, whatever the machine\'s', () => {
    expect(newRefundNo('UTC', afterMidnight)).toMatch(/^R20260131163005\d{6}$/);
    expect(shopNumber('P', 'America/New_York', afterMidnight)).toMatch(/^P20260131113005\d{6}$/);
    expect(new Set(Array.from({ length: 100 }, () => shopNumber('R', 'UTC', afterMidnight))).size).toBeGreaterThan(95);
  });
});
