import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adv_spaces, advs, goods, stores } from '../db/schema';
import { imageList, thumbUrl } from '../modules/catalogue/images';

/**
 * Preload hints for the pages whose largest paint is an image found only after the app has
 * loaded and asked the API (the home banner, the goods gallery): index.html for those paths
 * names the image and the route's chunks at once, which cuts the request chain by three steps.
 * Answers are kept PRELOAD_TTL_MS per path (at most MAX_PATHS paths).
 */
const PRELOAD_TTL_MS = 5000;
const MAX_PATHS = 2000;
const BANNER_SPACE = 'PC_首页幻灯片';

interface Manifest {
  [key: string]: { file: string; imports?: string[] };
}

function chunksOf(manifest: Manifest | null, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    const entry = manifest?.[k];
    if (!entry || seen.has(k)) return;
    seen.add(k);
    entry.imports?.forEach(visit);
  };
  visit(key);
  return [...seen].filter((k) => k !== 'index.html').map((k) => `/${manifest![k].file}`);
}

async function bannerImage(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ image: advs.image })
    .from(advs)
    .innerJoin(adv_spaces, eq(adv_spaces.id, advs.pid))
    .where(and(eq(adv_spaces.name, BANNER_SPACE), eq(advs.status, 1), lte(advs.adv_start, sql`now()`), gt(advs.adv_end, sql`now()`), isNull(advs.deleted_at)))
    .orderBy(desc(advs.is_sort), desc(advs.id))
    .limit(1);
  return row?.image || null;
}

async function goodsImage(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ images: goods.goods_images, master: goods.goods_master_image })
    .from(goods)
    .innerJoin(stores, eq(stores.id, goods.store_id))
    .where(
      and(
        eq(goods.id, id),
        sql`${goods.goods_status} = 1 and ${goods.goods_verify} = 1 and ${goods.deleted_at} is null`,
        sql`${stores.store_status} = 1 and ${stores.store_verify} = 4 and ${stores.deleted_at} is null`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const first = imageList(row.images)[0] || row.master;
  return first ? thumbUrl(first, 400) : null;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function pagePreloads(distDir: string, indexHtml: string) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest | null = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null;
  const routes: { pattern: RegExp; chunks: string[]; image: (db: Db, m: RegExpExecArray) => Promise<string | null> }[] = [
    { pattern: /^\/$/, chunks: chunksOf(manifest, 'src/shop/home/HomePage.tsx'), image: (db) => bannerImage(db) },
    {
      pattern: /^\/goods\/(\d{1,9})$/,
      chunks: chunksOf(manifest, 'src/shop/goods/GoodsPage.tsx'),
      image: (db, m) => goodsImage(db, Number(m[1])),
    },
  ];
  const cache = new Map<string, { at: number; tags: Promise<string> }>();

  async function build(db: Db, path: string): Promise<string> {
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const image = await route.image(db, match).catch(() => null);
      const tags = route.chunks.filter((file) => !indexHtml.includes(`"${file}"`)).map((file) => `<link rel="modulepreload" href="${attr(file)}">`);
      if (image) tags.unshift(`<link rel="preload" as="image" href="${attr(image)}" fetchpriority="high">`);
      return tags.join('');
    }
    return '';
  }

  /** The `<link>` tags to put in the head of index.html for this path ('' for most pages). */
  return function preloadsFor(db: Db, path: string): Promise<string> {
    if (!routes.some((route) => route.pattern.test(path))) return Promise.resolve('');
    const hit = cache.get(path);
    if (hit && Date.now() - hit.at <= PRELOAD_TTL_MS) return hit.tags;
    cache.delete(path);
    if (cache.size >= MAX_PATHS) cache.delete(cache.keys().next().value!);
    const tags = build(db, path);
    cache.set(path, { at: Date.now(), tags });
    return tags;
  };
}
