import { decodeParam, encodeParam } from '../shared/params';

/** The points search state (screens §3.14), kept in the path as base64 JSON. */
export interface PointsQuery {
  cid?: number;
  sort_type?: 'goods_price' | 'goods_sale' | 'created_at';
  sort_order?: 'asc' | 'desc';
  keywords?: string;
  page?: number;
}

export const searchHref = (query: PointsQuery) => {
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== 0));
  return Object.keys(clean).length ? `/integral/search/${encodeURIComponent(encodeParam(clean))}` : '/integral/search';
};

export const queryOf = (param: string | undefined): PointsQuery => {
  const raw = decodeParam<Record<string, unknown>>(param) ?? {};
  const sortType = raw.sort_type === 'goods_price' || raw.sort_type === 'goods_sale' ? raw.sort_type : undefined;
  return {
    cid: Number.isInteger(raw.cid) && (raw.cid as number) > 0 ? (raw.cid as number) : undefined,
    sort_type: sortType,
    sort_order: sortType && raw.sort_order === 'asc' ? 'asc' : sortType ? 'desc' : undefined,
    keywords: typeof raw.keywords === 'string' ? raw.keywords.slice(0, 60) : undefined,
    page: Number.isInteger(raw.page) && (raw.page as number) > 1 ? (raw.page as number) : undefined,
  };
};
