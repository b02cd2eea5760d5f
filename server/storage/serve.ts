import type { Context, Hono } from 'hono';
import { Readable } from 'node:stream';
import type { AppEnv } from '../http/context';
import { localStorage } from './local';
import { storageOf } from './settings';
import { keyOfUploadPath, StorageUnavailable, type StoredObject } from './types';

/** Public uploads never change under one name (every upload gets a new random name). */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * GET /uploads/<key>: from the storage of this instance, whichever instance took the upload.
 * With a CDN base URL (S3_PUBLIC_URL, the admin's CDN域名) the answer is a redirect there. With
 * s3, a file not in the bucket is looked for on the local disk too (uploads from before the
 * switch, until `npm run storage:migrate` has copied them). A bucket that cannot be reached is
 * HTTP 503 with Retry-After, never a 500.
 */
export function serveUploads(app: Hono<AppEnv>) {
  app.get('/uploads/*', async (c) => {
    const key = keyOfUploadPath(c.req.path);
    if (!key) return c.text('Not Found', 404);
    const services = c.get('services');
    try {
      const storage = await storageOf(services);
      if (storage.publicBaseUrl) {
        c.header('Cache-Control', 'public, max-age=3600');
        return c.redirect(`${storage.publicBaseUrl}/${key}`, 302);
      }
      let found = await storage.get(key, { ifNoneMatch: c.req.header('if-none-match') });
      if (!found && storage.kind === 's3') found = await localStorage(services.config.dataDir).get(key);
      if (!found) return c.text('Not Found', 404);
      return objectResponse(c, found);
    } catch (err) {
      if (!(err instanceof StorageUnavailable)) throw err;
      console.error('[souk] upload not served:', err.message);
      return c.text('File storage unavailable, try again shortly', 503, { 'Retry-After': '30' });
    }
  });
}

/** An object as an HTTP answer: its type, length, ETag and Last-Modified, the caller's cache headers. */
export function objectResponse(c: Context, found: StoredObject, cacheControl = UPLOAD_CACHE_CONTROL): Response {
  const headers = new Headers({ 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'" });
  if (found.etag) headers.set('ETag', found.etag);
  if (found.notModified) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', found.contentType ?? 'application/octet-stream');
  if (found.size !== undefined) headers.set('Content-Length', String(found.size));
  if (found.lastModified) headers.set('Last-Modified', found.lastModified.toUTCString());
  if (c.req.method === 'HEAD') {
    if (found.body instanceof Readable) found.body.destroy();
    return new Response(null, { status: 200, headers });
  }
  const body = found.body instanceof Readable ? (Readable.toWeb(found.body) as ReadableStream) : new Uint8Array(found.body);
  return new Response(body, { status: 200, headers });
}
