import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCommitted } from '../../../src/app/navigation';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { keywordsFromSearchPath, searchPath } from '../../../src/shop/layout/searchParam';
import { decodeParam } from '../../../src/shop/shared/params';
import { apiParams, decodeSearch, encodeSearch, pickClass, pickSort, readSearch, searchHref, type SearchState } from '../../../src/shop/search/searchState';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { BRANDS, CLASSES, boot, card, commonAnswers, page } from './catalogueHelpers';

const paramOf = (path: string) => decodeSearch(path.replace(/^\/s\//, ''));
const goodsCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.startsWith('/api/goods?'));
const queryOf = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

describe('search state', () => {
  it('round-trips every key, Chinese keywords included, and URI-encodes keywords inside the JSON', () => {
    const state: SearchState = { keywords: '手机 壳/100%', pid: 1, sid: 11, tid: 111, class_id: [111], brand_id: 7, sort_type: 'goods_price', sort_order: 'desc', page: 3 };
    expect(decodeSearch(encodeSearch(state))).toEqual(state);
    const href = searchHref(state);
    expect(href).toMatch(/^\/s\/[^/]+$/);
    expect(paramOf(href)).toEqual(state);
    const raw = decodeParam<Record<string, unknown>>(href.slice(3))!;
    expect(raw.keywords).toBe(encodeURIComponent('手机 壳/100%'));
    // the header's own encoder and reader agree with the page's
    expect(decodeSearch(searchPath('蓝牙 耳机').slice(3)).keywords).toBe('蓝牙 耳机');
    expect(keywordsFromSearchPath(searchHref({ keywords: '耳机', pid: 1 }))).toBe('耳机');
  });

  it('tells what it could not read: nothing, some keys or the whole link', () => {
    const raw = (value: unknown) => encodeURIComponent(btoa(JSON.stringify(value)));
    expect(readSearch(undefined)).toEqual({ state: {}, unread: 'none' });
    expect(readSearch(raw({ keywords: '', brand_id: 0, sort_order: 'asc', page: 1 }))).toEqual({ state: {}, unread: 'none' });
    expect(readSearch('garbage')).toEqual({ state: {}, unread: 'all' });
    expect(readSearch('%%%')).toEqual({ state: {}, unread: 'all' });
    expect(readSearch(raw([1]))).toEqual({ state: {}, unread: 'all' });
    expect(readSearch(raw({ class_id: 'x' }))).toEqual({ state: {}, unread: 'some' });
    expect(readSearch(raw({ class_id: [111, 'x'], keywords: 'a' }))).toEqual({ state: { class_id: [111], keywords: 'a' }, unread: 'some' });
    expect(readSearch(raw({ sort_type: 'zzz' }))).toEqual({ state: {}, unread: 'some' });
    expect(readSearch(raw({ sort_type: 'goods_price', sort_order: 'up' }))).toEqual({ state: { sort_type: 'goods_price', sort_order: 'asc' }, unread: 'some' });
    expect(readSearch(raw({ brand_id: -3 })).unread).toBe('some');
    expect(readSearch(raw({ page: 'two' })).unread).toBe('some');
    expect(readSearch(raw({ colour: 'red' })).unread).toBe('some');
    // a sort key always carries the direction the API is asked for; the default order none
    expect(readSearch(raw({ sort_type: 'goods_sale' })).state).toEqual({ sort_type: 'goods_sale', sort_order: 'asc' });
    expect(readSearch(raw({ sort_order: 'desc' })).state).toEqual({});
  });

  it('reads a keyword over 60 characters as its first 60 and says it shortened it', () => {
    const long = 'wireless noise cancelling bluetooth headphones with long battery life';
    expect(long.length).toBeGreaterThan(60);
    const read = readSearch(encodeSearch({ keywords: long, brand_id: 7 }));
    expect(read).toEqual({ state: { keywords: long.slice(0, 60).trim(), brand_id: 7 }, unread: 'none', shortened: true });
    // characters, not UTF-16 units: 61 emoji are cut at 60 whole ones
    const emoji = '🎧'.repeat(61);
    expect([...readSearch(encodeSearch({ keywords: emoji })).state.keywords!]).toHaveLength(60);
    // 60 exactly (spaces around do not count) is read as it is
    expect(readSearch(encodeSearch({ keywords: ` ${'耳'.repeat(60)} ` }))).toEqual({ state: { keywords: '耳'.repeat(60) }, unread: 'none' });
    expect(keywordsFromSearchPath(searchHref({ keywords: long }))).toBe(long.slice(0, 60));
  });

  it('drops garbage instead of throwing, and keeps page 1 out of the param', () => {
    expect(decodeSearch('%%%not-base64')).toEqual({});
    expect(decodeSearch(btoa('[1,2]'))).toEqual({});
    expect(decodeSearch(btoa(JSON.stringify({ pid: 'x', class_id: 5, sort_type: 'evil', page: 1 })))).toEqual({ class_id: [5] });
    expect(decodeParam(encodeSearch({ page: 1 }))).toEqual({});
  });

  it('applies the fixed class rules: 全部 clears lower levels, childless classes work, page resets', () => {
    const deep: SearchState = { keywords: 'x', pid: 1, sid: 11, tid: 111, class_id: [111], page: 4 };
    expect(pickClass(deep, CLASSES, 0)).toEqual({ keywords: 'x' });
    expect(pickClass(deep, CLASSES, 1)).toEqual({ keywords: 'x', pid: 1, class_id: [111, 112, 12] });
    expect(pickClass(deep, CLASSES, 2)).toEqual({ keywords: 'x', pid: 1, sid: 11, class_id: [111, 112] });
    expect(pickClass(deep, CLASSES, 0, CLASSES[1])).toEqual({ keywords: 'x', pid: 2, class_id: [2] });
    expect(pickClass({}, CLASSES, 1, CLASSES[0].children![1])).toEqual({ pid: 1, sid: 12, class_id: [12] });
    expect(pickClass({ pid: 1 }, CLASSES, 2, CLASSES[0].children![0].children![1])).toEqual({ pid: 1, sid: 11, tid: 112, class_id: [112] });
  });

  it('sorts as screens §3.5 says and sends only contract keys to the API', () => {
    const priced = pickSort({ page: 2 }, 'goods_price');
    expect(priced).toEqual({ sort_type: 'goods_price', sort_order: 'asc' });
    expect(pickSort(priced, 'goods_price').sort_order).toBe('desc');
    // sales and reviews start from the most (issue 15), then toggle
    const bySales = pickSort(priced, 'goods_sale');
    expect(bySales).toEqual({ sort_type: 'goods_sale', sort_order: 'desc' });
    expect(pickSort(bySales, 'goods_sale').sort_order).toBe('asc');
    expect(pickSort(priced, 'order_comment_count')).toEqual({ sort_type: 'order_comment_count', sort_order: 'desc' });
    // 默认 has no direction: it drops the key and its direction, and choosing it again changes nothing
    expect(pickSort({ ...priced, sort_order: 'desc' })).toEqual({});
    expect(pickSort({})).toEqual({});
    expect(pickSort({ sort_type: 'goods_price' }, 'goods_price').sort_order).toBe('desc');
    expect(decodeParam(apiParams({ keywords: '手机', pid: 1, sid: 11, class_id: [111], page: 2 }))).toEqual({ keywords: encodeURIComponent('手机'), class_id: [111] });
  });
});

describe('search page', () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  it('loads the goods of the route state, pre-fills the header box and navigates on filter clicks', async () => {
    const { calls } = fakeFetch({ ...commonAnswers(), 'GET /api/goods': envelope(page([card(1, '红米手机'), card(2, '老人机 A')], 62)) });
    const start: SearchState = { keywords: '手机', brand_id: 8, page: 2 };
    boot(searchHref(start));
    expect(await screen.findByText('红米手机', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('2 人评论')).toHaveLength(2);
    const call = goodsCalls(calls)[0];
    expect(queryOf(call)).toMatchObject({ page: '2', per_page: '30' });
    expect(decodeParam(queryOf(call).params)).toEqual({ keywords: encodeURIComponent('手机'), brand_id: 8 });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('手机');
    expect(screen.getAllByText('搜索 “手机” 结果列表').length).toBeGreaterThan(0);

    // top class: pid + its leaves, page back to 1, keywords and brand kept
    fireEvent.click(await screen.findByRole('link', { name: '数码' }));
    await waitFor(() => expect(paramOf(getCommitted().path)).toEqual({ keywords: '手机', brand_id: 8, pid: 1, class_id: [111, 112, 12] }));
    // second level appears; a childless one filters by itself
    fireEvent.click(await screen.findByRole('link', { name: '配件' }));
    await waitFor(() => expect(paramOf(getCommitted().path)).toEqual({ keywords: '手机', brand_id: 8, pid: 1, sid: 12, class_id: [12] }));
    // brand 全部 and another brand
    fireEvent.click(screen.getByRole('link', { name: BRANDS[0].name }));
    await waitFor(() => expect(paramOf(getCommitted().path).brand_id).toBe(7));
    // sort by price, then again → desc
    fireEvent.click(screen.getByRole('link', { name: '价格' }));
    await waitFor(() => expect(paramOf(getCommitted().path)).toMatchObject({ sort_type: 'goods_price', sort_order: 'asc' }));
    fireEvent.click(await screen.findByRole('link', { name: /价格.*升序/ }));
    await waitFor(() => expect(paramOf(getCommitted().path)).toMatchObject({ sort_type: 'goods_price', sort_order: 'desc' }));
    // 全部 of the class row clears pid and sid (bug 27)
    const classRow = screen.getByText('商品分类').parentElement!;
    fireEvent.click(within(classRow).getByRole('link', { name: '全部' }));
    await waitFor(() => {
      const state = paramOf(getCommitted().path);
      expect(state.pid).toBeUndefined();
      expect(state.sid).toBeUndefined();
      expect(state.class_id).toBeUndefined();
    });
    // every navigation re-fetched with the new params
    await waitFor(() => expect(goodsCalls(calls).length).toBeGreaterThanOrEqual(6));
  });

  it('pagination goes to the next page of the same state', async () => {
    fakeFetch({ ...commonAnswers(), 'GET /api/goods': envelope(page([card(1, '甲')], 62)) });
    boot(searchHref({ keywords: '甲' }));
    await screen.findByText('甲 副标题');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(paramOf(getCommitted().path)).toEqual({ keywords: '甲', page: 2 }));
  });

  it('shows the empty state, and an error state with retry', async () => {
    let fail = true;
    fakeFetch({ ...commonAnswers(), 'GET /api/goods': () => (fail ? { status: 500, body: 'x' } : envelope(page([]))) });
    boot(searchHref({ keywords: '无' }));
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('没有找到相关商品')).toBeTruthy();
  });

  it.each([
    ['garbage', 'garbage', '无法识别这个搜索链接'],
    ['%%%', '%%%', '无法识别这个搜索链接'],
    ['{"class_id":"x"}', encodeURIComponent(btoa('{"class_id":"x"}')), '有无法识别的条件'],
    ['{"sort_type":"zzz"}', encodeURIComponent(btoa('{"sort_type":"zzz"}')), '有无法识别的条件'],
  ])('says so when the link %s cannot be read, and still lists goods', async (_name, param, notice) => {
    const { calls } = fakeFetch({ ...commonAnswers(), 'GET /api/goods': envelope(page([card(1, '甲')], 62)) });
    boot(`/s/${param}`);
    expect(await screen.findByText('甲 副标题', {}, { timeout: 5000 })).toBeTruthy();
    const status = screen.getAllByRole('status').find((el) => el.textContent?.includes(notice))!;
    expect(status).toBeTruthy();
    expect(within(status).getByRole('link', { name: '查看全部商品' }).getAttribute('href')).toBe('/s');
    expect(decodeParam(queryOf(goodsCalls(calls)[0]).params)).toEqual({});
  });

  it('says nothing about a link it reads entirely', async () => {
    fakeFetch({ ...commonAnswers(), 'GET /api/goods': envelope(page([card(1, '甲')], 62)) });
    boot(searchHref({ keywords: '甲', sort_type: 'goods_sale', sort_order: 'desc' }));
    await screen.findByText('甲 副标题', {}, { timeout: 5000 });
    expect(screen.queryByText(/无法识别/)).toBeNull();
  });

  it('a page past the last one says so and leads back to the last page', async () => {
    fakeFetch({ ...commonAnswers(), 'GET /api/goods': envelope(page([], 62, 999)) });
    boot(searchHref({ keywords: '甲', page: 999 }));
    expect(await screen.findByText('没有第 999 页：共 62 件商品，3 页。', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('没有找到相关商品')).toBeNull();
    const last = screen.getByRole('link', { name: '前往最后一页（第 3 页）' });
    expect(paramOf(last.getAttribute('href')!)).toEqual({ keywords: '甲', page: 3 });
    // the pager is there too: its previous-page button goes to the last page
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    await waitFor(() => expect(paramOf(getCommitted().path)).toEqual({ keywords: '甲', page: 3 }));
  });

  it('a link with a keyword over 60 characters keeps the page usable: a notice, the filters and the results of its first 60', async () => {
    const long = 'wireless noise cancelling bluetooth headphones with long battery life';
    const { calls } = fakeFetch({
      ...commonAnswers(),
      // the API refuses more than 60 characters, naming the field
      'GET /api/goods': (call) => {
        const sent = decodeURIComponent(String(decodeParam<{ keywords?: string }>(queryOf(call).params)?.keywords ?? ''));
        return [...sent].length > 60 ? envelope({ field: 'keywords' }, 422, 'keywords 最多 60 个字符。') : envelope(page([card(1, '降噪耳机')], 1));
      },
    });
    boot(searchHref({ keywords: long }));
    expect(await screen.findByText('降噪耳机', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('搜索词最多 60 个字符，已按前 60 个字符搜索。')).toBeTruthy();
    expect(screen.queryByText(/keywords/)).toBeNull();
    expect(screen.getByText('商品分类')).toBeTruthy();
    expect(decodeURIComponent(String(decodeParam<{ keywords: string }>(queryOf(goodsCalls(calls)[0]).params)!.keywords))).toBe(long.slice(0, 60).trim());
    // the header box holds at most 60 characters, and shows the first 60 of such a link
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    expect(box.maxLength).toBe(60);
    expect(box.value).toBe(long.slice(0, 60));
  });

  it('keeps the filter rows when the results fail to load', async () => {
    fakeFetch({ ...commonAnswers(), 'GET /api/goods': { status: 500, body: 'x' } });
    boot(searchHref({ keywords: '无' }));
    expect(await screen.findByRole('button', { name: '重试' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('商品分类')).toBeTruthy();
    expect(screen.getByRole('link', { name: '数码' })).toBeTruthy();
  });

  it('Enter in the header search box goes to the search page', async () => {
    fakeFetch({ ...commonAnswers(), 'GET /api/goods': envelope(page([])) });
    boot(searchHref({}));
    const box = (await screen.findByRole('searchbox')) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '耳机' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(paramOf(getCommitted().path)).toEqual({ keywords: '耳机' }));
  });
});
