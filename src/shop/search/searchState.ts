/**
 * The search page's route state (screens §3.5): `/s/<base64 JSON>` with `keywords` URI-encoded,
 * `pid`/`sid`/`tid` (chosen class per level, UI only), `class_id` (leaf ids filtered), `brand_id`,
 * `sort_type`, `sort_order` and `page`. Fixes of §6.3 item 27: "全部" clears every lower level,
 * classes without children work, every filter change goes back to page 1.
 */
import type { GoodsClass } from '../../api/common';
import { decodeParam, encodeParam } from '../shared/params';
import { findClass, leafIds, toJson, type SearchState } from './searchHref';

import type { SortOrder, SortType } from '../shared/SortRow';

export { findClass, leafIds, searchHref, type SearchState } from './searchHref';

export type { SortOrder, SortType };

const SORTS: SortType[] = ['goods_price', 'goods_sale', 'order_comment_count'];
const id = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : undefined);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Route param → state; unknown or malformed keys are dropped. */
export function decodeSearch(param: string | undefined): SearchState {
  const raw = decodeParam<Record<string, unknown>>(param) ?? {};
  const state: SearchState = {};
  if (typeof raw.keywords === 'string' && raw.keywords) state.keywords = safeDecode(raw.keywords);
  for (const key of ['pid', 'sid', 'tid', 'brand_id'] as const) {
    const value = id(raw[key]);
    if (value) state[key] = value;
  }
  const classes = Array.isArray(raw.class_id) ? raw.class_id : raw.class_id !== undefined ? [raw.class_id] : [];
  const ids = classes.filter((v): v is number => Number.isSafeInteger(v) && (v as number) >= 0);
  if (ids.length) state.class_id = ids;
  if (SORTS.includes(raw.sort_type as SortType)) state.sort_type = raw.sort_type as SortType;
  if (raw.sort_order === 'asc' || raw.sort_order === 'desc') state.sort_order = raw.sort_order;
  const page = id(raw.page);
  if (page && page > 1) state.page = page;
  return state;
}

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

/** Screens §3.5 sort rules: another key → asc; the active key toggles; 默认 drops sort_type. */
export function pickSort(state: SearchState, sortType?: SortType): SearchState {
  const { sort_type, sort_order, ...rest } = withoutPage(state);
  const active = sort_type === sortType;
  const order: SortOrder = active ? (sort_order === 'asc' ? 'desc' : 'asc') : 'asc';
  return sortType ? { ...rest, sort_type: sortType, sort_order: order } : { ...rest, sort_order: order };
}

export const withPage = (state: SearchState, page: number): SearchState => (page > 1 ? { ...state, page } : withoutPage(state));
