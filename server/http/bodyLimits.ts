import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { langOf } from './envelope';
import { t } from './messages';

/**
 * Request bodies, per route: refused over the route's limit, and always read before the answer.
 *
 * The node adapter drains a body the route left unread for 500 ms after answering, then destroys
 * the socket, although the answer promised keep-alive: the client's next request on it failed.
 * So a body over the route's limit is a 413 that closes the connection (`Connection: close`,
 * nothing read), and a body within it that the route did not read (a 401 before auth, the 404
 * fallback, a 409) is read and dropped before the answer leaves, keeping the connection usable.
 */

/** An upload of 10,485,760 bytes plus multipart overhead; an import of up to 5,000 rows. */
export const UPLOAD_BODY = 10_485_760 + 256 * 1024;
/** Any other form: two rich texts of 200,000 characters, URL-encoded, with the rest of a goods form. */
export const FORM_BODY = 4 * 1024 * 1024;

export const bodyLimitOf = (path: string): number => (/\/(uploads|import\/excel)$/.test(path) ? UPLOAD_BODY : FORM_BODY);

function tooLarge(c: Context): Response {
  c.header('Connection', 'close');
  return c.json({ code: 413, msg: t('bodyTooLarge', langOf(c)), data: [] });
}

/** Reads what is left of the body and drops it; false when it broke off (the connection then closes). */
async function drain(body: ReadableStream<Uint8Array>): Promise<boolean> {
  try {
    const reader = body.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) return true;
    }
  } catch {
    return false;
  }
}

const chunkedLimits = new Map<number, ReturnType<typeof bodyLimit>>();
/** A body without a length is counted while it is read (hono's bodyLimit buffers it, up to the limit). */
const chunkedLimit = (limit: number) => {
  let middleware = chunkedLimits.get(limit);
  if (!middleware) chunkedLimits.set(limit, (middleware = bodyLimit({ maxSize: limit, onError: tooLarge })));
  return middleware;
};

/** Middleware for requests that may carry a body (not GET or HEAD). */
export async function limitBody(c: Context, next: Next): Promise<Response | void> {
  const limit = bodyLimitOf(c.req.path);
  const declared = c.req.header('content-length');
  if (c.req.header('transfer-encoding') !== undefined || declared === undefined) {
    const refused = await chunkedLimit(limit)(c, async () => {});
    if (refused) return refused;
  } else if (!/^\d+$/.test(declared) || Number(declared) > limit) return tooLarge(c);
  await next();
  const raw = c.req.raw;
  if (raw.body && !raw.bodyUsed && !(await drain(raw.body))) {
    try {
      c.header('Connection', 'close');
    } catch {
      /* an answer with fixed headers: the adapter closes the connection after it anyway */
    }
  }
}
