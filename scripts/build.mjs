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
