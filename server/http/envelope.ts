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

/**
 * The `data` of a failure: a value, or a function of the caller's language for data that carries
 * translated texts (field issues), built when the answer is sent.
 */
export type FailData = unknown | ((lang: Lang) => unknown);

/** A failure the caller can act on. `code` is the envelope code, never an HTTP 500. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey | string,
    readonly vars?: Record<string, string | number>,
    readonly data: FailData = [],
  ) {
    super(key);
  }

  /** The answer's `data` in `lang`. */
  dataIn(lang: Lang): unknown {
    return typeof this.data === 'function' ? (this.data as (lang: Lang) => unknown)(lang) : this.data;
  }
}

export const fail = (key: MessageKey | string, vars?: Record<string, string | number>, code = 500, data: FailData = []) =>
  new ApiError(code, key, vars, data);

export function sendError(c: Context, err: ApiError) {
  const lang = langOf(c);
  return c.json<Envelope>({ code: err.code, msg: t(err.key, lang, err.vars), data: err.dataIn(lang) });
}
