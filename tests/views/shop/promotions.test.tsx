import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { defaultSession, sessionsOf, soldPercent } from '../../../src/shop/promotions/sessions';
import type { GroupCard, GroupOffer, SaleCard } from '../../../src/api/promotions';
import { GoodsPromotionsPanel } from '../../../src/shop/promotions/GoodsPromotions';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages } from '../helpers';

const common = {
  'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 0 }),
  'GET /api/cart_count': envelope(0),
};

const sale = (id: number, start: string, end: string, state: SaleCard['state'], extra: Partial<SaleCard> = {}): SaleCard => ({
  id,
  goods_id: 100 + id,
  goods_name: `秒杀商品${id}`,
  goods_master_image: `/uploads/goods/${id}_400.jpg`,
  goods_price: '100.00',
  goods_market_price: '120.00',
  seckill_price: '80.00',
  discount: '20.00',
  stock: 8,
  capped: true,
  sold: 2,
  start_time: start,
  end_time: end,
  starts_in: state === 0 ? 3600 : 0,
  ends_in: state === 1 ? 1800 : state === 0 ? 7200 : 0,
  state,
  ...extra,
});

const NOW = '2026-11-26 12:00:00';
const LIST = [sale(1, '2026-11-26 08:00:00', '2026-11-26 10:00:00', 2), sale(2, '2026-11-26 11:00:00', '2026-11-26 12:30:00', 1), sale(3, '2026-11-26 13:00:00', '2026-11-26 14:00:00', 0)];

function boot(path: string, locale: 'zh-cn' | 'en' = 'zh-cn') {
  window.history.replaceState(null, '', path);
  useMessages(locale);
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}

describe('flash-sale sessions (pure)', () => {
  it('groups today’s sales by start, running first by default, with the seconds to show', () => {
    const sessions = sessionsOf(LIST, NOW);
    expect(sessions.map((s) => [s.label, s.state, s.seconds])).toEqual([
      ['08:00', 'ended', 0],
      ['11:00', 'running', 1800],
      ['13:00', 'upcoming', 3600],
    ]);
    expect(defaultSession(sessions)).toBe('2026-11-26 11:00');
    expect(defaultSession(sessionsOf([LIST[2]], NOW))).toBe('2026-11-26 13:00');
    expect(defaultSession([])).toBeNull();
    expect(sessionsOf([sale(4, '2026-11-25 22:00:00', '2026-11-26 13:00:00', 1)], NOW)[0].label).toBe('11-25 22:00');
    expect(soldPercent({ stock: 8, sold: 2 })).toBe(20);
    expect(soldPercent({ stock: 0, sold: 0 })).toBe(0);
  });
});

describe('/seckills and the group page', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  it('shows the sessions as tabs, the running one chosen with its countdown, and its sales', async () => {
    fakeFetch({ ...common, 'GET /api/seckills': envelope({ now: NOW, list: LIST }) });
    boot('/seckills');
    const tabs = await screen.findByRole('tablist', { name: '秒杀场次' }, { timeout: 8000 });
    const tabList = within(tabs).getAllByRole('tab');
    expect(tabList.map((t) => t.textContent)).toEqual(['08:00已结束', '11:00抢购中', '13:00即将开始']);
    expect(tabList[1].getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('session-timer').textContent).toMatch(/^距结束00 : 30 : 00$/);
    expect(screen.getByRole('timer').className).toContain('tabular-nums');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('秒杀商品2')).toBeTruthy();
    expect(within(panel).getByRole('link').getAttribute('href')).toBe('/goods/102');
    tabList[2].click();
    await waitFor(() => expect(screen.getByTestId('session-timer').textContent).toMatch(/^距开始01 : 00 : 00$/));
  });

  it('says so when there is no sale today, in English too', async () => {
    fakeFetch({ ...common, 'GET /api/seckills': envelope({ now: NOW, list: [] }) });
    boot('/seckills', 'en');
    expect(await screen.findByText('No flash sales today', {}, { timeout: 8000 })).toBeTruthy();
  });

  it('the group page shows the members, the empty seats and the time left; a filled group says so', async () => {
    const group = { id: 5, goods_id: 9, status: 2, need: 3, joined: 2, paid: 1, ends_in: 600, expires_at: '', nickname: 'a***b', avatar: '', goods_name: '拼团商品', goods_master_image: '/x.jpg', goods_price: '100.00', group_price: '75.00', discount: '25.00', members: [{ nickname: 'a***b', avatar: '', paid: true }, { nickname: 'c***d', avatar: '', paid: false }] };
    fakeFetch({ ...common, 'GET /api/collective_groups/5': envelope(group) });
    boot('/collectives/group/5');
    const status = await screen.findByTestId('group-status', {}, { timeout: 8000 });
    expect(status.textContent).toMatch(/^还差 1 人成团距结束00 : 10 : 00$/);
    const members = within(screen.getByRole('list', { name: '团成员' })).getAllByRole('listitem');
    expect(members.map((m) => m.textContent)).toEqual(['aa***b已付款', 'cc***d待付款', '待加入']);

    resetApp('/');
    fakeFetch({ ...common, 'GET /api/collective_groups/5': envelope({ ...group, status: 1, joined: 3, paid: 3 }) });
    boot('/collectives/group/5');
    expect((await screen.findByTestId('group-status', {}, { timeout: 8000 })).textContent).toBe('拼团成功，商家将尽快发货');
  });

  it("a group the shopper is in says so instead of offering to join it, on the goods page and the group page", async () => {
    const offer: GroupOffer = { id: 1, goods_id: 9, goods_name: '拼团商品', goods_master_image: '/x.jpg', goods_price: '100.00', group_price: '75.00', discount: '25.00', need: 3, fill_hours: 48 };
    const group = (id: number, mine: boolean): GroupCard => ({ id, goods_id: 9, status: 2, need: 3, joined: 1, paid: 1, ends_in: 600, expires_at: '', nickname: 'a***b', avatar: '', goods_name: '拼团商品', goods_master_image: '/x.jpg', goods_price: '100.00', group_price: '75.00', discount: '25.00', members: [{ nickname: 'a***b', avatar: '', paid: true }], mine });
    fakeFetch({ ...common, 'GET /api/goods/9/promotions': envelope({ seckill: null, collective: offer, groups: [group(5, true), group(6, false)] }) });
    useMessages('zh-cn');
    renderWithApp(<GoodsPromotionsPanel goodsId={9} initial={{ collectives: offer, collective_list: [group(5, true), group(6, false)] }} onBuy={() => {}} />);
    const list = await screen.findByRole('list', { name: '正在拼的团' });
    const rows = [...list.children] as HTMLElement[];
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).queryByRole('button', { name: '参团' })).toBeNull();
    expect(within(rows[0]).getByText('你已在团中')).toBeTruthy();
    expect(within(rows[1]).getByRole('button', { name: '参团' })).toBeTruthy();

    resetApp('/');
    fakeFetch({ ...common, 'GET /api/collective_groups/5': envelope(group(5, true)) });
    boot('/collectives/group/5');
    await screen.findByTestId('group-status', {}, { timeout: 8000 });
    expect(screen.getByText('你已在团中')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '去参团' })).toBeNull();
  });
});
