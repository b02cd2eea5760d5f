/**
 * The search page's route state (screens §3.5): `/s/<base64 JSON>` with `keywords` URI-encoded,
 * `pid`/`sid`/`tid` (chosen class per level, UI only), `class_id` (leaf ids filtered), `brand_id`,
 * `sort_type`, `sort_order` and `page`. Fixes of §6.3 item 27: "全部" clears every lower level,
 * classes without children work, every filter change goes back to page 1.
 */
import type { GoodsClass } from '../../api/common';
import { searchKeywords } from '../layout/searchParam';
import { decodeParam, encodeParam } from '../shared/params';
import { findClass, leafIds, toJson, type SearchState } from './searchHref';

import { nextSort, type SortOrder, type SortType } from '../shared/SortRow';

export { findClass, leafIds, searchHref, type SearchState } from './searchHref';
export { MAX_KEYWORDS } from '../layout/searchParam';

export type { SortOrder, SortType };

const SORTS: SortType[] = ['goods_price', 'goods_sale', 'order_comment_count'];
const id = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : undefined);

/** How much of a search link the page could read: all of it, some keys not, or nothing. */
export type Unread = 'none' | 'some' | 'all';

const KEYS = new Set(['keywords', 'pid', 'sid', 'tid', 'class_id', 'brand_id', 'sort_type', 'sort_order', 'page']);
/** An absent value of a key: nothing chosen, not a mistake. */
const blank = (v: unknown) => v === undefined || v === null || v === '' || v === 0;

/**
 * Route param → state, and whether anything of it was not understood (garbage, an unknown key,
 * a value of the wrong kind): the page says so instead of silently showing something else.
 * What it could read is kept.
 */
export function readSearch(param: string | undefined): { state: SearchState; unread: Unread; shortened?: true } {
  const state: SearchState = {};
  if (!param) return { state, unread: 'none' };
  const raw = decodeParam<Record<string, unknown>>(param);
  if (!raw) return { state, unread: 'all' };
  let bad = Object.keys(raw).some((key) => !KEYS.has(key));
  let shortened = false;
  if (typeof raw.keywords === 'string') {
    // the API takes at most MAX_KEYWORDS characters (and answered a 422 naming the field): a
    // longer link searches its first ones, and the page says so
    const keywords = searchKeywords(raw.keywords);
    shortened = keywords.shortened;
    if (keywords.text) state.keywords = keywords.text;
  } else if (!blank(raw.keywords)) bad = true;
  for (const key of ['pid', 'sid', 'tid', 'brand_id'] as const) {
    const value = id(raw[key]);
    if (value) state[key] = value;
    else if (!blank(raw[key])) bad = true;
  }
  if (!blank(raw.class_id)) {
    const classes = Array.isArray(raw.class_id) ? raw.class_id : [raw.class_id];
    const ids = classes.filter((v): v is number => Number.isSafeInteger(v) && (v as number) >= 0);
    if (ids.length !== classes.length) bad = true;
    if (ids.length) state.class_id = ids;
  }
  if (SORTS.includes(raw.sort_type as SortType)) {
    state.sort_type = raw.sort_type as SortType;
    // a sort key always has a direction (what the arrow shows is what the API is asked)
    state.sort_order = raw.sort_order === 'desc' ? 'desc' : 'asc';
  } else if (!blank(raw.sort_type)) bad = true;
  // the default order has no direction: a stray one is ignored
  if (!blank(raw.sort_order) && raw.sort_order !== 'asc' && raw.sort_order !== 'desc') bad = true;
  const page = id(raw.page);
  if (page && page > 1) state.page = page;
  else if (!page && !blank(raw.page)) bad = true;
  return { state, unread: bad ? 'some' : 'none', ...(shortened ? { shortened: true as const } : {}) };
}

/** Route param → state; unknown or malformed keys are dropped. */
export const decodeSearch = (param: string | undefined): SearchState => readSearch(param).state;

export const encodeSearch = (state: SearchState) => encodeParam(toJson(state));

/** The `params` the API takes: only the filter keys of the contract (keywords still URI-encoded). */
export function apiParams(state: SearchState): string {
  const { keywords, class_id, brand_id, sort_type, sort_order } = toJson(state);
  return encodeParam({ keywords, class_id, brand_id, sort_type, sort_order });
}

const withoutPage = (state: SearchState): SearchState => {
  const { page: _page, ...rest } = state;
  return rest;
};

/** Choose a class at depth 0/1/2 (undefined = "全部" of that level). Page goes back to 1. */
export function pickClass(state: SearchState, tree: readonly GoodsClass[], level: 0 | 1 | 2, node?: GoodsClass): SearchState {
  const { pid, sid, tid: _tid, class_id: _c, ...rest } = withoutPage(state);
  if (level === 0) {
    if (!node) return rest;
    return { ...rest, pid: node.id, class_id: leafIds(node) };
  }
  if (level === 1) {
    if (!node) {
      const top = findClass(tree, pid);
      return top ? { ...rest, pid: top.id, class_id: leafIds(top) } : rest;
    }
    return { ...rest, pid: node.pid || pid, sid: node.id, class_id: leafIds(node) };
  }
  if (!node) {
    const second = findClass(tree, sid);
    return second ? { ...rest, pid, sid: second.id, class_id: leafIds(second) } : { ...rest, pid };
  }
  const parent = findClass(tree, node.pid);
  return { ...rest, pid: parent?.pid || pid, sid: node.pid, tid: node.id, class_id: [node.id] };
}

export function pickBrand(state: SearchState, brandId?: number): SearchState {
  const { brand_id: _b, ...rest } = withoutPage(state);
  return brandId ? { ...rest, brand_id: brandId } : rest;
}

/** Screens §3.5 sort rules: another key → asc; the active key toggles; 默认 drops the key and its direction. */
export function pickSort(state: SearchState, sortType?: SortType): SearchState {
  const { sort_type, sort_order, ...rest } = withoutPage(state);
  return { ...rest, ...nextSort({ sort_type, sort_order }, sortType) };
}

export const withPage = (state: SearchState, page: number): SearchState => (page > 1 ? { ...state, page } : withoutPage(state));
