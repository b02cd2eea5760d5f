/**
 * Pure mapping of an HTTP answer to a typed result (spec §8), so no caller ever tests
 * `!res.code` again. The SPA's HTTP client shows toasts and clears sessions from the kind.
 */

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Message shown for code 429; the SPA translates it by `THROTTLED_KEY`. */
export const THROTTLED_MSG = '您请求太频繁了，请休息一会';
export const THROTTLED_KEY = 'http.throttled';
/** Logged when no response arrived at all. */
export const NETWORK_ERROR_MSG = '网络异常，请检查！';
/** `fail.code` for a 200 answer whose body is not an envelope at all. */
export const NOT_AN_ENVELOPE = -1;

export type TransportError = { kind: 'transport'; status: number; message: string };

export type EnvelopeResult<T = unknown> =
  | { kind: 'ok'; data: T; msg: string }
  | { kind: 'fail'; code: number; msg: string; data: unknown }
  | { kind: 'unauthorized'; msg: string }
  | { kind: 'forbidden'; msg: string }
  | { kind: 'throttled'; msg: string; key: string }
  | { kind: 'silent'; data: unknown }
  | { kind: 'html' }
  | TransportError;

export type EnvelopeKind = EnvelopeResult['kind'];

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' && body !== null && !Array.isArray(body) &&
    typeof (body as { code?: unknown }).code === 'number'
  );
}

const HTML_DOCUMENT = /^\s*(<!doctype\s+html|<html[\s>])/i;

/** True for a string that holds an HTML document (e.g. an index page served for an API path). */
export function isHtmlDocument(body: unknown): boolean {
  return typeof body === 'string' && HTML_DOCUMENT.test(body);
}

/**
 * Map one HTTP answer. `httpStatus` other than 200 is a transport error (an envelope 401 still
 * counts as unauthorized so the session is cleared); with 200 the envelope code decides.
 */
export function readEnvelope<T = unknown>(httpStatus: number, body: unknown, statusText = ''): EnvelopeResult<T> {
  const envelope = isEnvelope(body) ? body : null;
  const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
  if (httpStatus !== 200) {
    if (envelope?.code === 401 || httpStatus === 401) return { kind: 'unauthorized', msg };
    return transportError(httpStatus, statusText, msg || undefined);
  }
  if (isHtmlDocument(body)) return { kind: 'html' };
  if (!envelope) return { kind: 'fail', code: NOT_AN_ENVELOPE, msg: '', data: body };
  const data = envelope.data === undefined ? null : envelope.data;
  switch (envelope.code) {
    case 200:
      return { kind: 'ok', data: data as T, msg };
    case 401:
      return { kind: 'unauthorized', msg };
    case 402:
    case 403:
      return { kind: 'forbidden', msg };
    case 405:
      return { kind: 'silent', data };
    case 429:
      return { kind: 'throttled', msg: THROTTLED_MSG, key: THROTTLED_KEY };
    default:
      return { kind: 'fail', code: envelope.code, msg, data };
  }
}

/** A request that got no usable answer: spec §8 transport messages. */
export function transportError(status?: number, statusText?: string, serverMsg?: string): TransportError {
  if (!status) return { kind: 'transport', status: 0, message: NETWORK_ERROR_MSG };
  if (status === 404) return { kind: 'transport', status, message: 'Not Found Pages 404.' };
  if (status === 500) return { kind: 'transport', status, message: '500 (Internal Server Error) ' + (serverMsg ?? '') };
  if (status === 401) return { kind: 'transport', status, message: serverMsg || statusText || '' };
  return { kind: 'transport', status, message: (statusText || serverMsg || 'Error') + ',error_code：' + status };
}
