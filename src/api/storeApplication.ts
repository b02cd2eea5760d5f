import type { ApplicationPayload, StoreRecord } from '../../machines/storeApplication';
import { request, type ApiResult } from './client';

/** A node of `GET /api/load_goods_classes` (the whole tree). */
export interface TreeRow {
  id: number;
  name: string;
  /** The English name ('' or absent: none). */
  ename?: string;
  pid?: number | string;
  children?: TreeRow[];
}

/** GET /api/store: the caller's application (data null: none yet). */
export function loadOwnStore(): Promise<ApiResult<StoreRecord | null>> {
  return request<StoreRecord | null>(2, 'GET', '/store', undefined, { quiet: true });
}

/** POST /api/store/join: creates the draft application; 409 when one exists (the store in data). */
export function joinStore(): Promise<ApiResult<StoreRecord>> {
  return request<StoreRecord>(2, 'POST', '/store/join', {}, { quiet: true });
}

/** PUT /api/store: the whole step-2 form; 422 names the field in data.field. */
export function submitStore(payload: ApplicationPayload): Promise<ApiResult<unknown>> {
  return request(2, 'PUT', '/store', payload as unknown as Record<string, unknown>, { quiet: true });
}

/** GET /api/agreements/:name → the agreement row; content is `html##qingwuit##json`. */
export function loadAgreement(name = 'agreement'): Promise<ApiResult<{ name?: string; content?: string }>> {
  return request(2, 'GET', `/agreements/${encodeURIComponent(name)}`, undefined, { quiet: true });
}

export function loadGoodsClasses(): Promise<ApiResult<TreeRow[]>> {
  return request<TreeRow[]>(2, 'GET', '/load_goods_classes', { deep: -1 }, { quiet: true });
}

/** The HTML part of a rich text stored as `html##qingwuit##json`. */
export const richTextHtml = (content: unknown) => (typeof content === 'string' ? content.split('##qingwuit##')[0] : '');
