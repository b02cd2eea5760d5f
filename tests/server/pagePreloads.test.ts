import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { goods } from '../../server/db/schema';
import { openTestServer, type TestServer } from './helpers';

// index.html names the LCP image and the route's chunks for the home and goods pages.
let s: TestServer;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  s = await openTestServer();
  const dist = mkdtempSync(join(tmpdir(), 'souk-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), '<html><head><script type="module" src="/assets/entry.js"></script></head><body></body></html>');
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/entry.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
      'src/shop/home/HomePage.tsx': { file: 'assets/home.js', imports: ['index.html', '_card.js'] },
      '_card.js': { file: 'assets/card.js', imports: ['_runtime.js'] },
      'src/shop/goods/GoodsPage.tsx': { file: 'assets/goods.js', imports: ['_card.js'] },
    }),
  );
  app = createApp({ database: s.database, db: s.db, config: { ...s.config, distDir: dist } });
});
afterAll(async () => {
  await s.close();
});

const page = async (path: string) => (await app.request(path)).text();

describe('preload hints in index.html', () => {
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

  it('other pages get index.html unchanged', async () => {
    expect(await page('/stores')).not.toContain('<link');
    expect(await page('/goods/abc')).not.toContain('<link');
  });
});
