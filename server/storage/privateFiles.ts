import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppEnv, Caller } from '../http/context';
import { fail } from '../http/envelope';
import { objectResponse } from './serve';
import { storageOf } from './settings';
import { StorageUnavailable } from './types';

/**
 * Identity documents (ID card photos, business licences) are never public URLs. Uploaded into a
 * private folder (`identity`, `licence`), an image is stored under
 * `private/<folder>/<uploader>/<day>/<name>` (uploader `u12`: users account 12, `a3`: admin 3),
 * and that key is what the database keeps. Whoever may see the document (the applicant, the
 * operator reviewing the store) gets a signed address instead: `/api/files/<key>?e=<expiry>&s=<hmac>`,
 * good for SIGNED_URL_SECONDS, answered from the storage (the disk or the bucket) by any instance.
 * A form that sends a signed address back is saved as the key again (documentRef).
 */
export const PRIVATE_FOLDERS: ReadonlySet<string> = new Set(['identity', 'licence']);
export const SIGNED_URL_SECONDS = 3600;
/** The store fields that hold identity documents. */
export const DOCUMENT_FIELDS = ['business_license', 'id_card_t', 'id_card_b'] as const;
/** The ID photos of a shopper's real-name check (user_checks). */
export const CHECK_PHOTO_FIELDS = ['card_t', 'card_b'] as const;

const PREFIX = '/api/files/';
const KEY = /^private\/(identity|licence)\/[au]\d{1,10}\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

/** The uploader segment of a private key. */
export const uploaderOf = (caller: Pick<Caller, 'provider' | 'accountId'>) => `${caller.provider === 'admins' ? 'a' : 'u'}${caller.accountId}`;

const signature = (secret: string, key: string, expires: number) => createHmac('sha256', `files:${secret}`).update(`${key}\n${expires}`).digest('base64url').slice(0, 32);

/** A signed address of a private key, good for `seconds`. */
export function signedUrl(secret: string, key: string, seconds = SIGNED_URL_SECONDS, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + seconds;
  return `${PREFIX}${key}?e=${expires}&s=${signature(secret, key, expires)}`;
}

/** The key a signed address names, when its signature is ours (and, unless told otherwise, it has not expired). */
export function keyOfSignedUrl(secret: string, url: string, { anyAge = false, now = Date.now() } = {}): string | undefined {
  const match = /^\/api\/files\/([^?#]+)\?e=(\d{1,12})&s=([A-Za-z0-9_-]{32})$/.exec(url);
  if (!match) return undefined;
  const [, key, e, s] = match;
  if (!KEY.test(key)) return undefined;
  const expected = Buffer.from(signature(secret, key, Number(e)));
  if (!timingSafeEqual(expected, Buffer.from(s))) return undefined;
  if (!anyAge && Number(e) * 1000 < now) return undefined;
  return key;
}

/** What the database keeps of a document field: a signed address becomes its key; `uploader` (when given) must own it. */
export function documentRef(secret: string, value: string, field: string, uploader?: string): string {
  if (!value.startsWith(PREFIX) && !value.startsWith('private/')) return value;
  const key = value.startsWith(PREFIX) ? keyOfSignedUrl(secret, value, { anyAge: true }) : KEY.test(value) ? value : undefined;
  if (!key || (uploader !== undefined && key.split('/')[2] !== uploader)) throw fail('fieldInvalid', { field }, 422, { field });
  return key;
}

/** A document field as its reader gets it: a private key becomes a signed address. */
export const presentDocument = (secret: string, value: string) => (KEY.test(value) ? signedUrl(secret, value) : value);

/** The document fields of a row, presented (documents to a reader allowed to see them). */
export function withSignedDocuments<T extends Record<string, unknown>>(secret: string, row: T, fields: readonly string[] = DOCUMENT_FIELDS): T {
  const out: Record<string, unknown> = { ...row };
  for (const field of fields) if (typeof out[field] === 'string') out[field] = presentDocument(secret, out[field] as string);
  return out as T;
}

/** The document fields of a validated form, each back to what the database keeps. */
export function documentRefs<T extends Record<string, unknown>>(secret: string, values: T, uploader?: string, fields: readonly string[] = DOCUMENT_FIELDS): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) if (typeof out[field] === 'string') out[field] = documentRef(secret, out[field] as string, field, uploader);
  return out as T;
}

/** `''`, an http(s) URL, an upload path, or a signed document address (the document fields' forms). */
export const isDocumentValue = (v: string) => v === '' || /^https?:\/\/[^\s<>"']+$/i.test(v) || /^\/uploads\/[^\s<>"']+$/.test(v) || /^\/api\/files\/private\/[^\s<>"']+$/.test(v);

/** GET /api/files/private/…?e=&s=: the document, to whoever holds an unexpired signed address. */
export function serveSignedFiles(app: Hono<AppEnv>) {
  app.get(`${PREFIX}private/*`, async (c: Context<AppEnv>) => {
    const { config } = c.get('services');
    const url = `${c.req.path}?${new URL(c.req.url).search.slice(1)}`;
    const key = keyOfSignedUrl(config.jwtSecret, url);
    if (!key) return c.text('Not Found', 404);
    try {
      const found = await (await storageOf(c.get('services'))).get(key);
      if (!found) return c.text('Not Found', 404);
      const left = Math.max(0, Number(c.req.query('e')) - Math.floor(Date.now() / 1000));
      const res = objectResponse(c, found, `private, max-age=${Math.min(left, SIGNED_URL_SECONDS)}`);
      res.headers.set('X-Robots-Tag', 'noindex');
      res.headers.set('Referrer-Policy', 'no-referrer');
      return res;
    } catch (err) {
      if (!(err instanceof StorageUnavailable)) throw err;
      console.error('[souk] document not served:', err.message);
      return c.text('File storage unavailable, try again shortly', 503, { 'Retry-After': '30' });
    }
  });
}
