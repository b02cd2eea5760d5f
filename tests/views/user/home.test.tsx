import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCommitted } from '../../../src/app/navigation';
import { USER_MENU } from '../../../src/user/layout/UserLayout';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { SLOW, boot, calledWith, common, login, order, queryOf } from './fixtures';

/** /user (home) and /user/favorites, and the user-centre frame around them. */
const FAV_GOODS = { id: 31, out_id: 105, is_type: 0, goods_name: '鲸声音箱', goods_master_image: '/uploads/goods/a_150.jpg', goods_price: '299.00', created_at: '2026-11-20 10:00:00' };
const FAV_STORE = { id: 41, out_id: 2, is_type: 1, store_name: '鲸声旗舰店', store_logo: '', area_info: '北京市 北京市 朝阳区', created_at: '2026-11-20 10:00:00' };

const home = {
  'POST /api/auth/info': envelope({ id: 7, nickname: 'Ann', money: '1000.00', frozen_money: '0.00', integral: '2577.00' }),
  'GET /api/user/default': envelope({ count: [1, 0, 2, 0, 120], order: [order(1, 1), order(2, 3)], fav: [FAV_GOODS] }),
};

describe('user centre home and favourites', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('lists only pages that exist in the menu', () => {
    expect(USER_MENU.flatMap((g) => g.items.map((i) => i.href)).sort()).toEqual(['/user', '/user/address', `/user/article/${encodeURIComponent('帮助中心')}`, '/user/cashes', '/user/chats', '/user/comments', '/user/coupons', '/user/distribution', '/user/distribution_logs', '/user/distribution_users', '/user/favorites', '/user/frozen_money', '/user/info', '/user/integral', '/user/integral_order', '/user/money', '/user/oauth', '/user/orders', '/user/safe'].sort());
  });

  it('greets, shows the balance, the counts per state (99+ at most) linking to that tab, recent orders and favourites', async () => {
    fakeFetch({ ...common, ...home });
    boot('/user');
    expect(await screen.findByText('您好，Ann', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('账户余额').parentElement!.textContent).toContain('￥1000.00'));
    // points are whole numbers, as the points mall shows them
    expect(screen.getByText('账户积分').parentElement!.textContent).toBe('账户积分2577');
    const shortcuts = screen.getByRole('navigation', { name: '按状态查看订单' });
    const links = within(shortcuts).getAllByRole('link');
    await waitFor(() => expect(links.map((a) => a.textContent)).toEqual(['等待支付1', '等待发货0', '等待收货2', '等待评论0', '售后处理99+']));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/user/orders?status=1', '/user/orders?status=2', '/user/orders?status=3', '/user/orders?status=4', '/user/orders?status=5']);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    // the home cards lead to the detail, without action buttons
    expect(within(screen.getAllByRole('article')[0]).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: '鲸声音箱' }).getAttribute('href')).toBe('/goods/105');
    const more = screen.getAllByRole('link', { name: '查看更多' }).map((a) => a.getAttribute('href'));
    expect(more).toEqual(['/user/orders', '/user/favorites']);
    fireEvent.click(links[2]);
    await waitFor(() => expect(getCommitted().path).toBe('/user/orders'));
    expect(window.location.search).toBe('?status=3');
  });

  it('shows favourites the server nests under `goods` as well', async () => {
    const nested = { id: 31, out_id: 105, goods: { id: 105, goods_name: '鲸声音箱', goods_master_image: '/uploads/goods/a.jpg', goods_price: '299.00' } };
    fakeFetch({ ...common, ...home, 'GET /api/user/default': envelope({ count: [0, 0, 0, 0, 0], order: [], fav: [nested] }) });
    boot('/user');
    const link = await screen.findByRole('link', { name: '鲸声音箱' }, SLOW);
    expect(link.getAttribute('href')).toBe('/goods/105');
    expect(link.querySelector('img')!.getAttribute('src')).toBe('/uploads/goods/a.jpg');
    expect(screen.getByText('还没有订单')).toBeTruthy();
  });

  it('the shop header\'s 个人中心 leads here', async () => {
    fakeFetch({ ...common, ...home, 'GET /api/user/orders': envelope({ data: [], total: 0, per_page: 10, current_page: 1, last_page: 1, counts: {} }) });
    boot('/user/orders');
    const account = await screen.findByRole('navigation', { name: '账户' }, SLOW);
    await waitFor(() => expect(within(account).getByRole('link', { name: '个人中心' })).toBeTruthy());
    fireEvent.click(within(account).getByRole('link', { name: '个人中心' }));
    await waitFor(() => expect(getCommitted().path).toBe('/user'));
    expect(await screen.findByText('您好，Ann')).toBeTruthy();
  });

  it('favourites: goods and stores in their tabs, removed after a confirm', async () => {
    let goodsRows = [FAV_GOODS];
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/favorites': (call: RecordedCall) => {
        const rows = queryOf(call).is_type === '1' ? [FAV_STORE] : goodsRows;
        return envelope({ data: rows, total: rows.length, current_page: 1, last_page: 1, per_page: 20 });
      },
      'DELETE /api/user/favorites/31': () => {
        goodsRows = [];
        return envelope(1);
      },
    });
    boot('/user/favorites');
    const goods = await screen.findByRole('link', { name: /鲸声音箱/ }, SLOW);
    expect(goods.getAttribute('href')).toBe('/goods/105');
    expect(goods.textContent).toContain('￥299.00');
    fireEvent.click(screen.getByRole('button', { name: '移除 鲸声音箱' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('鲸声音箱');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calledWith(calls, 'DELETE', '/api/user/favorites/31')).toHaveLength(1));
    expect(await screen.findByText('还没有收藏商品')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '关注的店铺' }));
    const store = await screen.findByRole('link', { name: /鲸声旗舰店/ });
    expect(store.getAttribute('href')).toBe('/store/2');
    expect(store.textContent).toContain('北京市 北京市 朝阳区');
    expect(queryOf(calledWith(calls, 'GET', '/api/user/favorites').at(-1)!)).toMatchObject({ is_type: '1', page: '1' });
  });

  it('speaks English', async () => {
    fakeFetch({ ...common, ...home });
    boot('/user', 'en');
    expect(await screen.findByText('Hello, Ann', {}, SLOW)).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual(['My orders', 'My messages', 'Addresses', 'My reviews', 'My account', 'Profile', 'Account security', 'Account bindings', 'Withdrawals', 'Favourites', 'My coupons', 'Help centre', 'Points orders', 'Balance', 'Frozen funds', 'Points', 'Referrals', 'Referred members', 'Commissions']);
    expect(within(menu).getByRole('link', { name: 'My account' }).getAttribute('aria-current')).toBe('page');
  });
});
