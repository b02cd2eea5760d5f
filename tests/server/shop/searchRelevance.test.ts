import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordTerms } from '../../../server/modules/shop/goodsSearch';
import { openTestServer, type TestServer } from '../helpers';
import { params } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

interface Card {
  id: number;
  goods_name: string;
}
const search = async (p: Record<string, unknown>) => {
  const res = await s.call<{ data: Card[] }>('GET', `/api/goods?per_page=100&params=${encodeURIComponent(params(p))}`);
  expect(res.code).toBe(200);
  return res.data.data.map((g) => g.goods_name);
};

/** Issue 15: name matches rank above subtitle matches; a class's name finds its goods. */
describe('search relevance (seeded catalogue)', () => {
  it('手机: the goods named so come first, those that only mention it in their subtitle after', async () => {
    const names = await search({ keywords: '手机' });
    const named = names.filter((n) => n.includes('手机'));
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(names.slice(0, named.length)).toEqual(named);
    const lamp = names.findIndex((n) => n.includes('吸顶灯'));
    const printer = names.findIndex((n) => n.includes('打印机'));
    expect(lamp).toBeGreaterThanOrEqual(named.length);
    expect(printer).toBeGreaterThanOrEqual(named.length);
  });

  it('蓝牙耳机 also finds the goods of the class of that name, whose own name lacks it', async () => {
    const names = await search({ keywords: '蓝牙耳机' });
    expect(names[0]).toContain('蓝牙耳机');
    expect(names).toContain('声岚 Studio Max 头戴式降噪耳机');
  });

  it('a chosen sort still wins over relevance', async () => {
    const res = await s.call<{ data: { goods_sale: number }[] }>('GET', `/api/goods?per_page=100&params=${encodeURIComponent(params({ keywords: '手机', sort_type: 'goods_sale', sort_order: 'desc' }))}`);
    const sales = res.data.data.map((g) => g.goods_sale);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('splits the keywords into words', () => {
    expect(keywordTerms(' 蓝牙  耳机，Pro ')).toEqual(['蓝牙', '耳机', 'pro']);
    expect(keywordTerms('')).toEqual([]);
  });
});
