import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client';
import { advertsOf } from '../modules/content/advs';
import { goodsDetailOf } from '../modules/shop/goodsDetail';

/**
 * What index.html carries beyond the built file, so the first paint waits on no chain of
 * requests: every page names the message chunk of the visitor's language; the pages whose largest
 * paint is an image found only through the API (the home banner, the goods gallery) also name
 * that image and their route's chunks, and carry the API answers their first paint needs.
 * Kept PRELOAD_TTL_MS per path and language (at most MAX_PATHS).
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

type Inlined = Record<string, unknown>;
interface PageData { image: string | null; inlined: Inlined }

async function homeData(db: Db): Promise<PageData> {
  const banner = await advertsOf(db, BANNER_SPACE);
  return { image: banner[0]?.image || null, inlined: { [`adv:${BANNER_SPACE}`]: banner } };
}

async function goodsData(db: Db, id: number): Promise<PageData> {
  const detail = await goodsDetailOf(db, id);
  return { image: detail.goods_images_thumb_400[0] ?? null, inlined: { [`goods:${id}`]: detail } };
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON safe inside a script element: no `</script>` or `<!--` can appear. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The app's language for a request: as src/app/locale.ts picks it from the browser language. */
export function localeOf(acceptLanguage: string | undefined): 'zh-cn' | 'en' {
  const first = (acceptLanguage ?? '').split(',')[0].trim().toLowerCase();
  return first.startsWith('en') ? 'en' : 'zh-cn';
}

type Part = 'catalogue' | 'forms';

export function pagePreloads(distDir: string, indexHtml: string) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest | null = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null;
  const routes: { pattern: RegExp; chunks: string[]; parts: Part[]; data: (db: Db, m: RegExpExecArray) => Promise<PageData> }[] = [
    { pattern: /^\/$/, chunks: chunksOf(manifest, 'src/shop/home/HomePage.tsx'), parts: [], data: (db) => homeData(db) },
    {
      pattern: /^\/goods\/(\d{1,9})$/,
      chunks: chunksOf(manifest, 'src/shop/goods/GoodsPage.tsx'),
      parts: ['catalogue', 'forms'],
      data: (db, m) => goodsData(db, Number(m[1])),
    },
  ];
  /** The storefront's messages (and a route's message parts) load before its first paint. */
  const messages = (locale: string, parts: Part[]) =>
    [locale, ...parts.map((part) => `${locale}/${part}`)].flatMap((key) => chunksOf(manifest, `virtual:souk-locale/${key}`));
  const link = (file: string) => `<link rel="modulepreload" href="${attr(file)}">`;
  const notInIndex = (file: string) => !indexHtml.includes(`"${file}"`);
  const cache = new Map<string, { at: number; tags: Promise<string> }>();

  async function build(db: Db, path: string, locale: string): Promise<string> {
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const page = await route.data(db, match).catch(() => null);
      const tags = [...messages(locale, route.parts), ...route.chunks].filter(notInIndex).map(link);
      if (page?.image) tags.unshift(`<link rel="preload" as="image" href="${attr(page.image)}" fetchpriority="high">`);
      if (page) tags.push(`<script type="application/json" id="souk-data">${scriptJson(page.inlined)}</script>`);
      return tags.join('');
    }
    return messages(locale, []).filter(notInIndex).map(link).join('');
  }

  /**
   * What to put in the head of index.html for this path: the message chunks of the visitor's
   * language, and for the home and goods pages their route chunks, their largest image and the
   * API answers their first paint needs (read by src/api/inlined.ts instead of a request).
   */
  return function preloadsFor(db: Db, path: string, acceptLanguage?: string): Promise<string> {
    const locale = localeOf(acceptLanguage);
    const key = routes.some((route) => route.pattern.test(path)) ? `${locale} ${path}` : locale;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at <= PRELOAD_TTL_MS) return hit.tags;
    cache.delete(key);
    if (cache.size >= MAX_PATHS) cache.delete(cache.keys().next().value!);
    const tags = build(db, path, locale);
    cache.set(key, { at: Date.now(), tags });
    return tags;
  };
}
