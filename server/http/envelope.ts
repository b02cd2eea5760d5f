import type { Context } from 'hono';
import { pickLang, t, type Lang, type MessageKey } from './messages';

/** The reference contract: every answer is HTTP 200 with {code, msg, data}. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function langOf(c: Context): Lang {
  return pickLang(c.req.header('accept-language'), c.req.query('lang'));
}

export function ok<T>(c: Context, data: T, msg?: string) {
  return c.json<Envelope<T>>({ code: 200, msg: msg ?? t('ok', langOf(c)), data });
}

/** A failure the caller can act on. `code` is the envelope code, never an HTTP 500. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey | string,
    readonly vars?: Record<string, string | number>,
    readonly data: unknown = [],
  ) {
    super(key);
  }
}

export const fail = (key: MessageKey | string, vars?: Record<string, string | number>, code = 500, data: unknown = []) =>
  new ApiError(code, key, vars, data);

export function sendError(c: Context, err: ApiError) {
  return c.json<Envelope>({ code: err.code, msg: t(err.key, langOf(c), err.vars), data: err.data });
}
