/**
 * The generic table's calls (spec §7 "Generic table calls"): list, show, create, update,
 * comma-id delete, import, lazy children and dictionaries, all under the page URL. Answers are
 * handed to the machines as the table helpers read them: the data on success, the whole
 * envelope `{code, msg, data}` on a failure code (spec §8), an HTML string for the SPA page.
 */
import { THROTTLED_KEY, readEnvelope, transportError } from '../../../machines/envelope';
import type { AreaIndex } from '../../../machines/areas';
import { http, readToken, request, writeToken, type ApiResult } from '../../api/client';
import { signalSession } from '../../api/sessionBridge';
import { currentLocale, t } from '../../app/i18n';
import type { Query, RowId, Values } from './types';

/** A settled call as the machines read it; transport failures and 401 reject. */
export function toAnswer(result: ApiResult<unknown>): unknown {
  switch (result.kind) {
    case 'ok':
    case 'silent':
      return result.data;
    case 'fail':
      return { code: result.code, msg: result.msg, data: result.data };
    case 'forbidden':
      return { code: 403, msg: result.msg, data: null };
    case 'throttled':
      return { code: 429, msg: t(THROTTLED_KEY), data: null };
    case 'html':
      return '<!doctype html>';
    case 'unauthorized':
      throw { msg: result.msg, kind: result.kind };
    case 'transport':
      throw { msg: result.message, kind: result.kind, status: result.status };
  }
}

/** `/Admin/expresses` from 'Admin/expresses/' or '/Admin/expresses'. */
export const normalizeUrl = (url: string) => `/${url.replace(/^\/+/, '').replace(/\/+$/, '')}`;

/** Join a path and extra query that may already carry a query string (`/areas?isChildren=1`). */
function splitUrl(url: string): { path: string; query: Query } {
  const [path, search = ''] = url.split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(search)) };
}

/** POST a JSON body (import rows): same token, renewal and envelope handling as `request`. */
export async function postJson(area: AreaIndex, path: string, body: unknown): Promise<ApiResult<unknown>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale(), 'Content-Type': 'application/json' };
  const token = readToken(area);
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await http.raw(path, { method: 'POST', headers, body: JSON.stringify(body) });
    const renewed = /^Bearer\s+(\S+)$/i.exec(response.headers.get('authorization')?.trim() ?? '');
    if (renewed) {
      writeToken(area, renewed[1]);
      signalSession(area, { type: 'TOKEN.RENEWED', token: renewed[1] });
    }
    const result = readEnvelope(response.status, response._data, response.statusText);
    if (result.kind === 'unauthorized') signalSession(area, { type: 'UNAUTHORIZED' });
    return result;
  } catch (error) {
    const failed = (error as { response?: Response }).response;
    return transportError(failed?.status, failed?.statusText);
  }
}

export interface TableCalls {
  list(page: number, perPage: number, query: Query, lazy: boolean): Promise<unknown>;
  /** Every row of a query (export): `isAll=1`. */
  all(query: Query): Promise<unknown>;
  show(id: RowId): Promise<unknown>;
  create(values: Values): Promise<unknown>;
  update(id: RowId, values: Values): Promise<unknown>;
  destroy(ids: RowId[]): Promise<unknown>;
  importRows(rows: Values[]): Promise<unknown>;
  children(pid: RowId, query: Query): Promise<unknown>;
}

/** The calls of one page URL (without /api, area prefix included). */
export function tableCalls(area: AreaIndex, pageUrl: string): TableCalls {
  const url = normalizeUrl(pageUrl);
  const quiet = { quiet: true };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) => toAnswer(await request(area, method, path, payload, quiet));
  return {
    list: (page, perPage, query, lazy) =>
      call('GET', url, lazy ? { ...query, isChildren: 'true', pid: 0 } : { ...query, page, per_page: perPage }),
    all: (query) => call('GET', url, { ...query, isAll: 1 }),
    show: (id) => call('GET', `${url}/${encodeURIComponent(String(id))}`),
    create: (values) => call('POST', url, values),
    update: (id, values) => call('PUT', `${url}/${encodeURIComponent(String(id))}`, values),
    destroy: (ids) => call('DELETE', `${url}/${ids.map((id) => encodeURIComponent(String(id))).join(',')}`),
    importRows: async (rows) => toAnswer(await postJson(area, `${url}/import/excel`, rows)),
    children: (pid, query) => call('GET', url, { ...query, isChildren: 'true', pid }),
  };
}

/** GET any URL of the area (dictionaries, cascader levels); `url` may carry a query string. */
export async function getJson(area: AreaIndex, url: string, query: Query = {}): Promise<unknown> {
  const { path, query: inUrl } = splitUrl(url);
  return toAnswer(await request(area, 'GET', normalizeUrl(path), { ...inUrl, ...query }, { quiet: true }));
}
