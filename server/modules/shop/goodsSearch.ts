import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import pLimit, { type LimitFunction } from 'p-limit';
import { goods, stores } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { fail, langOf } from '../../http/envelope';
import { memoByKey } from '../../http/memo';
import { t, type Lang } from '../../http/messages';
import { readInput } from '../../http/input';
import { keywordsMatch } from '../catalogue/search';
import { catalogueOf, withDescendants, type Catalogue } from './classes';
import { goodsCard, goodsIsPublic, intParam, keywordsOf, paginator, pagingOf, paramsOf, storeIsOpen } from './shared';
import type { Db } from '../../db/client';
import { writeMark } from '../../db/writeMark';

/**
 * GET /api/goods (docs/catalogue-api.md): visible goods, filtered by `params` (base64 JSON) and
 * the plain flags `is_recommend` / `is_master`: the page, and a capped total kept for a few
 * seconds per filter.
 */
export const MAX_CLASS_IDS = 200;
const ID_MAX = 2147483647;

const SORTS = {
  goods_price: goods.goods_price,
  goods_sale: goods.goods_sale,
  order_comment_count: goods.comment_count,
} as const;

export interface GoodsQuery {
  keywords?: string;
  classIds?: number[];
  brandId?: number;
  storeId?: number;
  recommend: boolean;
  master: boolean;
  sort?: keyof typeof SORTS;
  order: 'asc' | 'desc';
}

function classIdsOf(raw: unknown): number[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > MAX_CLASS_IDS) throw fail('shop.tooManyClasses', { max: MAX_CLASS_IDS }, 422, { field: 'class_id' });
  const ids = list.map((v) => intParam(v, 'class_id', 1, ID_MAX));
  if (ids.some((id) => id === undefined)) throw fail('shop.badParam', { field: 'class_id' }, 422, { field: 'class_id' });
  return [...new Set(ids as number[])];
}

function flag(raw: unknown, field: string): boolean {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw fail('shop.badParam', { field }, 422, { field });
}

/** Reads the request into a query; any malformed part is a 422 naming it. */
export function goodsQueryOf(input: Record<string, unknown>): GoodsQuery {
  const params = paramsOf(input.params);
  const sortType = params.sort_type;
  if (sortType !== undefined && sortType !== '' && sortType !== null && (typeof sortType !== 'string' || !Object.hasOwn(SORTS, sortType)))
    throw fail('shop.badSort', { field: String(sortType).slice(0, 30) }, 422, { field: 'sort_type' });
  const order = params.sort_order ?? 'desc';
  if (order !== 'asc' && order !== 'desc' && order !== '') throw fail('shop.badParam', { field: 'sort_order' }, 422, { field: 'sort_order' });
  return {
    keywords: keywordsOf(params.keywords),
    classIds: classIdsOf(params.class_id),
    brandId: intParam(params.brand_id, 'brand_id', 0, ID_MAX) || undefined,
    storeId: intParam(params.store_id, 'store_id', 0, ID_MAX) || undefined,
    recommend: flag(input.is_recommend, 'is_recommend'),
    master: flag(input.is_master, 'is_master'),
    sort: sortType ? (sortType as keyof typeof SORTS) : undefined,
    order: order === 'asc' ? 'asc' : 'desc',
  };
}

/** The where-clause of a query over `goods` joined with open stores; null when nothing can match. */
export async function goodsWhere(db: Db, q: GoodsQuery): Promise<SQL | null> {
  const conditions: (SQL | undefined)[] = [goodsIsPublic];
  if (q.keywords) {
    const match = keywordsMatch(goods.search_tokens, q.keywords);
    if (!match) return null; // only punctuation: nothing to find
    // a keyword naming a class ("蓝牙耳机") also finds the goods of that class and those below it
    const classes = classesNamed(await catalogueOf(db), q.keywords);
    conditions.push(classes.length ? or(match, inArray(goods.class_id, classes)) : match);
  }
  if (q.classIds) {
    // a class matches the goods of every class below it (a top class finds all its goods)
    const all = withDescendants(await catalogueOf(db), q.classIds);
    if (all.length === 0) return null;
    conditions.push(inArray(goods.class_id, all));
  }
  if (q.brandId) conditions.push(eq(goods.brand_id, q.brandId));
  if (q.storeId) conditions.push(eq(goods.store_id, q.storeId));
  if (q.recommend) conditions.push(sql`${goods.is_recommend} = 1`);
  if (q.master) conditions.push(sql`${goods.is_master} = 1`);
  return and(...conditions)!;
}

/** The words of the keywords as typed (NFKC, lower case), at most 8. */
export function keywordTerms(keywords: string): string[] {
  return [...new Set(keywords.normalize('NFKC').toLowerCase().split(/[\s,，、]+/).filter(Boolean))].slice(0, 8);
}

/**
 * Classes named by the keywords, with the classes below them (at most MAX_CLASS_IDS): every word
 * is in the class's name ("耳机" in 蓝牙耳机), or every word begins a word of its English name
 * ("phone" and "phones" in "Mobile Phones", never "phones" in "Earphones", nor "a" in every name).
 */
export function classesNamed(catalogue: Awaited<ReturnType<typeof catalogueOf>>, keywords: string): number[] {
  const terms = keywordTerms(keywords);
  if (!terms.length) return [];
  const named = [...catalogue.byId.values()].filter((node) => {
    const name = node.name.normalize('NFKC').toLowerCase();
    if (terms.every((term) => name.includes(term))) return true;
    const ename = node.ename ? ` ${node.ename.normalize('NFKC').toLowerCase()}` : '';
    return ename !== '' && terms.every((term) => startsWord(ename, term));
  });
  return withDescendants(catalogue, named.map((node) => node.id)).slice(0, MAX_CLASS_IDS);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** `term` is in `text` right after a character that is no letter or digit (`text` starts with one). */
function startsWord(text: string, term: string): boolean {
  for (let at = text.indexOf(term, 1); at > 0; at = text.indexOf(term, at + 1)) {
    if (!WORD_CHAR.test(text[at - 1])) return true;
  }
  return false;
}

/** Per word of the keywords, "the goods' name holds it" as an SQL condition. */
function nameHolds(keywords: string): SQL[] {
  // lower() of every matching name is a third of a broad CJK search's time; a term without
  // letters that have a case (CJK, digits) is found in the name as it is, lowered or not
  return keywordTerms(keywords).map((term) =>
    UNCASED.test(term) ? sql`strpos(${goods.goods_name}, ${term}) > 0` : sql`strpos(lower(${goods.goods_name}), ${term}) > 0`,
  );
}

/**
 * Relevance of a goods to the keywords (no sort chosen): how many of the words its name holds.
 * A phone named 手机 comes before a lamp that mentions 手机 in its subtitle.
 */
function nameRank(keywords: string): SQL {
  const holds = nameHolds(keywords);
  if (!holds.length) return sql`0`;
  return sql`(${sql.join(
    holds.map((h) => sql`(${h})::int`),
    sql` + `,
  )})`;
}

/** Characters no lower() maps anything onto: CJK scripts (caseless) and digits. */
const UNCASED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Nd}]+$/u;

/** Totals stop counting here: a search of more than 10,000 goods says "10,000" (334 pages of 30). */
export const COUNT_CAP = 10_000;

/**
 * Up to this many matches a page sorted by price, sales or reviews is read through the filter's
 * own indexes (the keyword GIN, class, brand) and sorted: every match is read, a few ms at most.
 * Walking the sort index instead stops after a page only when matches are spread along it, and
 * they seldom are: 843 rice goods sorted by price made PostgreSQL read 59,000 index entries
 * (350 ms; the cheap goods sat far from the index's end). Past the count cap (10,000 matches,
 * a tenth of the bench catalogue) the walk finds a page soon enough.
 */
export const SORT_AFTER_MATCHING = COUNT_CAP - 1;
/**
 * The newest-first order (no sort chosen, no keywords) follows the ids, which do not bunch by
 * class or brand: the walk down the id index costs about a page times (all / matches) rows, less
 * than reading every match once there are more than a couple of thousand.
 */
export const NEWEST_AFTER_MATCHING = 2000;

/**
 * Goods of open stores, as a condition on goods alone: not in the (few) stores that are not open,
 * a list PostgreSQL hashes once per statement. Joining stores instead made every search plan a
 * join (a fifth of its planning) and hash all open stores. Stores are only ever soft-deleted, so
 * every goods has its store's row, as the join required.
 */
const inOpenStore = sql`${goods.store_id} not in (select ${stores.id} from ${stores} where (${storeIsOpen}) is not true)`;

/** The goods card of a search answer; the store's name is read for the page's rows only (after the limit). */
const searchCard = {
  ...goodsCard,
  goods_sale: goods.goods_sale,
  order_comment_count: goods.comment_count,
  store_id: goods.store_id,
  store_name: sql<string>`(select ${stores.store_name} from ${stores} where ${stores.id} = ${goods.store_id})`.as('store_name'),
};

/** A page as numbers, or as the placeholders `limit` and `offset` of a statement compiled once (PAGE). */
type Paging = { page: number; perPage: number } | typeof PAGE;
const PAGE = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
const limitOf = (paging: Paging) => ('perPage' in paging ? { limit: paging.perPage, offset: (paging.page - 1) * paging.perPage } : paging);

/**
 * The page statement, unexecuted (the EXPLAIN checks use it). Ties are broken by id in the same
 * direction, so the partial (sort column, id) indexes serve both directions without a sort.
 *
 * Without keywords the page is chosen from the covering indexes alone (migration 0025: the
 * class, brand and public indexes carry store_id and the sort columns), then its rows are read
 * by id: sorting the 7,166 goods of a top class by reviews read 4,318 heap pages before, ~250
 * now. Keyword matches come from the GIN index and need their heap rows anyway (and the name, for
 * relevance): those pages are read in one level.
 */
export function goodsPageQuery(db: Db, where: SQL, q: GoodsQuery, paging: Paging, matches = Infinity) {
  const direction = q.order === 'asc' ? asc : desc;
  // few matches: order by expressions no index provides, so the planner reads the matches and sorts
  const bare = (column: SQL | typeof goods.id, below: number) => (matches <= below ? sql`(${column} + 0)` : column);
  const orderBy = q.sort
    ? [direction(bare(sql`${SORTS[q.sort]}`, SORT_AFTER_MATCHING)), direction(bare(goods.id, SORT_AFTER_MATCHING))]
    : q.keywords
      ? [desc(nameRank(q.keywords)), desc(goods.id)]
      : [desc(bare(goods.id, NEWEST_AFTER_MATCHING))];
  const { limit, offset } = limitOf(paging);
  if (q.keywords) return db.select(searchCard).from(goods).where(and(where, inOpenStore)).orderBy(...orderBy).limit(limit).offset(offset);
  const page = db
    .select({ id: goods.id, ...(q.sort ? { sort_key: sql`${SORTS[q.sort]}`.as('sort_key') } : {}) })
    .from(goods)
    .where(and(where, inOpenStore))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page');
  const pageOrder = q.sort ? [direction(sql`${sql.identifier('page')}.${sql.identifier('sort_key')}`), direction(page.id)] : [desc(page.id)];
  return db
    .select(searchCard)
    .from(page)
    .innerJoin(goods, eq(goods.id, page.id))
    .orderBy(...pageOrder);
}

/**
 * Past this many keyword matches, a page in relevance order is first looked for among the goods
 * whose name holds every word (the highest rank), newest first: the planner walks the id index
 * and stops after the page instead of ranking every match ("pro", 5,612 matches: 3,836 pages
 * read before, ~100 now). Only when those goods do not fill the page is it read the full way.
 */
export const NAMES_FIRST_AFTER_MATCHING = 2000;

/**
 * The page among the goods whose name holds every word of the keywords, newest first. When it is
 * full it is the relevance page itself: those goods have the highest rank, and ties go by id.
 */
export function namesFirstQuery(db: Db, where: SQL, keywords: string, paging: Paging, newerThan?: unknown) {
  const { limit, offset } = limitOf(paging);
  // with a bound (boundedPage): the goods at or past that id only, read through the GIN and id
  // bitmaps and sorted, instead of walking down the id index
  const order = newerThan === undefined ? goods.id : sql`(${goods.id} + 0)`;
  return db
    .select(searchCard)
    .from(goods)
    .where(and(where, inOpenStore, ...nameHolds(keywords), newerThan === undefined ? undefined : sql`${goods.id} >= ${newerThan}`))
    .orderBy(desc(order))
    .limit(limit)
    .offset(offset);
}

/**
 * A sorted page whose plan reads every match (SORT_AFTER_MATCHING) is first looked for among the
 * matches whose sort value lies beyond a bound: with price desc, among those priced at least the
 * price of the dearest few percent of the catalogue. PostgreSQL ANDs the keyword's GIN bitmap with
 * a range of the sort index and reads only the heap pages of matches in that range ("华为" by
 * price asc: 2,556 heap pages read before, ~110 now). When those matches fill the page it is the
 * page itself: ordered by (value, id), every match beyond the bound comes before every match
 * short of it, so if at least page × per_page of them are beyond it, the page's rows all are.
 * Otherwise a wider bound is tried, then the full read. The bound is only a guess (the bound the
 * last read of this page ended at, or a quantile of the catalogue: boundedPage), so a stale or
 * wrong one costs time, never a wrong page.
 */
export function boundedPageQuery(db: Db, where: SQL, q: GoodsQuery & { sort: keyof typeof SORTS }, paging: Paging, bound: unknown) {
  const column = SORTS[q.sort];
  const beyond = q.order === 'asc' ? sql`${column} <= ${bound}` : sql`${column} >= ${bound}`;
  return goodsPageQuery(db, and(where, beyond)!, q, paging, 0);
}

/** Bounds keep about this many times the matches a page needs, on the guess that matches spread like the catalogue. */
const BOUND_MARGIN = 2.5;
/** A bound that misses is widened this many times over before the full read. */
const BOUND_WIDENING = 8;
/** Fractions of the public goods at which each sort column's values are kept, from either end. */
export const BOUND_FRACTIONS = [0.008, 0.016, 0.032, 0.064, 0.128, 0.256];
/** The quantiles are a guess about where matches lie, not data shown: kept a minute, whatever is written meanwhile. */
const QUANTILES_TTL_MS = 60_000;

type SortKey = keyof typeof SORTS;
/** The columns a page may be bounded by: the sorts, and the id (names-first pages, newest first). */
const BOUNDED = { ...SORTS, id: goods.id } as const;
type BoundKey = keyof typeof BOUNDED;
/** Per column: the values at BOUND_FRACTIONS from the low end, from the high end, and the median. */
export type SortQuantiles = Record<BoundKey, { low: string[]; high: string[]; median: string } | undefined>;

async function loadQuantiles(db: Db): Promise<SortQuantiles> {
  const fractions = [...BOUND_FRACTIONS, ...BOUND_FRACTIONS.map((f) => 1 - f), 0.5];
  const within = (column: (typeof BOUNDED)[BoundKey]) =>
    sql`percentile_disc(${sql.raw(`array[${fractions.join(',')}]::float8[]`)}) within group (order by ${column})::text[]`;
  const keys = Object.keys(BOUNDED) as BoundKey[];
  const [row] = (await db
    .select(Object.fromEntries(keys.map((key) => [key, within(BOUNDED[key])])))
    .from(goods)
    .where(goodsIsPublic)) as Record<BoundKey, string[] | null>[];
  const n = BOUND_FRACTIONS.length;
  const out = {} as SortQuantiles;
  for (const key of keys) {
    const values = row?.[key];
    out[key] = values?.length === 2 * n + 1 ? { low: values.slice(0, n), high: values.slice(n, 2 * n), median: values[2 * n] } : undefined;
  }
  return out;
}

/**
 * The bound keeping about `fraction` of the catalogue at the sorted page's end, or undefined when
 * none would help: the fraction is past the last kept one, or ties make the bound reach the median
 * (most goods have sold nothing: "sales ≤ 0" keeps half the catalogue).
 */
export function boundAt(quantiles: SortQuantiles, column: BoundKey, order: 'asc' | 'desc', fraction: number): string | undefined {
  const kept = quantiles[column];
  const i = BOUND_FRACTIONS.findIndex((f) => f >= fraction);
  if (!kept || i < 0) return undefined;
  const bound = order === 'asc' ? kept.low[i] : kept.high[i];
  const cmp = Number(bound) - Number(kept.median);
  return (order === 'asc' ? cmp < 0 : cmp > 0) ? bound : undefined;
}

function countQuery(db: Db, where: SQL) {
  const capped = db
    .select({ one: sql`1` })
    .from(goods)
    .where(and(where, inOpenStore))
    .limit(COUNT_CAP)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

/**
 * Totals depend on the filter only (not on the sort or the page), and shoppers page and re-sort
 * the same search: a total is kept COUNT_TTL_MS per instance for up to COUNT_KEYS filters, so
 * a search usually costs one statement (the page, an index scan that stops after it).
 */
export const COUNT_TTL_MS = 5000;
const COUNT_KEYS = 1000;
/** Whole answers (the page with its total, as UTF-8 JSON) kept per instance for config.searchCacheMs, by query string. */
const ANSWER_KEYS = 2000;

interface SearchMemos {
  counts: ReturnType<typeof memoByKey<number>>;
  answers: ReturnType<typeof memoByKey<Uint8Array>>;
  compiled: Map<string, Compiled>;
  /** Where the sort columns' values lie (boundedPageQuery), one entry. */
  quantiles: ReturnType<typeof memoByKey<SortQuantiles>>;
  /** The catalogue the compiled statements were built with (class names and descendants). */
  catalogue?: Catalogue;
}

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };
/** A filter's where-clause (null: nothing can match) and its statements compiled so far, by variant. */
interface Compiled {
  where: SQL | null;
  statements: Map<string, Prepared>;
  /**
   * Per bounded statement (a sort and order, or the names-first page), how many times
   * BOUND_MARGIN × (what a page needs / matches) the quantile bound that last filled a page of it
   * kept (Infinity: none did, read the full way). Cheap goods bunch in a few classes: "锅" by
   * price asc has no match among the cheapest 3 % of the catalogue, and trying bounds on every
   * search would only add to the full read.
   */
  boundFrom: Map<string, number>;
  /**
   * Per bounded statement and page end (`names 60`: the first 60 names-first rows), the value of the
   * last row of that page when it was last read: at least that many matches lie at or beyond it,
   * so it bounds the next read of the page tightly ("lite" by price asc: cheap goods are food, not
   * gadgets, and no catalogue-wide bound fits). Only a first guess, checked like any bound.
   */
  boundAfter: Map<string, string>;
  /** The keywords name a class, so the filter also matches that class's goods (goodsWhere). */
  namesClass: boolean;
}
/** Most filters whose statements are kept per instance, least recently used dropped first. */
const COMPILED_KEYS = 1000;
const memos = new WeakMap<Db, SearchMemos>();

function memosOf(db: Db): SearchMemos {
  let m = memos.get(db);
  if (!m) memos.set(db, (m = { counts: memoByKey<number>(COUNT_KEYS), answers: memoByKey<Uint8Array>(ANSWER_KEYS), compiled: new Map(), quantiles: memoByKey<SortQuantiles>(1) }));
  return m;
}

/**
 * Per database, the queue of searches waiting to run their SQL: at most `concurrency` at once
 * (config.searchConcurrency), first come first served. A flood of searches then waits in line
 * here, each running at full speed when its turn comes, instead of sharing the database's cores
 * ten ways and holding every pool connection (the goods page and checkout need them too).
 */
const turns = new WeakMap<Db, LimitFunction>();
export function searchTurnOf(db: Db, concurrency: number): LimitFunction {
  let limit = turns.get(db);
  if (!limit || limit.concurrency !== concurrency) turns.set(db, (limit = pLimit(concurrency)));
  return limit;
}

/** A goods, store, class or brand write: this instance forgets its search answers and totals at once. */
export function forgetSearch(db: Db): void {
  const m = memos.get(db);
  m?.counts.clear();
  m?.answers.clear();
  m?.compiled.clear();
}

const filterKey = (q: GoodsQuery) => JSON.stringify([q.keywords, q.classIds, q.brandId, q.storeId, q.recommend, q.master]);

/**
 * The compiled statements of a filter. Building and compiling the Drizzle queries of a search cost
 * about as much node CPU as running them (0.35 ms a search of the bench mix): a filter's
 * where-clause is built once and each statement of it (count, names-first page, page per sort and
 * plan variant) compiled once, the page's limit and offset its only placeholders. Kept per
 * catalogue (class names and descendants are part of the where-clause): a new catalogue, or a
 * goods, store, class or brand write (forgetSearch), starts afresh.
 */
async function compiledOf(db: Db, q: GoodsQuery): Promise<Compiled> {
  const m = memosOf(db);
  const catalogue = q.keywords || q.classIds ? await catalogueOf(db) : m.catalogue;
  if (catalogue !== m.catalogue) {
    m.compiled.clear();
    m.catalogue = catalogue;
  }
  const key = filterKey(q);
  let c = m.compiled.get(key);
  if (c) m.compiled.delete(key);
  else {
    const namesClass = Boolean(q.keywords && catalogue && classesNamed(catalogue, q.keywords).length);
    c = { where: await goodsWhere(db, q), statements: new Map(), boundFrom: new Map(), boundAfter: new Map(), namesClass };
  }
  // (built with a newer catalogue than m.catalogue meanwhile: the next search with it clears all)
  m.compiled.set(key, c);
  if (m.compiled.size > COMPILED_KEYS) m.compiled.delete(m.compiled.keys().next().value!);
  return c;
}

function statement(c: Compiled, variant: string, build: () => { prepare(name: string): Prepared }): Prepared {
  let s = c.statements.get(variant);
  // An empty name: the driver names the statement after its text (db/namedStatements.ts).
  if (!s) c.statements.set(variant, (s = build().prepare('')));
  return s;
}

/**
 * The (capped, briefly kept) total, then the page read the way that total makes cheapest (see
 * SORT_AFTER_MATCHING); no page statement when nothing matches.
 */
export async function searchGoods(db: Db, q: GoodsQuery, paging: { page: number; perPage: number }) {
  const c = await compiledOf(db, q);
  const where = c.where;
  if (!where) return paginator([], 0, paging);
  // on the embedded database a total no write has touched is not counted again (writeMark.ts)
  const total = await memosOf(db).counts.get(
    filterKey(q),
    COUNT_TTL_MS,
    async () => {
      const [row] = (await statement(c, 'count', () => countQuery(db, where)).execute()) as { n: number }[];
      return Number(row?.n ?? 0);
    },
    writeMark(db),
  );
  if (total === 0) return paginator([], 0, paging);
  const values = { limit: paging.perPage, offset: (paging.page - 1) * paging.perPage };
  const keywords = q.keywords;
  if (!q.sort && keywords && nameHolds(keywords).length) {
    // A full names-first page is the relevance page. First among the goods past the id an earlier
    // read of this page ended at (tight), then: past many matches down the id index; else, when
    // every match would be read and ranked, among the newest few percent of the catalogue. Not
    // that guess when the keywords name a class: for keyword OR class AND a wide id range
    // PostgreSQL walks the whole range ("杯": 12,800 rows for 99 matches, 4.4 ms, 1.9 ms the full way).
    const bounded = (guess: boolean) =>
      boundedPage(db, c, 'names', 'id', 'desc', (bound) => namesFirstQuery(db, where, keywords, PAGE, bound), values, total, guess);
    let rows = await bounded(total <= NAMES_FIRST_AFTER_MATCHING && !c.namesClass);
    if (!rows && total > NAMES_FIRST_AFTER_MATCHING) {
      rows = (await statement(c, 'names', () => namesFirstQuery(db, where, keywords, PAGE)).execute(values)) as GoodsRow[];
      rememberBound(c, 'names', 'id', values, rows);
    }
    if (rows?.length === paging.perPage) return paginator(rows, total, paging);
  }
  if (q.sort && total <= SORT_AFTER_MATCHING) {
    const sorted = { ...q, sort: q.sort };
    const rows = await boundedPage(db, c, `${q.sort} ${q.order}`, q.sort, q.order, (bound) => boundedPageQuery(db, where, sorted, PAGE, bound), values, total);
    if (rows) return paginator(rows, total, paging);
  }
  // the plan variant: goodsPageQuery orders by bare expressions at or below these counts
  const variant = `page ${q.sort ?? ''} ${q.order} ${total <= SORT_AFTER_MATCHING} ${total <= NEWEST_AFTER_MATCHING}`;
  const rows = (await statement(c, variant, () => goodsPageQuery(db, where, q, PAGE, total)).execute(values)) as GoodsRow[];
  if (q.sort && total <= SORT_AFTER_MATCHING) rememberBound(c, `${q.sort} ${q.order}`, q.sort, values, rows);
  // a relevance page of goods whose names all hold every word is a names-first page too
  if (!q.sort && keywords && rows.every((row) => namesHoldAll(row.goods_name, keywords))) rememberBound(c, 'names', 'id', values, rows);
  return paginator(rows, total, paging);
}

/** nameHolds in JavaScript: whether the name holds every word of the keywords. */
function namesHoldAll(name: string, keywords: string): boolean {
  const lower = name.toLowerCase();
  return keywordTerms(keywords).every((term) => (UNCASED.test(term) ? name : lower).includes(term));
}

/** Most page ends whose last value a filter remembers (boundAfter). */
const BOUNDS_AFTER_KEPT = 32;

/** After a full page of a bounded statement's order was read: its last row's value, for the next read of that page. */
function rememberBound(c: Compiled, variant: string, column: BoundKey, values: { limit: number; offset: number }, rows: GoodsRow[]) {
  const key = `${variant} ${values.offset + values.limit}`;
  if (rows.length !== values.limit || (!c.boundAfter.has(key) && c.boundAfter.size >= BOUNDS_AFTER_KEPT)) return;
  c.boundAfter.set(key, String(rows[rows.length - 1][column]));
}

type GoodsRow = Awaited<ReturnType<typeof namesFirstQuery>>[number];

/**
 * A page read beyond a bound of `column` (boundedPageQuery, namesFirstQuery): the bound its last
 * read left (boundAfter), else, with `guess`, bounds from the catalogue's quantiles widened as
 * needed; null: read it the full way. `variant` names the statement and what this filter learnt.
 */
async function boundedPage(
  db: Db,
  c: Compiled,
  variant: string,
  column: BoundKey,
  order: 'asc' | 'desc',
  build: (bound: unknown) => { prepare(name: string): Prepared },
  values: { limit: number; offset: number },
  total: number,
  guess = true,
): Promise<GoodsRow[] | null> {
  const need = values.offset + values.limit;
  if (BOUND_MARGIN * need > total * BOUND_FRACTIONS.at(-1)!) return null;
  const s = statement(c, `bounded ${variant}`, () => build(sql.placeholder('bound')));
  const learnt = c.boundAfter.get(`${variant} ${need}`);
  if (learnt !== undefined) {
    const rows = (await s.execute({ ...values, bound: learnt })) as GoodsRow[];
    if (rows.length === values.limit) return rows;
    c.boundAfter.delete(`${variant} ${need}`);
  }
  if (!guess) return null;
  const quantiles = await memosOf(db).quantiles.get('', QUANTILES_TTL_MS, () => loadQuantiles(db), writeMark(db));
  const base = (BOUND_MARGIN * need) / total;
  for (let times = c.boundFrom.get(variant) ?? 1; ; times *= BOUND_WIDENING) {
    const bound = boundAt(quantiles, column, order, base * times);
    if (bound === undefined) {
      c.boundFrom.set(variant, Infinity);
      return null;
    }
    const rows = (await s.execute({ ...values, bound })) as GoodsRow[];
    if (rows.length === values.limit) {
      c.boundFrom.set(variant, times);
      rememberBound(c, variant, column, values, rows);
      return rows;
    }
  }
}

/**
 * GET /api/goods. Public search answers are the same for every visitor, so each is kept
 * `config.searchCacheMs` per instance (0: never), keyed by the request's query string as sent:
 * a repeated search costs neither parsing nor SQL, and concurrent equal searches share one run.
 * Kept as UTF-8 bytes: encoding and measuring a CJK answer on every send was a third of the CPU
 * of a repeated search. A refusal (422) is never kept. A goods, store, class or brand write
 * forgets every answer here at once and on other instances within about a second (shopChanges.ts).
 */
async function goodsList(c: Context<AppEnv>) {
  const { db, config } = c.get('services');
  const json = async () => {
    const input = await readInput(c);
    const query = goodsQueryOf(input);
    const paging = pagingOf(input, 100, 30);
    return JSON.stringify(await searchTurnOf(db, config.searchConcurrency)(() => searchGoods(db, query, paging)));
  };
  const headers = { 'Content-Type': 'application/json' };
  // an answer sent once is encoded once, with its envelope around it
  if (config.searchCacheMs <= 0) return c.body(`{"code":200,"msg":${JSON.stringify(t('ok', langOf(c)))},"data":${await json()}}`, 200, headers);
  const url = c.req.url;
  const query = url.slice(url.indexOf('?') + 1 || url.length);
  const data = await memosOf(db).answers.get(query, config.searchCacheMs, async () => utf8.encode(await json()));
  return c.body(envelopeBytes(langOf(c), data), 200, headers);
}

const utf8 = new TextEncoder();
const closing = utf8.encode('}');
/** Per kept answer, its envelope bytes per language: a repeated search copies nothing. */
const envelopes = new WeakMap<Uint8Array, Map<Lang, Uint8Array<ArrayBuffer>>>();

/** `{"code":200,"msg":…,"data":<data>}` as bytes, the data copied once per language, never re-encoded. */
function envelopeBytes(lang: Lang, data: Uint8Array): Uint8Array<ArrayBuffer> {
  let byLang = envelopes.get(data);
  if (!byLang) envelopes.set(data, (byLang = new Map()));
  let out = byLang.get(lang);
  if (out) return out;
  const prefix = utf8.encode(`{"code":200,"msg":${JSON.stringify(t('ok', lang))},"data":`);
  out = new Uint8Array(prefix.length + data.length + closing.length);
  out.set(prefix, 0);
  out.set(data, prefix.length);
  out.set(closing, prefix.length + data.length);
  byLang.set(lang, out);
  return out;
}

export function mountGoodsSearch(api: Hono<AppEnv>) {
  api.get('/goods', goodsList);
}
