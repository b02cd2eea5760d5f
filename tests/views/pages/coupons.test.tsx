import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AdminCouponsPage from '../../../src/backoffice/views/Admin/coupons/index';
import SellerCouponsPage from '../../../src/backoffice/views/Seller/coupons/index';
import { promotionState } from '../../../src/backoffice/views/Seller/coupons/promotionColumns';
import { envelope, fakeFetch, formBody, resetApp, type RecordedCall } from '../helpers';
import { freshPage, paginator, queryOf, renderView, withLayout } from './pageHelpers';

/** The coupon pages of both consoles (screens §4.6): state from the dates, the seller's form, the operator's stop. */
const row = (id: number, name: string, start: string, end: string, stopped = 0) => ({
  id, store_id: 2, name, money: '10.00', use_money: '99.00', stock: 8, content: '', start_time: start, end_time: end, stopped, created_at: '2026-01-01 00:00:00',
});
const ROWS = [
  row(1, '进行券', '2020-01-01 00:00:00', '2099-01-01 00:00:00'),
  row(2, '过期券', '2020-01-01 00:00:00', '2021-01-01 00:00:00'),
  row(3, '未来券', '2098-01-01 00:00:00', '2099-01-01 00:00:00'),
  row(4, '停用券', '2020-01-01 00:00:00', '2099-01-01 00:00:00', 1),
];

describe('coupon pages', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    resetApp('/');
  });

  it('the state of a promotion: stopped, not started, running, ended (shop time)', () => {
    const now = Date.parse('2026-06-01T00:00:00+08:00');
    expect(promotionState(ROWS[0], now)).toBe('running');
    expect(promotionState(ROWS[1], now)).toBe('ended');
    expect(promotionState(ROWS[2], now)).toBe('notStarted');
    expect(promotionState(ROWS[3], now)).toBe('stopped');
    expect(promotionState({ ...ROWS[0], start_time: '2026-06-01 00:00:00' }, now)).toBe('running');
    expect(promotionState({ ...ROWS[0], end_time: '2026-06-01 00:00:00' }, now)).toBe('ended');
  });

  it('seller: lists the coupons with their state and adds one', async () => {
    freshPage('/Seller/coupons', 1);
    restore = withLayout();
    const { calls } = fakeFetch({
      'GET /api/Seller/coupons': envelope(paginator(ROWS)),
      'POST /api/Seller/coupons': (call: RecordedCall) => envelope({ id: 9, ...formBody(call) }),
    });
    renderView(SellerCouponsPage, 1, '/Seller/coupons');
    const running = (await screen.findByText('进行券')).closest('[role="row"]') as HTMLElement;
    expect(within(running).getByTestId('promotion-state').textContent).toBe('进行中');
    expect(within((screen.getByText('过期券').closest('[role="row"]') as HTMLElement)).getByTestId('promotion-state').textContent).toBe('已结束');
    expect(within((screen.getByText('停用券').closest('[role="row"]') as HTMLElement)).getByTestId('promotion-state').textContent).toBe('已停用');

    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '满199减20' } });
    fireEvent.change(within(dialog).getByLabelText('优惠额度'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('消费金额'), { target: { value: '199' } });
    fireEvent.change(within(dialog).getByLabelText('开始时间'), { target: { value: '2026-12-01T00:00:00' } });
    fireEvent.change(within(dialog).getByLabelText('结束时间'), { target: { value: '2026-12-31T23:59:59' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(formBody(calls.find((c) => c.method === 'POST')!)).toMatchObject({ name: '满199减20', money: '20', use_money: '199', stock: '100', start_time: '2026-12-01 00:00:00', end_time: '2026-12-31 23:59:59' });
  });

  it('operator: every store’s coupons, no add; the edit only stops or restarts one', async () => {
    freshPage('/Admin/coupons');
    restore = withLayout();
    const { calls } = fakeFetch({
      'GET /api/Admin/coupons': envelope(paginator(ROWS)),
      'GET /api/Admin/coupons/1': envelope(ROWS[0]),
      'GET /api/Admin/stores': (call: RecordedCall) => envelope(queryOf(call.url).get('isAll') ? [{ id: 2, store_name: '鲸声旗舰店' }] : paginator([{ id: 2, store_name: '鲸声旗舰店' }])),
      'PUT /api/Admin/coupons/1': (call: RecordedCall) => envelope({ ...ROWS[0], ...formBody(call) }),
    });
    renderView(AdminCouponsPage, 0, '/Admin/coupons');
    const running = (await screen.findByText('进行券')).closest('[role="row"]') as HTMLElement;
    await waitFor(() => expect(running.textContent).toContain('鲸声旗舰店'));
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
    fireEvent.click(within(running).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(formBody(calls.find((c) => c.method === 'PUT')!)).toEqual({ stopped: '1' });
  });
});
