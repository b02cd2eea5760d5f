import type { AreaIndex } from '../../../../../machines/areas';
import { areaPath, request, type ApiResult, type Method } from '../../../../api/client';

/**
 * Calls of the hand-written page parts (role editor, money dialog, config forms, store
 * settings): `path` is relative to the area prefix (`roles/3` → `/api/Admin/roles/3`), or
 * starts with `/` for an unprefixed public route (`/load_areas`).
 */
export function call<T = unknown>(area: AreaIndex, method: Method, path: string, payload?: unknown, quiet = false): Promise<ApiResult<T>> {
  const url = path.startsWith('/') ? path : areaPath(area, path);
  return request<T>(area, method, url, payload, { quiet });
}

/** The data of an ok answer, or `fallback` (the client already showed the failure). */
export async function fetchData<T>(area: AreaIndex, path: string, query: Record<string, unknown> | undefined, fallback: T): Promise<T> {
  const result = await call<T>(area, 'GET', path, query);
  return result.kind === 'ok' ? result.data : fallback;
}

export { rowsOf } from '../../../../api/rows';

/** An id list as a form value: an empty list is sent as '' so the server clears it (qs drops []). */
export const idListValue = (ids: readonly number[]): number[] | '' => (ids.length ? [...ids] : '');
