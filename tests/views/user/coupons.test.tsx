import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { SLOW, boot, calledWith, common, login, queryOf } from './fixtures';

/** /user/coupons: the shopper's coupons by tab (unused / used / expired). */
const coupon = (id: number, extra: Record<string, unknown> = {}) => ({
  id, coupon_id: id + 100, store_id: 2, store_name: '鲸声旗舰店', order_id: 0, name: `券${id}`, money: '10.00', use_money: '99.00', status: 0,
  start_time: '2026-11-01 00:00:00', end_time: '2026-12-31 23:59:59', created_at: '2026-11-20 10:00:00', ...extra,
});

describe('user centre coupons', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('lists each tab from the server, with the threshold, store, validity and the order that used it', async () => {
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/coupons': (call: RecordedCall) => {
        const status = queryOf(call).status;
        const rows = status === 'used' ? [coupon(2, { status: 1, order_id: 31, use_money: '0.00' })] : status === 'expired' ? [] : [coupon(1)];
        return envelope({ data: rows, total: rows.length, current_page: 1, last_page: 1, per_page: 20 });
      },
    });
    boot('/user/coupons');
    const first = await screen.findByTestId('my-coupon-1', {}, SLOW);
    expect(first.textContent).toContain('￥10');
    expect(first.textContent).toContain('满99可用');
    expect(first.textContent).toContain('鲸声旗舰店');
    expect(first.textContent).toContain('2026-12-31 23:59');
    expect(queryOf(calledWith(calls, 'GET', '/api/user/coupons')[0])).toMatchObject({ status: 'unused', page: '1' });

    fireEvent.click(screen.getByRole('tab', { name: '已使用' }));
    const used = await screen.findByTestId('my-coupon-2');
    expect(used.textContent).toContain('无门槛');
    expect(screen.getByRole('link', { name: '查看使用的订单' }).getAttribute('href')).toBe('/user/order/31');

    fireEvent.click(screen.getByRole('tab', { name: '已过期' }));
    expect(await screen.findByText('没有过期的优惠券')).toBeTruthy();
    await waitFor(() => expect(calledWith(calls, 'GET', '/api/user/coupons').map((c) => queryOf(c).status)).toEqual(['unused', 'used', 'expired']));
  });
});
