import { ofetch, type FetchResponse } from 'ofetch';
import { AREAS, type AreaIndex as Area } from '../../machines/areas';
import { THROTTLED_KEY, readEnvelope, transportError, type EnvelopeResult } from '../../machines/envelope';
import { currentLocale, t } from '../app/i18n';
import { toast } from '../ui/toast';
import { encodeForm, encodeQuery } from './form';
import { signalSession } from './sessionBridge';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Every answer, typed: ok | fail | unauthorized | forbidden | throttled | silent | html | transport. */
export type ApiResult<T = unknown> = EnvelopeResult<T>;

export interface RequestOptions {
  /** Do not raise toasts for failures (the caller shows its own message). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Use this bearer token instead of the stored one (e.g. right after login, before it is stored). */
  token?: string;
}

export const API_PREFIX = '/api';
export const TIMEOUT_MS = 30000;

/** The single ofetch instance: 30 s time-out, no automatic retry, errors handled by us. */
export const http = ofetch.create({ baseURL: API_PREFIX, timeout: TIMEOUT_MS, retry: 0, ignoreResponseError: true });

/** `/Admin/` + `auth/info` → `/Admin/auth/info`; the caller decides the area, never the URL. */
export function areaPath(area: Area, path: string): string {
  return `${AREAS[area].apiPrefix.slice(API_PREFIX.length)}${path.replace(/^\//, '')}`;
}

export function readToken(area: Area): string | null {
  try {
    return localStorage.getItem(AREAS[area].tokenKey) || null;
  } catch {
    return null;
  }
}

export function writeToken(area: Area, token: string) {
  localStorage.setItem(AREAS[area].tokenKey, token);
}

function renewedToken(headers: Headers): string | null {
  const value = headers.get('authorization');
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value.trim()) : null;
  return match ? match[1] : null;
}

async function buildInit(area: Area, method: Method, path: string, payload: unknown, tokenOverride?: string) {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = tokenOverride ?? readToken(area);
  if (token) headers.Authorization = `Bearer ${token}`;
  let url = path.startsWith('/') ? path : `/${path}`;
  let body: BodyInit | undefined;
  if (method === 'GET' || method === 'DELETE') {
    const query = await encodeQuery(payload as Record<string, unknown> | undefined);
    if (query) url += (url.includes('?') ? '&' : '?') + query;
  } else if (typeof FormData !== 'undefined' && payload instanceof FormData) {
    body = payload;
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = await encodeForm((payload ?? {}) as Record<string, unknown>);
  }
  return { url, init: { method, headers, body } };
}

/** What to say about an answer that is not ok ('' when there is nothing to say): the server's message, or ours in the page's language (throttled, no answer). */
export const resultText = (result: ApiResult): string =>
  result.kind === 'throttled' ? t(THROTTLED_KEY) : result.kind === 'transport' ? (result.status ? result.message : t('http.network')) : result.kind === 'ok' ? '' : 'msg' in result ? result.msg : '';

function notify(area: Area, result: ApiResult, quiet: boolean) {
  if (result.kind === 'transport' && !result.status) console.error(result.message);
  const text = !quiet && resultText(result);
  if (text) toast.error(text);
  if (result.kind === 'unauthorized') signalSession(area, { type: 'UNAUTHORIZED' });
}

/**
 * One request for one area. `path` is relative to `/api` and already carries the area prefix
 * when the endpoint has one (use `areaPath`); the area also picks the token.
 */
export async function request<T = unknown>(area: Area, method: Method, path: string, payload?: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { url, init } = await buildInit(area, method, path, payload, options.token);
  let response: FetchResponse<unknown>;
  try {
    response = await http.raw(url, { ...init, signal: options.signal });
  } catch (error) {
    const failed = (error as { response?: Response }).response;
    const result: ApiResult<T> = transportError(failed?.status, failed?.statusText);
    notify(area, result, options.quiet ?? false);
    return result;
  }
  const token = renewedToken(response.headers);
  if (token) {
    writeToken(area, token);
    signalSession(area, { type: 'TOKEN.RENEWED', token });
  }
  const body = response._data;
  const result = readEnvelope<T>(response.status, body, response.statusText);
  notify(area, result, options.quiet ?? false);
  return result;
}

export const isOk = <T>(r: ApiResult<T>): r is { kind: 'ok'; data: T; msg: string } => r.kind === 'ok';
