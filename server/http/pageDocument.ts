import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client';
import { advertsOf } from '../modules/content/advs';
import { publicSettingsOf } from '../modules/common/service';
import { catalogueOf } from '../modules/shop/classes';
import { goodsDetailOf } from '../modules/shop/goodsDetail';
import { homeOf } from '../modules/shop/home';
import { followShopChanges, shopGeneration } from '../modules/shop/shopChanges';
import { deferScripts } from './deferScripts';
import { ApiError, fail } from './envelope';
import { pathKind, rowIdOf, rowIsPublic, type PathKind } from './pageRoutes';
import type { PageRenderer, RenderPart } from './serverRender';

/**
 * index.html as served for a page path, with its HTTP status: 404 where the app shows its
 * not-found page (a path of no route, an unknown or hidden goods or store: pageRoutes.ts), else
 * 200. So that the first paint waits on no chain of requests:
 * every page names the message chunk of the visitor's language. The home page and a goods page,
 * whose largest paint is an image found only through the API, are also rendered on the server
 * (src/ssr/render.tsx) with the API answers they show, which travel along in
 * `<script id="souk-data">` for the browser to hydrate with; they name their largest image and
 * their route's chunks too. Kept PAGE_TTL_MS per path and language (at most MAX_PATHS), then
 * served up to STALE_MS while rebuilt, unless the catalogue changed meanwhile (shop_changes): the
 * document holds nobody's own data (no login state, cart count or ip).
 */
const PAGE_TTL_MS = 5000;
const STALE_MS = 60_000;
// a goods page document is ~30 KB: at most ~15 MB of documents
const MAX_PATHS = 500;
const BANNER = 'PC_首页幻灯片';
const HOME_ADVERT_SPACES = [BANNER, 'PC_首页广告', 'PC_首页楼层'];

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

/** A page's document and the HTTP status it is sent with. */
export interface PageAnswer { html: string; status: 200 | 404 }

type Answers = Record<string, unknown>;
interface PageData { image: string | null; answers: Answers }

/** GET /api/common's answer without the caller's own part (ip, cart count). */
async function commonAnswer(db: Db) {
  const [common, catalogue] = await Promise.all([publicSettingsOf(db), catalogueOf(db)]);
  return { classes: catalogue.tree, brands: catalogue.brands, common };
}

async function homeData(db: Db): Promise<PageData> {
  const [common, home, ...spaces] = await Promise.all([commonAnswer(db), homeOf(db), ...HOME_ADVERT_SPACES.map((space) => advertsOf(db, space))]);
  const answers: Answers = { common, home };
  HOME_ADVERT_SPACES.forEach((space, i) => (answers[`adv:${space}`] = spaces[i]));
  return { image: spaces[0][0]?.image || null, answers };
}

/** `id` as pageRoutes.ts rowIdOf reads it: 0 when no row can have it. */
async function goodsData(db: Db, id: number): Promise<PageData> {
  if (!id) throw fail('shop.goodsNotFound', undefined, 404);
  const [common, detail] = await Promise.all([commonAnswer(db), goodsDetailOf(db, id)]);
  return { image: detail.goods_images_thumb_400[0] ?? null, answers: { common, [`goods:${id}`]: detail } };
}

const GOODS_PATH = /^\/goods\/([1-9]\d{0,9})$/;

/** For a goods page: its prices, stock, sales, SKU prices and stock and its open groups' seats now ('' for other pages, '-' when not shown). */
async function liveOf(db: Db, path: string): Promise<string> {
  const match = GOODS_PATH.exec(path);
  if (!match) return '';
  const id = rowIdOf(match[1]);
  if (!id) return '-';
  const detail = await goodsDetailOf(db, id).catch(() => null);
  if (!detail) return '-';
  const { goods_price, goods_market_price, goods_stock, goods_sale, goods_collect, skuList, collective_list } = detail;
  return JSON.stringify([
    goods_price,
    goods_market_price,
    goods_stock,
    goods_sale,
    goods_collect,
    skuList.map((k) => [k.id, k.goods_price, k.goods_market_price, k.goods_stock]),
    collective_list.map((g) => [g.id, g.joined, g.paid]),
  ]);
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON safe inside a script element: no `</script>` or `<!--` can appear. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The app's language for a request: as src/app/locale.ts picks it from the browser language. */
export function localeOf(acceptLanguage: string | undefined): 'zh-cn' | 'en' {
  const first = (acceptLanguage ?? '').split(',')[0].trim().toLowerCase();
  return first.startsWith('en') ? 'en' : 'zh-cn';
}

interface RoutePage {
  pattern: RegExp;
  /** A path the renderer is warmed with. */
  example: string;
  chunks: string[];
  parts: RenderPart[];
  data: (db: Db, m: RegExpExecArray) => Promise<PageData>;
}

/** The server-rendered pages: their paths, chunks and message parts (src/app/App.tsx loads the same). */
export const RENDERED_PAGES: Omit<RoutePage, 'chunks'>[] = [
  { pattern: /^\/$/, example: '/', parts: [], data: (db) => homeData(db) },
  { pattern: /^\/goods\/([1-9]\d{0,9})$/, example: '/goods/1', parts: ['catalogue', 'forms', 'promo'], data: (db, m) => goodsData(db, rowIdOf(m[1])) },
];
const ROUTE_MODULES = ['src/shop/home/HomePage.tsx', 'src/shop/goods/GoodsPage.tsx'];

export function pageDocument(distDir: string, indexHtml: string, renderer: Promise<PageRenderer | null>) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest | null = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null;
  const routes: RoutePage[] = RENDERED_PAGES.map((page, i) => ({ ...page, chunks: chunksOf(manifest, ROUTE_MODULES[i]) }));
  /** The storefront's messages (and a route's message parts) load before its first paint. */
  const messages = (locale: string, parts: RenderPart[]) =>
    [locale, ...parts.map((part) => `${locale}/${part}`)].flatMap((key) => chunksOf(manifest, `virtual:souk-locale/${key}`));
  const link = (file: string) => `<link rel="modulepreload" href="${attr(file)}">`;
  const notInIndex = (file: string) => !indexHtml.includes(`"${file}"`);
  const cache = new Map<string, { at: number; generation: number; live: string; html: Promise<PageAnswer> }>();

  /** index.html with these head tags, and a rendered root whose scripts wait for its paint. */
  function assemble(locale: 'zh-cn' | 'en', head: string[], rendered: { root: string; parts: RenderPart[]; chunks: string[] } | null): string {
    let html = indexHtml;
    if (locale === 'en') html = html.replace('<html lang="zh-CN">', '<html lang="en">');
    if (rendered) {
      const dataset = `data-ssr="${locale}"${rendered.parts.length ? ` data-parts="${rendered.parts.join(',')}"` : ''}`;
      html = deferScripts(html.replace('<div id="root"></div>', `<div id="root" ${dataset}>${rendered.root}</div>`), rendered.chunks);
    }
    return html.replace('</head>', `${head.join('')}</head>`);
  }

  async function build(db: Db, path: string, search: string, locale: 'zh-cn' | 'en', kind: PathKind | null): Promise<PageAnswer> {
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const chunks = [...messages(locale, route.parts), ...route.chunks].filter(notInIndex);
      let missing = false;
      const page = await route.data(db, match).catch((error: unknown) => {
        missing = error instanceof ApiError && error.code === 404;
        return null;
      });
      // the app shows its not-found state for an unknown or hidden goods: so does the status
      if (!page) return { html: assemble(locale, chunks.map(link), null), status: missing ? 404 : 200 };
      let root: string | null = null;
      try {
        root = (await renderer)?.render({ path, search, locale, parts: route.parts, data: page.answers }) ?? null;
      } catch (error) {
        console.error('[souk] server rendering failed, the browser renders', path, error);
      }
      const head = [
        ...(page.image ? [`<link rel="preload" as="image" href="${attr(page.image)}" fetchpriority="high">`] : []),
        // a rendered page loads its chunks after its paint (deferScripts); otherwise now
        ...(root === null ? chunks.map(link) : []),
        `<script type="application/json" id="souk-data">${scriptJson(page.answers)}</script>`,
      ];
      return { html: assemble(locale, head, root === null ? null : { root, parts: route.parts, chunks }), status: 200 };
    }
    const html = assemble(locale, messages(locale, []).filter(notInIndex).map(link), null);
    if (!kind || 'status' in kind) return { html, status: kind?.status ?? 200 };
    return { html, status: (await rowIsPublic(db, kind)) ? 200 : 404 };
  }

  /**
   * The document for this page path and Accept-Language. A document older than PAGE_TTL_MS but
   * younger than STALE_MS is served while a fresh one is built for the next visitor, so a
   * visitor waits for a build (data and rendering) only on a cold path.
   */
  return async function documentFor(db: Db, path: string, acceptLanguage?: string): Promise<PageAnswer> {
    const locale = localeOf(acceptLanguage);
    const rendered = routes.some((route) => route.pattern.test(path));
    const kind = rendered ? null : pathKind(path);
    // the rendered pages do not read the query: it is no part of the key (nor a way to fill the
    // cache); a row's page (its status) is kept per path, every other page per status
    const perPath = rendered || (kind !== null && 'row' in kind);
    const key = perPath ? `${locale} ${path}` : `${locale} ${kind && 'status' in kind ? kind.status : 200}`;
    if (perPath) followShopChanges(db);
    const generation = shopGeneration(db);
    // a goods page shows prices, stock and its groups' seats, which change without a catalogue
    // write (orders, group joins): its document is only reused while they are what the goods
    // answer says now (one statement)
    const live = await liveOf(db, path);
    const hit = cache.get(key);
    // a catalogue change (here or on another instance) outdates every document at once
    const age = hit && hit.generation === generation && hit.live === live ? Date.now() - hit.at : Infinity;
    if (hit && age <= PAGE_TTL_MS) return hit.html;
    const html = build(db, path, '', locale, kind);
    if (hit && age <= STALE_MS) {
      // keep serving the old one until the new one is ready (and keep it if the build fails)
      hit.at = Date.now();
      void html.then((fresh) => cache.set(key, { at: Date.now(), generation, live, html: Promise.resolve(fresh) }), () => {});
      return hit.html;
    }
    cache.delete(key);
    if (cache.size >= MAX_PATHS) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: Date.now(), generation, live, html });
    return html;
  };
}
