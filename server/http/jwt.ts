import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HS256 JSON Web Tokens, signed and checked synchronously with node:crypto. The WebCrypto path
 * (hono/jwt) imports a key and hops to the thread pool on every request; this costs a few
 * microseconds (docs/decisions.md "Prepared statements and a synchronous token check").
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest();

export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The payload of a token signed with `secret` (HS256 only) that has not expired, is not used
 * before its `nbf` and was not issued in the future; null for anything else.
 */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const [header, payload, signature] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, `${header}.${payload}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const head = decodeJson(header) as { alg?: unknown } | undefined;
  if (!head || head.alg !== 'HS256') return null;
  const claims = decodeJson(payload);
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
  const { exp, nbf, iat } = claims as Record<string, unknown>;
  if (typeof exp !== 'number' || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
  if (iat !== undefined && (typeof iat !== 'number' || iat > nowSeconds)) return null;
  return claims as Record<string, unknown>;
}
