import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCommitted } from '../../../src/app/navigation';
import { decodeParam } from '../../../src/shop/shared/params';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { SLOW, boot, calledWith, common, login, order, queryOf } from './fixtures';

/** /user/orders: tabs per state with counts, search, paging, and the buyer's actions on a card. */
const counts = { '1': 1, '2': 0, '3': 1, '4': 0, '5': 0, '6': 2, '0': 1, all: 5 };
const ALL = [order(1, 1), order(2, 3), order(3, 6), order(4, 6), order(5, 0)];

function serveOrders(extra: Record<string, unknown> = {}) {
  return fakeFetch({
    ...common,
    'GET /api/user/orders': (call: RecordedCall) => {
      const q = queryOf(call);
      const status = Number(q.order_status ?? -1);
      let rows = status === -1 ? ALL : ALL.filter((o) => o.order_status === status);
      if (q.keywords) rows = rows.filter((o) => o.order_no.includes(q.keywords) || o.order_goods[0].goods_name.includes(q.keywords));
      const page = Number(q.page ?? 1);
      const per = Number(q.per_page ?? 10);
      return envelope({ data: rows.slice((page - 1) * per, page * per), total: rows.length, per_page: per, current_page: page, last_page: Math.ceil(rows.length / per) || 1, counts });
    },
    ...(extra as Record<string, never>),
  });
}

describe('my orders', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('sends a logged-out visitor to the login page and back', async () => {
    localStorage.clear();
    const { calls } = serveOrders();
    boot('/user/orders');
    await waitFor(() => expect(getCommitted().path).toBe('/login'), SLOW);
    expect(window.location.search).toBe('?redirect=%2Fuser%2Forders');
    expect(calledWith(calls, 'GET', '/api/user/orders')).toHaveLength(0);
  });

  it('shows every order under 全部订单 with the count of each state on its tab', async () => {
    serveOrders();
    boot('/user/orders');
    const tabs = await screen.findByRole('tablist', { name: '订单状态' }, SLOW);
    await waitFor(() => expect(within(tabs).getAllByRole('tab')[0].textContent).toBe('全部订单(5)'));
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['全部订单(5)', '等待支付(1)', '等待发货(0)', '等待收货(1)', '等待评论(0)', '售后处理(0)', '订单完成(2)', '订单取消(1)']);
    expect(within(tabs).getAllByRole('tab')[0].getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('article')).toHaveLength(5);
    const menu = screen.getByRole('navigation', { name: '个人中心菜单' });
    expect(within(menu).getByRole('link', { name: '我的订单' }).getAttribute('aria-current')).toBe('page');
  });

  it('a tab asks the server for that state and puts it in the address; the keyboard moves between tabs', async () => {
    const { calls } = serveOrders();
    boot('/user/orders');
    const tabs = await screen.findByRole('tablist', { name: '订单状态' }, SLOW);
    fireEvent.click(within(tabs).getByRole('tab', { name: /订单完成/ }));
    await waitFor(() => expect(window.location.search).toBe('?status=6'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(queryOf(calledWith(calls, 'GET', '/api/user/orders').at(-1)!)).toMatchObject({ order_status: '6', page: '1' });
    expect(within(tabs).getByRole('tab', { name: /订单完成/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: /订单完成/ }), { key: 'ArrowRight' });
    await waitFor(() => expect(window.location.search).toBe('?status=0'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('opens on the state of the address (the home page shortcuts) and searches by order number or goods name', async () => {
    const { calls } = serveOrders();
    boot('/user/orders?status=3');
    expect((await screen.findByRole('tab', { name: /等待收货/, selected: true }, SLOW)).textContent).toBe('等待收货(1)');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    fireEvent.click(screen.getByRole('tab', { name: /全部订单/ }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索订单' }), { target: { value: '商品4' } });
    fireEvent.click(within(screen.getByRole('search', { name: '搜索订单' })).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(window.location.search).toBe('?keywords=%E5%95%86%E5%93%814');
    expect(queryOf(calledWith(calls, 'GET', '/api/user/orders').at(-1)!)).toMatchObject({ order_status: '-1', keywords: '商品4' });
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索订单' }), { target: { value: '没有这个' } });
    fireEvent.submit(screen.getByRole('search', { name: '搜索订单' }));
    expect(await screen.findByText('没有找到相关订单')).toBeTruthy();
  });

  it('pages through a long list', async () => {
    const many = Array.from({ length: 12 }, (_, i) => order(i + 1, 6));
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/orders': (call: RecordedCall) => {
        const page = Number(queryOf(call).page);
        return envelope({ data: many.slice((page - 1) * 10, page * 10), total: 12, per_page: 10, current_page: page, last_page: 2, counts: { ...counts, all: 12 } });
      },
    });
    boot('/user/orders');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10), SLOW);
    fireEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(window.location.search).toBe('?page=2');
    expect(queryOf(calledWith(calls, 'GET', '/api/user/orders').at(-1)!)).toMatchObject({ page: '2', per_page: '10' });
  });

  it('offers pay and cancel on an unpaid order, confirm receipt on a shipped one, nothing on the others', async () => {
    serveOrders();
    boot('/user/orders');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5), SLOW);
    const [unpaid, shipped, done] = screen.getAllByRole('article');
    const pay = within(unpaid).getByRole('link', { name: `支付订单 ${ALL[0].order_no}` });
    expect(decodeParam<{ order_id: number[] }>(pay.getAttribute('href')!.replace('/order/pay/', ''))).toEqual({ order_id: [1] });
    expect(within(unpaid).getByRole('button', { name: `取消订单 ${ALL[0].order_no}` })).toBeTruthy();
    expect(within(unpaid).queryByRole('button', { name: /确认收到/ })).toBeNull();
    expect(within(shipped).getByRole('button', { name: `确认收到订单 ${ALL[1].order_no}` })).toBeTruthy();
    expect(within(shipped).queryByRole('link', { name: /支付订单/ })).toBeNull();
    expect(within(done).queryAllByRole('button')).toHaveLength(0);
    expect(within(done).getByRole('link', { name: `订单 ${ALL[2].order_no} 的详情` }).getAttribute('href')).toBe('/user/order/3');
  });

  it('cancels only after the confirm, then reloads the list', async () => {
    let cancelled = false;
    const { calls } = serveOrders({
      'PUT /api/user/order/1': () => {
        cancelled = true;
        ALL[0] = order(1, 0);
        return envelope([0]);
      },
    });
    boot('/user/orders');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5), SLOW);
    const loads = calledWith(calls, 'GET', '/api/user/orders').length;
    fireEvent.click(screen.getByRole('button', { name: `取消订单 ${ALL[0].order_no}` }));
    const confirm = await screen.findByRole('alertdialog');
    // the question is itself "cancel?": its buttons say what they do, never a bare 取消 / 确定
    expect(within(confirm).getAllByRole('button').map((button) => button.textContent)).toEqual(['暂不取消', '取消订单']);
    fireEvent.click(within(confirm).getByRole('button', { name: '暂不取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calledWith(calls, 'PUT', '/api/user/order/1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: `取消订单 ${ALL[0].order_no}` }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(cancelled).toBe(true));
    expect(new URLSearchParams(String(calledWith(calls, 'PUT', '/api/user/order/1')[0].body)).get('order_status')).toBe('0');
    await waitFor(() => expect(calledWith(calls, 'GET', '/api/user/orders').length).toBe(loads + 1));
    expect(await screen.findByText('订单已取消')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: `取消订单 ${ALL[0].order_no}` })).toBeNull());
    ALL[0] = order(1, 1);
  });
});
