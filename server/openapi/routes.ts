import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { Scalar } from '@scalar/hono-api-reference';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Config } from '../config';
import type { AppEnv } from '../http/context';
import { pageCspFor } from '../http/securityHeaders';
import { buildDocument } from './document';

/**
 * GET /api/openapi.json (the document, built once per app on first request: the route table does
 * not change while the server runs) and GET /api/docs, the API reference page (Scalar; its
 * script served from this server: `npm run build` copies it into dist/api-docs/, and in
 * development it is read from node_modules — @scalar/api-reference 1.46, the last line for
 * Node 20 — so the page works without reaching a CDN).
 */
export const SCALAR_SCRIPT = '/api/docs/scalar.js';
/** Where the build puts the reference page's script, under DIST_DIR. */
export const SCALAR_DIST_FILE = join('api-docs', 'scalar.js');

function scalarScript(config: Config): string | undefined {
  const built = join(config.distDir, SCALAR_DIST_FILE);
  if (existsSync(built)) return built;
  try {
    return createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
  } catch {
    return undefined;
  }
}

const version = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

export function mountOpenApi(app: Hono<AppEnv>, config: Config) {
  let document: Promise<OpenAPIV3_1.Document> | undefined;
  app.get('/api/openapi.json', async (c) => {
    document ??= buildDocument(app, version).catch((err) => {
      document = undefined;
      throw err;
    });
    c.header('Cache-Control', 'no-cache');
    return c.json(await document);
  });
  const script = scalarScript(config);
  if (script) {
    let body: Buffer | undefined;
    app.get(SCALAR_SCRIPT, (c) => {
      body ??= readFileSync(script);
      return c.body(new Uint8Array(body), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' });
    });
  }
  const page = Scalar({
    url: '/api/openapi.json',
    pageTitle: 'Souk API',
    // without the script here, the pinned version from the CDN (a browser that can reach it)
    cdn: script ? SCALAR_SCRIPT : 'https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.46.4',
    withDefaultFonts: false,
    hideClientButton: true,
  });
  app.get('/api/docs', async (c: Context<AppEnv>, next) => {
    const res = (await page(c as never, next)) as Response;
    const html = await res.text();
    c.header('Content-Security-Policy', script ? pageCspFor(html) : pageCspFor(html).replace("script-src 'self'", "script-src 'self' https://cdn.jsdelivr.net"));
    return c.html(html);
  });
}
