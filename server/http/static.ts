import type { Context, Hono } from 'hono';
import { serveStatic as nodeStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { SEED_IMAGES_DIR } from '../db/seed/media';
import type { AppEnv } from './context';
import { pageDocument, RENDERED_PAGES } from './pageDocument';
import { pageCspFor } from './securityHeaders';
import { loadRenderer } from './serverRender';
import { serveUploads, UPLOAD_CACHE_CONTROL } from '../storage/serve';

/**
 * Uploaded files under /uploads (the demo images under /uploads/seed come from the committed
 * server/db/seed/images; every other one from the storage: storage/serve.ts), the built SPA, and
 * index.html for every other page path (HTTP 404 where the app shows its not-found page:
 * pageDocument.ts).
 */
export function serveStatic(app: Hono<AppEnv>, config: Config) {
  // Headers go on the finished response: serve-static's onFound runs after the body is built.
  app.use('/uploads/seed/*', async (c, next) => {
    await next();
    if (c.res.ok) {
      c.res.headers.set('Cache-Control', UPLOAD_CACHE_CONTROL);
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
      c.res.headers.set('Content-Security-Policy', "default-src 'none'");
    }
  });
  app.use('/uploads/seed/*', nodeStatic({ root: SEED_IMAGES_DIR, rewriteRequestPath: (p) => p.replace(/^\/uploads\/seed/, '') }));
  serveUploads(app);
  const indexFile = join(config.distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', nodeStatic({ root: config.distDir }));
  const html = readFileSync(indexFile, 'utf8');
  const renderer = loadRenderer(config.distDir, RENDERED_PAGES.map(({ example, parts }) => ({ path: example, parts })));
  const documentFor = pageDocument(config.distDir, html, renderer);
  const page = async (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-cache');
    // 404 for a path the app has no page for, or an unknown goods or store (still the SPA's document)
    const { html, status } = await documentFor(c.get('services').db, c.req.path, c.req.header('accept-language'));
    c.header('Content-Security-Policy', pageCspFor(html));
    return c.html(html, status);
  };
  // the home page is index.html itself: answered here, rendered with its data, not as a file
  app.get('/', page);
  app.get('/index.html', page);
  // build files that are no part of the site (/.vite/manifest.json, any dot path): the app's 404
  app.use('*', (c, next) => (/(^|\/)\./.test(c.req.path) ? page(c) : next()));
  app.use('*', nodeStatic({ root: config.distDir }));
  app.get('*', page);
}
