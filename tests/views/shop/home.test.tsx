import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { decodeSearch } from '../../../src/shop/search/searchState';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { boot, card, commonAnswers } from './catalogueHelpers';

const ad = (id: number, name: string) => ({ id, name, url: `/goods/${id}`, image: `/uploads/seed/ad${id}.jpg` });

describe('home page', () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  it('shows the banner carousel, ads, class flyout and one floor per class with its 查看更多 link', async () => {
    fakeFetch({
      ...commonAnswers(),
      'GET /api/adv': (call: RecordedCall) => {
        const name = new URL(call.url, 'http://x').searchParams.get('name');
        if (name === 'PC_首页幻灯片') return envelope([ad(1, '横幅一'), ad(2, '横幅二')]);
        if (name === 'PC_首页广告') return envelope([ad(3, '广告一'), ad(4, '广告二'), ad(5, '广告三')]);
        return envelope([ad(6, '楼层广告')]);
      },
      'GET /api/home': envelope({ goods: [{ id: 1, name: '数码', goods: [card(10, '手机甲')] }, { id: 2, name: '空类', goods: [card(11, '杂物')] }] }),
    });
    boot('/');
    expect(await screen.findByRole('heading', { name: '数码', level: 2 }, { timeout: 5000 })).toBeTruthy();
    const banner = await screen.findByRole('region', { name: '首页幻灯片' });
    const slides = within(banner).getAllByRole('img', { hidden: true });
    expect(slides[0].getAttribute('loading')).toBe('eager');
    expect(slides[0].getAttribute('fetchpriority')).toBe('high');
    // the banner box has its adverts' 1920×450 ratio: nothing of them is cut (issue 15)
    expect(slides[0].getAttribute('width')).toBe('1920');
    expect(slides[0].getAttribute('height')).toBe('450');
    expect(banner.style.aspectRatio).toBe('1920 / 450');
    expect(slides[1].getAttribute('loading')).toBe('lazy');
    const dot2 = within(banner).getByRole('button', { name: '显示第 2 张' });
    fireEvent.click(dot2);
    expect(dot2.getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(banner).getByRole('button', { name: '下一张' }));
    expect(within(banner).getByRole('button', { name: '显示第 1 张' }).getAttribute('aria-current')).toBe('true');
    expect(await screen.findByRole('img', { name: '广告三' })).toBeTruthy();
    expect(await screen.findAllByRole('img', { name: '楼层广告' })).toHaveLength(1);
    const more = screen.getByRole('link', { name: '查看更多 数码' });
    expect(decodeSearch(more.getAttribute('href')!.slice(3))).toEqual({ pid: 1, class_id: [111, 112, 12] });
    expect(screen.getByRole('link', { name: /手机甲/ }).getAttribute('href')).toBe('/goods/10');
    // flyout: a top class filters by its leaves; third level links carry pid/sid/tid
    const flyout = screen.getByRole('navigation', { name: '全部商品分类' });
    expect(decodeSearch(within(flyout).getByRole('link', { name: '数码' }).getAttribute('href')!.slice(3))).toEqual({ pid: 1, class_id: [111, 112, 12] });
    expect(decodeSearch(within(flyout).getByRole('link', { name: '老人机' }).getAttribute('href')!.slice(3))).toEqual({ pid: 1, sid: 11, tid: 112, class_id: [112] });
    // the nav row's button opens it on phones (pinned open beside the banner on wide screens)
    const toggle = screen.getByRole('button', { name: '全部商品分类' });
    expect(toggle.getAttribute('aria-controls')).toBe(flyout.id);
    expect(flyout.closest('header')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe('page');
  });
});
