import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCommitted } from '../../../src/app/navigation';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { SLOW, boot, calledWith, common, login, queryOf } from './fixtures';

/** The points mall's user-centre pages (/user/integral_order, /user/integral_order/<id>, /user/distribution…) and its checkout (/integral/order/<id>/<qty>). */
const pointsOrder = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  order_no: `2026112613000000${id}`,
  goods_id: 9,
  order_name: `保温杯${id}`,
  order_image: '/uploads/goods/cup.jpg',
  buy_num: 2,
  goods_price: '300.00',
  total_price: '600.00',
  order_status: 2,
  delivery_code: '',
  delivery_name: '',
  delivery_no: '',
  receive_name: '陈晓明',
  receive_tel: '13800000000',
  receive_area: '北京市 北京市 朝阳区',
  receive_address: '建国路 93 号',
  pay_time: '2026-11-26 13:00:00',
  delivery_time: null,
  remark: '',
  created_at: '2026-11-26 13:00:00',
  ...over,
});
const page = (data: unknown[]) => envelope({ data, total: data.length, per_page: 10, current_page: 1, last_page: 1 });

describe('points orders and referrals in the user centre', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('lists the points orders with their state and opens one, shipped with its waybill', async () => {
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/integral_orders': page([pointsOrder(1), pointsOrder(2, { order_status: 3, delivery_code: 'sf', delivery_no: 'SF123456' })]),
      'GET /api/user/integral_orders/2': envelope(pointsOrder(2, { order_status: 3, delivery_code: 'sf', delivery_name: '顺丰速运', delivery_no: 'SF123456', delivery_time: '2026-11-26 14:00:00' })),
    });
    boot('/user/integral_order');
    const list = await screen.findByRole('list', { name: '积分订单' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('待发货'), expect.stringContaining('已发货')]);
    expect(items[0].textContent).toContain('× 2，共 600 积分');
    expect(queryOf(calledWith(calls, 'GET', '/api/user/integral_orders')[0])).toMatchObject({ page: '1', per_page: '10' });
    fireEvent.click(within(items[1]).getByRole('link', { name: '保温杯2' }));
    await waitFor(() => expect(getCommitted().path).toBe('/user/integral_order/2'));
    await waitFor(() => expect(screen.getByTestId('points-order-shipping').textContent).toBe('顺丰速运 SF123456 · 2026-11-26 14:00:00'), SLOW);
    expect(screen.getByTestId('points-order-total').textContent).toBe('600');
  });

  it('says so when a points order is not the caller\'s (404); the old addresses lead to the new ones', async () => {
    fakeFetch({ ...common, 'GET /api/user/integral_orders/5': envelope(null, 404, '积分订单不存在'), 'GET /api/user/integral_orders': page([]) });
    boot('/user/integral/5');
    expect(await screen.findByText('积分订单不存在', {}, SLOW)).toBeTruthy();
    expect(getCommitted().path).toBe('/user/integral_order/5');
    resetApp('/');
    login();
    boot('/user/integrals');
    await waitFor(() => expect(getCommitted().path).toBe('/user/integral_order'), SLOW);
  });

  const referral = () =>
    fakeFetch({
      ...common,
      'GET /api/user/distribution': envelope({ user_id: 7, invite_path: '/register?inviter_id=7', counts: [2, 1, 0], commission_total: '12.50', commission_count: 1 }),
      'GET /api/user/distributions': (call) =>
        queryOf(call).lev === '1' ? page([{ id: 31, nickname: '阿杰同学', avatar: '', created_at: '2026-11-20 10:00:00' }]) : page([{ id: 30, nickname: '爱吃的小美', avatar: '', created_at: '2026-11-19 10:00:00' }]),
      'GET /api/user/distribution_logs': page([{ id: 1, name: '一级分销', order_no: '20260101120000100001', level: 1, money: '125.00', lev: '10.00', commission: '12.50', created_at: '2026-11-20 10:00:00' }]),
    });

  it('shows the invite link and the members per level, each a link to its list; copy says when it fails', async () => {
    referral();
    boot('/user/distribution');
    const input = (await screen.findByTestId('invite-link', {}, SLOW)) as HTMLInputElement;
    expect(input.value).toBe(`${window.location.origin}/register?inviter_id=7`);
    expect(screen.getByTestId('commission-total').textContent).toBe('¥12.50');
    expect(screen.getByTestId('commission-total').closest('a')!.getAttribute('href')).toBe('/user/distribution_logs');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    fireEvent.click(screen.getByRole('button', { name: '复制链接' }));
    expect(await screen.findByText('复制失败，请手动选择链接复制')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /二级成员/ }));
    await waitFor(() => expect(getCommitted()).toEqual({ path: '/user/distribution_users', search: 'lev=1' }));
    expect(await screen.findByText('阿杰同学', {}, SLOW)).toBeTruthy();
  });

  it('/user/distribution_users lists my referred users by level, the level in the address', async () => {
    const { calls } = referral();
    boot('/user/distribution_users?lev=1');
    expect(await screen.findByText('阿杰同学', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '二级成员' }).getAttribute('aria-selected')).toBe('true');
    const menu = screen.getByRole('navigation', { name: '个人中心菜单' });
    expect(within(menu).getByRole('link', { name: '分销会员' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('tab', { name: '一级成员' }));
    expect(await screen.findByText('爱吃的小美')).toBeTruthy();
    expect(getCommitted()).toEqual({ path: '/user/distribution_users', search: '' });
    expect(calledWith(calls, 'GET', '/api/user/distributions').map((c) => queryOf(c).lev)).toEqual(['1', '0']);
  });

  it('/user/distribution_logs lists my commissions', async () => {
    referral();
    boot('/user/distribution_logs');
    expect(await screen.findByText('20260101120000100001', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('¥12.50')).toBeTruthy();
  });
});

describe('points checkout', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  const answers = (pay: (call: { body: unknown }) => { body?: unknown }) => ({
    ...common,
    'GET /api/integral/goods/9': envelope({ id: 9, cid: 1, goods_name: '保温杯', goods_subname: '', goods_master_image: '/uploads/goods/cup.jpg', goods_price: '300.00', goods_market_price: '59.00', goods_stock: 5, goods_sale: 1, goods_images: [], goods_content: '', class_name: '居家' }),
    'GET /api/user/addresses': envelope([{ id: 3, receive_name: '陈晓明', receive_tel: '13800000000', area_info: '北京市 北京市 朝阳区', address: '建国路 93 号', province_id: 1, city_id: 2, region_id: 3, is_default: true, area: [1, 2, 3] }]),
    'POST /api/auth/info': envelope({ id: 7, nickname: 'Ann', integral: '1000.00' }),
    'POST /api/integral/pay': pay,
    'GET /api/user/integral_orders/41': envelope(pointsOrder(41)),
  });

  it('shows the total for the quantity, redeems once with the key and opens the new order', async () => {
    const { calls } = fakeFetch(answers(() => envelope({ order_id: 41, order_no: '20261126130000000041', total_price: '600.00', integral: '400.00', repeated: false })));
    boot('/integral/order/9/2');
    await waitFor(() => expect(screen.getByTestId('points-total').textContent).toBe('共需 600 积分'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: '支付积分' }));
    await waitFor(() => expect(getCommitted().path).toBe('/user/integral_order/41'));
    const [pay] = calledWith(calls, 'POST', '/api/integral/pay');
    const body = new URLSearchParams(String(pay.body));
    expect(Object.fromEntries(body)).toMatchObject({ id: '9', buy_num: '2', address_id: '3' });
    expect(body.get('idem_key')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('refuses more points than the shopper has without asking the server', async () => {
    const { calls } = fakeFetch(answers(() => envelope(null, 422, '积分不足')));
    boot('/integral/order/9/5');
    await waitFor(() => expect(screen.getByTestId('points-total').textContent).toBe('共需 1500 积分'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: '支付积分' }));
    expect((await screen.findByRole('alert')).textContent).toBe('积分不足');
    expect(calledWith(calls, 'POST', '/api/integral/pay')).toHaveLength(0);
  });
});
