/**
 * Links into the search page (`/s/<base64 JSON>`, screens §3.5) — the light half of the search
 * state, used by the home page and the goods breadcrumb; decoding and filter rules are in
 * searchState.ts.
 */
import type { GoodsClass } from '../../api/common';
import { paramPath } from '../shared/params';
import type { SortOrder, SortType } from '../shared/SortRow';

export interface SearchState {
  /** Plain text (URI-encoded only inside the param). */
  keywords?: string;
  pid?: number;
  sid?: number;
  tid?: number;
  class_id?: number[];
  brand_id?: number;
  sort_type?: SortType;
  sort_order?: SortOrder;
  page?: number;
}

export function toJson(state: SearchState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (state.keywords) out.keywords = encodeURIComponent(state.keywords);
  for (const key of ['pid', 'sid', 'tid', 'class_id', 'brand_id', 'sort_type', 'sort_order'] as const) {
    const value = state[key];
    if (value !== undefined && !(Array.isArray(value) && !value.length)) out[key] = value;
  }
  if (state.page && state.page > 1) out.page = state.page;
  return out;
}

export const searchHref = (state: SearchState) => paramPath('/s', toJson(state));

/** Level-3 ids under a class (itself when it has no children: a leaf or an empty branch). */
export function leafIds(node: GoodsClass): number[] {
  if (!node.children?.length) return [node.id];
  return node.children.flatMap(leafIds);
}

export function findClass(tree: readonly GoodsClass[], classId: number | undefined): GoodsClass | undefined {
  if (!classId) return undefined;
  for (const node of tree) {
    if (node.id === classId) return node;
    const found = findClass(node.children ?? [], classId);
    if (found) return found;
  }
  return undefined;
}

