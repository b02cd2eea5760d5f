import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { goods, stores } from '../../server/db/schema';
import { shopChanged } from '../../server/modules/shop/shopChanges';
import { openTestServer, type TestServer } from './helpers';

// index.html as served: the LCP image and route chunks of the home and goods pages, and the
// answers they are rendered with. The server rendering itself is tested in tests/views/ssr.test.tsx
// and, built, in tests/e2e/storefront.test.ts.
let s: TestServer;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  s = await openTestServer();
  const dist = mkdtempSync(join(tmpdir(), 'souk-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), '<html lang="zh-CN"><head><script type="module" src="/assets/entry.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/entry.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
      'src/shop/home/HomePage.tsx': { file: 'assets/home.js', imports: ['index.html', '_card.js'] },
      '_card.js': { file: 'assets/card.js', imports: ['_runtime.js'] },
      'src/shop/goods/GoodsPage.tsx': { file: 'assets/goods.js', imports: ['_card.js'] },
      'virtual:souk-locale/zh-cn': { file: 'assets/zh.js' },
      'virtual:souk-locale/en': { file: 'assets/en.js' },
      'virtual:souk-locale/zh-cn/catalogue': { file: 'assets/zh-catalogue.js' },
      'virtual:souk-locale/zh-cn/forms': { file: 'assets/zh-forms.js' },
      'virtual:souk-locale/en/catalogue': { file: 'assets/en-catalogue.js' },
      'virtual:souk-locale/en/forms': { file: 'assets/en-forms.js' },
    }),
  );
  app = createApp({ database: s.database, db: s.db, config: { ...s.config, distDir: dist } });
});
afterAll(async () => {
  await s.close();
});

const page = async (path: string, language = 'zh-CN,zh;q=0.9') => (await app.request(path, { headers: { 'accept-language': language } })).text();

/** The answers inlined in the page (`<script id="souk-data">`), or null. */
function inlined(html: string): Record<string, unknown> | null {
  const m = /<script type="application\/json" id="souk-data">(.*?)<\/script>/s.exec(html);
  return m ? JSON.parse(m[1]) : null;
}

describe('the page document', () => {
  it('home: the first running banner and the home chunks, not those index.html already loads', async () => {
    const html = await page('/');
    expect(html).toMatch(/<link rel="preload" as="image" href="\/uploads\/seed\/adv\/[^"]+" fetchpriority="high">/);
    expect(html).toContain('<link rel="modulepreload" href="/assets/home.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/card.js">');
    expect(html).not.toContain('modulepreload" href="/assets/entry.js"');
  });

  it('goods page: the first gallery image at 400 px for a visible goods only', async () => {
    const [row] = await s.db.select({ images: goods.goods_images }).from(goods).where(eq(goods.id, 1));
    const first = row.images.split(',')[0].replace(/(\.[a-z]+)$/, '_400$1');
    expect(await page('/goods/1')).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high">`);
    await s.db.update(goods).set({ goods_status: 0 }).where(eq(goods.id, 2));
    const hidden = await page('/goods/2');
    expect(hidden).not.toContain('as="image"');
    expect(hidden).toContain('<link rel="modulepreload" href="/assets/goods.js">');
  });

  it('every page names the message chunk of the visitor\'s language; the goods page also its parts', async () => {
    const stores = await page('/stores');
    expect(stores.match(/<link[^>]*>/g)).toEqual(['<link rel="modulepreload" href="/assets/zh.js">']);
    expect(inlined(stores)).toBeNull();
    expect(await page('/goods/abc', 'en-US,en;q=0.9')).toContain('<link rel="modulepreload" href="/assets/en.js">');
    const goodsPage = await page('/goods/1', 'en-GB');
    for (const file of ['en.js', 'en-catalogue.js', 'en-forms.js']) expect(goodsPage).toContain(`<link rel="modulepreload" href="/assets/${file}">`);
    expect(goodsPage).not.toContain('/assets/zh');
  });

  it('carries the answers the page is rendered with, equal to the API\'s, without the caller\'s ip or cart', async () => {
    const answers = inlined(await page('/'))!;
    expect(Object.keys(answers).sort()).toEqual(['adv:PC_首页幻灯片', 'adv:PC_首页广告', 'adv:PC_首页楼层', 'common', 'home']);
    for (const name of ['PC_首页幻灯片', 'PC_首页广告', 'PC_首页楼层']) {
      expect(answers[`adv:${name}`]).toEqual((await s.call('GET', '/api/adv', { body: { name } })).data);
    }
    expect(answers.home).toEqual((await s.call('GET', '/api/home')).data);
    const { ip, cart, ...common } = (await s.call('GET', '/api/common')).data as Record<string, unknown>;
    expect([typeof ip, typeof cart]).toEqual(['string', 'number']);
    expect(answers.common).toEqual(common);
    const detail = await s.call('GET', '/api/goods/5');
    expect(inlined(await page('/goods/5'))).toEqual({ common, 'goods:5': detail.data });
    expect(inlined(await page('/goods/999999'))).toBeNull();
  });

  it('without a server build, leaves the root to the browser', async () => {
    const html = await page('/');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-ssr');
  });

  it('speaks the visitor\'s language in the html element', async () => {
    expect(await page('/goods/1', 'en-US')).toContain('<html lang="en">');
    expect(await page('/goods/1')).toContain('<html lang="zh-CN">');
  });

  it('keeps a document 5 s, then serves it once more while building the next, unless the catalogue changed', async () => {
    const now = vi.spyOn(Date, 'now');
    try {
      const start = Date.now();
      now.mockReturnValue(start);
      const name = (html: string) => (inlined(html)!['goods:4'] as { goods_name: string }).goods_name;
      const [row] = await s.db.select({ name: goods.goods_name }).from(goods).where(eq(goods.id, 4));
      expect(name(await page('/goods/4'))).toBe(row.name);
      await s.db.update(goods).set({ goods_name: '改名之后' }).where(eq(goods.id, 4));
      now.mockReturnValue(start + 4000);
      expect(name(await page('/goods/4'))).toBe(row.name);
      // a name written behind the consoles' back (no announcement) reaches the goods answer when its
      // kept part expires (DETAIL_REVIEWS_MS, 30 s); the document is served stale meanwhile
      now.mockReturnValue(start + 40_000);
      expect(name(await page('/goods/4'))).toBe(row.name); // stale, while the new one is built
      await vi.waitFor(async () => expect(name(await page('/goods/4'))).toBe('改名之后'));
      // a change announced by the consoles outdates the documents at once
      await s.db.update(goods).set({ goods_name: row.name }).where(eq(goods.id, 4));
      await shopChanged(s.db);
      expect(name(await page('/goods/4'))).toBe(row.name);
    } finally {
      now.mockRestore();
    }
  });

  it('a goods document is never reused once its prices or stock changed (orders announce nothing)', async () => {
    const stock = (html: string) => (inlined(html)!['goods:6'] as { goods_stock: number; goods_price: string });
    const before = stock(await page('/goods/6'));
    await s.db.update(goods).set({ goods_stock: before.goods_stock + 7, goods_price: '55.50' }).where(eq(goods.id, 6));
    const after = stock(await page('/goods/6'));
    expect(after.goods_stock).toBe(before.goods_stock + 7);
    expect(after.goods_price).toBe('55.50');
  });

  it('answers 404, with the app\'s document, where the app shows its not-found page', async () => {
    const status = async (path: string) => {
      const res = await app.request(path, { headers: { 'accept-language': 'zh-CN' } });
      const html = await res.text();
      expect(html).toContain('<div id="root"');
      expect(html).toContain('/assets/entry.js');
      return res.status;
    };
    for (const path of ['/', '/goods/1', '/stores', '/store/1', '/store/join', '/store/step_2', '/carts', '/order/success', '/user', '/user/orders', '/login', '/s', '/s/garbage', '/Admin/login', '/Admin/dashboard', '/Seller/goods', '/Seller/whatever/menu/page']) {
      expect({ path, status: await status(path) }).toEqual({ path, status: 200 });
    }
    for (const path of ['/nope', '/users', '/order/nope', '/Stores', '/goods/999999', '/goods/2147483647', '/goods/99999999999999999999', '/goods/abc', '/goods/0', '/store/999999', '/store/99999999999999999999', '/store/abc']) {
      expect({ path, status: await status(path) }).toEqual({ path, status: 404 });
    }
    // off the shelf (goods 2, hidden above), a closed store: not found, until shown again
    expect(await status('/goods/2')).toBe(404);
    const [store] = await s.db.select({ status: stores.store_status }).from(stores).where(eq(stores.id, 1));
    await s.db.update(stores).set({ store_status: 0 }).where(eq(stores.id, 1));
    await shopChanged(s.db);
    expect(await status('/store/1')).toBe(404);
    expect(await status('/goods/1')).toBe(404);
    await s.db.update(stores).set({ store_status: store.status }).where(eq(stores.id, 1));
    await s.db.update(goods).set({ goods_status: 1 }).where(eq(goods.id, 2));
    await shopChanged(s.db);
    expect(await status('/store/1')).toBe(200);
    expect(await status('/goods/2')).toBe(200);
  });

  it('writes the answers so that no text can end the script element', async () => {
    const [row] = await s.db.select({ name: goods.goods_name }).from(goods).where(eq(goods.id, 3));
    await s.db.update(goods).set({ goods_name: '</script><script>alert(1)</script>' }).where(eq(goods.id, 3));
    const html = await page('/goods/3');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the entry's and the data's own
    expect((inlined(html)!['goods:3'] as { goods_name: string }).goods_name).toBe('</script><script>alert(1)</script>');
    await s.db.update(goods).set({ goods_name: row.name }).where(eq(goods.id, 3));
  });
});
