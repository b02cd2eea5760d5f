#!/usr/bin/env node
// `npm run build [-- --outDir <dir>]`: the SPA into <dir> (default dist) and the server rendering
// of its storefront pages (src/ssr/render.tsx) into <dir>-ssr, which the server loads at run time.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = at === -1 ? 'dist' : args[at + 1];
const vite = (extra) => {
  const result = spawnSync('npx', ['vite', 'build', ...extra], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
vite(['--outDir', outDir, '--emptyOutDir']);
vite(['--ssr', 'src/ssr/render.tsx', '--outDir', `${outDir}-ssr`, '--emptyOutDir']);

// The API reference page's script (/api/docs, server/openapi/routes.ts), served from the build so
// a production image needs neither the dev dependency nor a CDN.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
try {
  const script = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
  mkdirSync(join(outDir, 'api-docs'), { recursive: true });
  copyFileSync(script, join(outDir, 'api-docs', 'scalar.js'));
} catch (err) {
  if (existsSync(join(outDir, 'api-docs', 'scalar.js'))) throw err;
  console.warn('[build] @scalar/api-reference not installed: /api/docs will load its script from the CDN');
}
