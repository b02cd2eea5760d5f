import { createHash } from 'node:crypto';

/**
 * Security headers on every answer (DESIGN.md §5 "Resilience"): never framed by another site,
 * no content sniffing, no full referrer to other sites, and a strict Content-Security-Policy.
 *
 * Pages: scripts only from this origin plus the inline scripts the server itself wrote into
 * this very document, allowed by their SHA-256 (the loader of a server-rendered page,
 * deferScripts.ts; its `<script type="application/json">` data is not script and needs none).
 * Hashes rather than nonces because documents are cached and shared between visitors.
 * Styles come from the built stylesheet; inline `style` attributes are allowed (React's
 * server-rendered markup and the editor use them; they cannot run script). Images may come from
 * anywhere over http(s) (avatars, rich-text images), data: and blob: (previews); everything
 * else (fetch, fonts, forms, base) stays on this origin, and no plug-ins.
 */
const SHARED = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

/** Answers that are no page (API JSON, files): nothing may run or load from them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * AMap's JS API (modules/maps, loaded by the store pages that show a map): its script and data
 * hosts, the origin of an AMAP_JS_URL override (a stand-in, a mirror), and the workers it starts
 * from blob: URLs. Its service calls go to our own /api/_AMapService proxy.
 */
export function mapSources(env: NodeJS.ProcessEnv = process.env): { script: string; connect: string } {
  let override = '';
  try {
    override = env.AMAP_JS_URL && /^https?:\/\//i.test(env.AMAP_JS_URL) ? ` ${new URL(env.AMAP_JS_URL).origin}` : '';
  } catch {
    override = '';
  }
  return { script: ` https://webapi.amap.com https://*.amap.com${override}`, connect: ' https://*.amap.com' };
}

const pageCsp = (scriptHashes: string[]) =>
  [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` 'sha256-${h}'`).join('')}${mapSources().script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self'${mapSources().connect}`,
    "worker-src 'self' blob:",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** SHA-256 (base64) of each inline executable script of a document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return hashes;
}

// documents are few and reused (pageDocument caches them): their policy is computed once
const policies = new Map<string, string>();
const MAX_POLICIES = 1000;

/** The Content-Security-Policy of a page document. */
export function pageCspFor(html: string): string {
  let policy = policies.get(html);
  if (policy === undefined) {
    policy = pageCsp(inlineScriptHashes(html));
    if (policies.size >= MAX_POLICIES) policies.delete(policies.keys().next().value!);
    policies.set(html, policy);
  }
  return policy;
}

const SHARED_ENTRIES = Object.entries(SHARED);

/**
 * Sets the shared headers and the non-page policy on a finished answer, each one unless the
 * answer brought its own (pages set their policy: static.ts; uploads and the test-payment page
 * theirs, which are stricter). Called by app.ts's outermost middleware.
 */
export function applySecurityHeaders(headers: Headers): void {
  for (const [name, value] of SHARED_ENTRIES) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', NON_PAGE_CSP);
}
