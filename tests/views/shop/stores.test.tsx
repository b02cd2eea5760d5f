import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { decodeParam } from '../../../src/shop/shared/params';
import { nextSort } from '../../../src/shop/shared/SortRow';

const nextStoreSort = nextSort<'distance'>;
import { envelope, fakeFetch, formBody, resetApp, type RecordedCall } from '../helpers';
import { boot, card, commonAnswers, login, page } from './catalogueHelpers';

const STORE = {
  id: 3, store_name: '青梧旗舰店', store_logo: '/uploads/seed/logo.jpg', store_slide: ['/uploads/seed/s1.jpg', '/uploads/seed/s2.jpg'], store_company_name: '青梧公司',
  area_info: '北京', store_address: '一号', rate: { scoreAll: 5, agreeAll: 4, serviceAll: 5, speedAll: 3 }, sale_list: [card(6, '热卖一')],
};
const query = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

describe('store front', () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  it('follow toggle updates its label from the server answer (bug 34)', async () => {
    login();
    let fav = false;
    const { calls } = fakeFetch({
      ...commonAnswers(),
      'GET /api/store/3': envelope(STORE),
      'GET /api/goods': envelope(page([card(1, '店内商品')], 41, 1, 40)),
      'GET /api/is_fav': () => envelope(fav),
      'POST /api/user/favorites': () => {
        fav = !fav;
        return envelope({ is_fav: fav });
      },
    });
    boot('/store/3');
    const follow = await screen.findByRole('button', { name: '收藏店铺' }, { timeout: 5000 });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(follow);
    expect(await screen.findByRole('button', { name: '已收藏', pressed: true })).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(formBody(post)).toEqual({ is_type: '1', out_id: '3' });
    fireEvent.click(screen.getByRole('button', { name: '已收藏' }));
    expect(await screen.findByRole('button', { name: '收藏店铺', pressed: false })).toBeTruthy();
    // goods of the store, 40 a page, sorted on demand with page 1
    expect(await screen.findByText('店内商品')).toBeTruthy();
    const first = calls.find((c) => c.url.startsWith('/api/goods?'))!;
    expect(query(first)).toMatchObject({ page: '1', per_page: '40' });
    expect(decodeParam(query(first).params)).toEqual({ store_id: 3 });
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/goods?') && query(c).page === '2')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '销量' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.startsWith('/api/goods?')).at(-1)!;
      expect(query(last).page).toBe('1');
      expect(decodeParam(query(last).params)).toEqual({ store_id: 3, sort_type: 'goods_sale', sort_order: 'desc' });
    });
    expect(screen.getByRole('region', { name: '青梧旗舰店 店铺横幅' })).toBeTruthy();
  });

  // the shop API drops the empty slide slots (splitList; tests/server/seller/store.test.ts), so the page shows what it gets
  it('shows the store slides the API sends', async () => {
    fakeFetch({
      ...commonAnswers(),
      'GET /api/store/3': envelope({ ...STORE, store_slide: ['/uploads/seed/s2.jpg'] }),
      'GET /api/goods': envelope(page([], 0, 1, 40)),
    });
    boot('/store/3');
    const banner = await screen.findByRole('region', { name: '青梧旗舰店 店铺横幅' }, { timeout: 5000 });
    const images = banner.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual(['/uploads/seed/s2.jpg']);
    expect(screen.getByRole('img', { name: '第 1 张，共 1 张' })).toBeTruthy();
  });

  it('shows a default banner (logo, name) when every slot is empty (no slides; issue 15)', async () => {
    fakeFetch({
      ...commonAnswers(),
      'GET /api/store/3': envelope({ ...STORE, store_slide: [] }),
      'GET /api/goods': envelope(page([], 0, 1, 40)),
    });
    boot('/store/3');
    expect((await screen.findAllByRole('heading', { name: '青梧旗舰店' }, { timeout: 5000 })).length).toBeGreaterThan(0);
    const banner = screen.getByRole('region', { name: '青梧旗舰店 店铺横幅' });
    expect(banner.getAttribute('data-testid')).toBe('store-default-banner');
    expect(banner.textContent).toContain('青梧旗舰店');
    expect(banner.querySelector('img')!.getAttribute('src')).toBe('/uploads/seed/logo.jpg');
    expect(screen.queryByRole('region', { name: /轮播|carousel/i })).toBeNull();
  });

  it('shows a 404 state for a closed or unknown store', async () => {
    fakeFetch({ ...commonAnswers(), 'GET /api/store/9': envelope(null, 404, 'not found') });
    boot('/store/9');
    expect(await screen.findByRole('heading', { name: '店铺不存在或已关闭' }, { timeout: 5000 })).toBeTruthy();
  });

  it.each(['99999999999999999999', 'abc'])('treats the id %s, which no store can have, as an unknown store', async (id) => {
    const { calls } = fakeFetch({ ...commonAnswers(), [`GET /api/store/${id}`]: envelope(null, 422, '参数 id 不正确') });
    boot(`/store/${id}`);
    expect(await screen.findByRole('heading', { name: '店铺不存在或已关闭' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/store/'))).toBe(false);
  });
});

describe('store street', () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  it('sort rule: 距离 toggles its direction, 默认 has none to toggle', () => {
    expect(nextStoreSort({}, 'distance')).toEqual({ sort_type: 'distance', sort_order: 'asc' });
    expect(nextStoreSort({ sort_type: 'distance', sort_order: 'asc' }, 'distance')).toEqual({ sort_type: 'distance', sort_order: 'desc' });
    expect(nextStoreSort({ sort_type: 'distance', sort_order: 'desc' }, 'distance')).toEqual({ sort_type: 'distance', sort_order: 'asc' });
    expect(nextStoreSort({ sort_type: 'distance', sort_order: 'desc' })).toEqual({});
    expect(nextStoreSort({})).toEqual({});
  });

  it('lists stores with the API rate and distance, sorts by distance with the stored position', async () => {
    localStorage.setItem('lonlat', '116.4,39.9');
    const { calls } = fakeFetch({
      ...commonAnswers(),
      'GET /api/stores': envelope(page([{ id: 3, store_name: '青梧旗舰店', store_company_name: '青梧公司', area_info: '北京', store_address: '一号', distance: 1.5, rate: 87, goods_count: 4 }])),
    });
    boot('/stores');
    expect(await screen.findByText('好评率：87%', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('距离：1.5 km')).toBeTruthy();
    expect(screen.getByRole('link', { name: '进入店铺 青梧旗舰店' }).getAttribute('href')).toBe('/store/3');
    const storeCalls = () => calls.filter((c) => c.url.startsWith('/api/stores'));
    // the default order has no direction: no arrow, and choosing it again asks for nothing new
    expect(decodeParam(query(storeCalls()[0]).params)).toEqual({});
    expect(screen.getByRole('button', { name: '默认' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '默认' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(storeCalls()).toHaveLength(1);
    expect(screen.getByRole('button', { name: '默认' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '距离' }));
    await waitFor(() => {
      const last = storeCalls().at(-1)!;
      expect(decodeParam(query(last).params)).toEqual({ sort_type: 'distance', sort_order: 'asc' });
      expect(query(last)).toMatchObject({ lng: '116.4', lat: '39.9', page: '1' });
    });
    expect(screen.getByRole('button', { name: '距离 （升序）' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /默认/ }));
    await waitFor(() => expect(decodeParam(query(storeCalls().at(-1)!).params)).toEqual({}));
    expect(screen.getByRole('button', { name: '默认' }).getAttribute('aria-pressed')).toBe('true');
  });
});
