import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { decodeParam } from '../../../src/shop/shared/params';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { SLOW, boot, calledWith, common, detail, login } from './fixtures';

/** /user/order/:id: what was bought, where it goes, how it was paid and shipped, its history, and the buyer's actions. */
const TRACE = {
  provider: 'kuaidi100',
  test_mode: false,
  delivery_code: 'sf',
  delivery_name: '顺丰速运',
  delivery_no: 'SF1234567890',
  state: 'transit',
  steps: [
    { time: '2026-12-02 08:10:00', text: '【北京市】快件已到达 北京顺义集散中心' },
    { time: '2026-12-01 21:05:00', text: '【深圳市】顺丰速运 已收取快件' },
  ],
  fetched_at: '2026-12-02 09:00:00',
  stale: false,
};

describe('order detail', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('shows the lines, address, payment, waybill with its express company, and the timeline newest first', async () => {
    fakeFetch({ ...common, 'GET /api/user/order/9': envelope(detail(9, 3)), 'POST /api/user/order/express': envelope(TRACE) });
    boot('/user/order/9');
    expect(await screen.findByText('订单号：20261126100000000009', {}, SLOW)).toBeTruthy();
    const page = screen.getByRole('region', { name: '订单详情' });
    expect(page.textContent).toContain('等待收货');
    expect(page.textContent).toContain('北京市 北京市 朝阳区 建国路 1 号');
    expect(page.textContent).toContain('13912345678');
    expect(page.textContent).toContain('余额支付');
    expect(page.textContent).toContain('P20261126100500123456');
    expect(page.textContent).toContain('顺丰速运');
    expect(page.textContent).toContain('SF1234567890');
    expect(page.textContent).toContain('请尽快发货');
    expect(screen.getByRole('link', { name: '商品9' }).getAttribute('href')).toBe('/goods/109');
    expect(page.textContent).toContain('红色,XL');
    expect(page.textContent).toContain('实付款：￥208.00');
    expect(page.textContent).toContain('运费：￥10.00');
    const history = [...page.querySelectorAll('ol:not([data-trace]) > li')];
    const steps = history.map((li) => li.querySelector('p')!.textContent);
    expect(steps).toEqual(['商家发货→ 等待收货', '支付成功→ 等待发货', '提交订单→ 等待支付']);
    expect(history[0].textContent).toContain('商家 鲸声旗舰店');
    // the system is named once, not "系统 系统"
    expect(history[1].textContent).toMatch(/· 系统$/);
    // the menu keeps "my orders" current on a detail page
    expect(within(screen.getByRole('navigation', { name: '个人中心菜单' })).getByRole('link', { name: '我的订单' }).getAttribute('aria-current')).toBe('page');
  });

  it('an unpaid order shows its total, not "total paid", and no empty discount line', async () => {
    fakeFetch({ ...common, 'GET /api/user/order/4': envelope(detail(4, 1)) });
    boot('/user/order/4');
    await screen.findByText('订单号：20261126100000000004', {}, SLOW);
    const page = screen.getByRole('region', { name: '订单详情' });
    expect(page.textContent).toContain('订单总额：￥208.00');
    expect(page.textContent).not.toContain('实付款');
    expect(page.textContent).not.toContain('优惠：');
  });

  it('a paid order with a discount shows "total paid" and the discount line', async () => {
    fakeFetch({ ...common, 'GET /api/user/order/9': envelope(detail(9, 3, { coupon_money: '12.50' })) });
    boot('/user/order/9');
    await screen.findByText('订单号：20261126100000000009', {}, SLOW);
    const page = screen.getByRole('region', { name: '订单详情' });
    expect(page.textContent).toContain('实付款：￥208.00');
    expect(page.textContent).toContain('优惠：-￥12.50');
  });

  it('confirms receipt after the confirm and shows the reloaded order', async () => {
    let status = 3;
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/order/9': () => envelope(detail(9, status)),
      'PUT /api/user/order/9': () => {
        status = 4;
        return envelope([4]);
      },
    });
    boot('/user/order/9');
    fireEvent.click(await screen.findByRole('button', { name: '确认收到订单 20261126100000000009' }, SLOW));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('请确认您已收到全部商品');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calledWith(calls, 'PUT', '/api/user/order/9')).toHaveLength(1));
    expect(new URLSearchParams(String(calledWith(calls, 'PUT', '/api/user/order/9')[0].body)).get('order_status')).toBe('4');
    expect(await screen.findByText('已确认收货')).toBeTruthy();
    await waitFor(() => expect(calledWith(calls, 'GET', '/api/user/order/9')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: /确认收到订单/ })).toBeNull());
    expect(screen.getByRole('region', { name: '订单详情' }).textContent).toContain('等待评论');
  });

  it('an unpaid order: its deadline, the pay link, and a refused cancel shows the reason and reloads', async () => {
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/order/4': envelope(detail(4, 1)),
      'PUT /api/user/order/4': envelope({ field: 'order_status', order_status: 2 }, 422, '订单状态为“等待发货”，不能取消'),
    });
    boot('/user/order/4');
    const pay = await screen.findByRole('link', { name: '支付订单 20261126100000000004' }, SLOW);
    expect(decodeParam<{ order_id: number[] }>(pay.getAttribute('href')!.replace('/order/pay/', ''))).toEqual({ order_id: [4] });
    expect(screen.getByText('请在 2026-11-26 10:30:00 前支付，逾期订单将自动取消')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消订单 20261126100000000004' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消订单' }));
    expect((await screen.findByRole('alert')).textContent).toContain('订单状态为“等待发货”，不能取消');
    await waitFor(() => expect(calledWith(calls, 'GET', '/api/user/order/4')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByText(/不能取消/)).toBeNull());
  });

  it("another user's order (404) or a bad id says there is no such order", async () => {
    const { calls } = fakeFetch({ ...common, 'GET /api/user/order/77': envelope([], 404, '找不到该数据。') });
    boot('/user/order/77');
    expect(await screen.findByText('订单不存在', {}, SLOW)).toBeTruthy();
    expect(calledWith(calls, 'GET', '/api/user/order/77')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /取消订单|确认收到/ })).toBeNull();
    resetApp('/');
    login();
    const second = fakeFetch({ ...common });
    boot('/user/order/abc');
    expect(await screen.findByText('订单不存在', {}, SLOW)).toBeTruthy();
    expect(calledWith(second.calls, 'GET', '/api/user/order/abc')).toHaveLength(0);
  });

  it('speaks English', async () => {
    fakeFetch({ ...common, 'GET /api/user/order/9': envelope(detail(9, 3)) });
    boot('/user/order/9', 'en');
    expect(await screen.findByRole('button', { name: 'Confirm receipt of order 20261126100000000009' }, SLOW)).toBeTruthy();
    const page = screen.getByRole('region', { name: 'Order details' });
    expect(page.textContent).toContain('Shipped');
    expect(page.textContent).toContain('Balance');
    expect(page.textContent).toContain('Waybill no.');
    expect(page.textContent).toContain('Order placed');
  });

  it('in English the notes the server writes in Chinese (after-sale, refund, timed tasks) are translated; a seller\'s own words stay', async () => {
    const log = (action: string, note: string, to = 5) => ({ action, from_status: 3, to_status: to, actor: 'user', actor_name: 'Ann', note, created_at: '2026-11-26 13:00:00' });
    const logs = [
      log('afterSale', '申请退款：不想要了'),
      log('refund', '129.00 → balance (R20261127032621953288) 售后退款', 5),
      log('afterSaleDone', '同意退款 ¥129.00', 6),
      log('backToShipped', '拒绝售后：请先寄回', 3),
      log('receive', '发货 7 天后自动确认收货', 4),
      log('agree', '商家留言：周一发出', 5),
    ];
    fakeFetch({ ...common, 'GET /api/user/order/9': envelope(detail(9, 6, { logs })) });
    boot('/user/order/9', 'en');
    const history = (await screen.findByRole('heading', { name: 'History' }, SLOW)).closest('section')!;
    const text = history.textContent ?? '';
    for (const shown of ['Refund requested: 不想要了', '¥129.00 back to Balance (R20261127032621953288)', 'Refund agreed: ¥129.00', 'After-sale refused: 请先寄回', 'Receipt confirmed automatically 7 days after shipping', '商家留言：周一发出']) expect(text).toContain(shown);
    for (const hidden of ['申请退款', '售后退款', '同意退款', '拒绝售后', '自动确认收货']) expect(text).not.toContain(hidden);
  });

  it.each([
    { locale: 'en' as const, heading: 'History', step: 'Group not filled: cancelled', note: 'The group was not filled in time: refunded' },
    { locale: 'zh-cn' as const, heading: '订单进度', step: '拼团未成团，订单取消', note: '拼团未在时限内成团，已退款' },
  ])('a group buy that did not fill (groupFailed) has a step name in $locale, not the bare action', async ({ locale, heading, step, note }) => {
    const logs = [
      { action: 'create', from_status: -1, to_status: 1, actor: 'user', actor_name: 'Ann', note: '', created_at: '2026-11-26 10:00:00' },
      { action: 'groupFailed', from_status: 2, to_status: 0, actor: 'system', actor_name: '系统', note: '拼团未在时限内成团，已退款', created_at: '2026-11-27 10:00:00' },
    ];
    fakeFetch({ ...common, 'GET /api/user/order/9': envelope(detail(9, 0, { logs })) });
    boot('/user/order/9', locale);
    const history = (await screen.findByRole('heading', { name: heading }, SLOW)).closest('section')!;
    const text = history.textContent ?? '';
    expect(text).toContain(step);
    expect(text).toContain(note);
    expect(text).not.toContain('groupFailed');
  });

  it('a shipped order shows its parcel trace newest first; test mode is said; a refusal is a message with a retry', async () => {
    const { calls } = fakeFetch({ ...common, 'GET /api/user/order/9': envelope(detail(9, 3)), 'POST /api/user/order/express': envelope(TRACE) });
    boot('/user/order/9');
    const trace = await screen.findByTestId('parcel-trace', {}, SLOW);
    expect(trace.getAttribute('data-provider')).toBe('kuaidi100');
    expect(trace.textContent).toContain('运输中');
    expect(trace.textContent).toContain('数据来自快递100');
    expect([...trace.querySelectorAll('li p')].map((p) => p.textContent)).toEqual(['【北京市】快件已到达 北京顺义集散中心', '【深圳市】顺丰速运 已收取快件']);
    expect(trace.querySelector('li time')!.textContent).toBe('2026-12-02 08:10:00');
    expect(calledWith(calls, 'POST', '/api/user/order/express')[0].body).toBe('id=9');
    resetApp('/');
    login();
    let answers = 0;
    fakeFetch({
      ...common,
      'GET /api/user/order/9': envelope(detail(9, 3)),
      'POST /api/user/order/express': () => (++answers === 1 ? envelope(null, 503, '物流查询服务暂不可用，请稍后再试或联系客服。') : envelope({ ...TRACE, provider: 'dev', test_mode: true })),
    });
    boot('/user/order/9', 'en');
    const error = await screen.findByTestId('parcel-trace-error', {}, SLOW);
    expect(error.textContent).toContain('物流查询服务暂不可用');
    fireEvent.click(within(error).getByRole('button', { name: 'Look again' }));
    const sample = await screen.findByTestId('parcel-trace');
    expect(sample.textContent).toContain('Test mode: parcel tracking is not set up yet');
  });
});
