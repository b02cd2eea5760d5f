import { request, type ApiResult } from './client';

/** One level of the area tree: `GET /api/load_areas?isLazy=1&pid=<code>` → `[{id, code, pid, deep, name, leaf}]`. */
export function loadAreaLevel(code: string): Promise<ApiResult<{ id: number; code: string; pid: string; name: string; leaf: boolean }[]>> {
  return request(2, 'GET', '/load_areas', { isLazy: 1, pid: code }, { quiet: true });
}
