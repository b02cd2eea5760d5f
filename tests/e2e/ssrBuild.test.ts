import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run build -- --outDir <dir>` may put the build anywhere (a deploy directory outside the
// repository): the server rendering in `<dir>-ssr` must then load with no node_modules near it
// (it failed with "Cannot find module 'react'"). The built `dist-ssr` is copied to a temporary
// directory and loaded there by a plain Node process, as server/http/serverRender.ts loads it.
const away = mkdtempSync(join(tmpdir(), 'souk-ssr-'));
afterAll(() => rmSync(away, { recursive: true, force: true }));

const SCRIPT = `
const renderer = await import(process.argv[1]);
await renderer.warm([{ path: '/', parts: [] }]);
const html = renderer.render({
  path: '/', search: '', locale: 'zh-cn', parts: [],
  data: {
    common: { classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' } },
    home: { goods: [] }, 'adv:PC_首页幻灯片': [], 'adv:PC_首页广告': [], 'adv:PC_首页楼层': [],
  },
});
process.stdout.write(html ?? 'null');
`;

describe('server build', () => {
  it('renders the home page from a directory with no node_modules near it', async () => {
    if (!existsSync(resolve('dist-ssr/render.js'))) throw new Error('dist-ssr/ is missing: run `npm run build` before the e2e tests');
    cpSync(resolve('dist-ssr'), join(away, 'dist-ssr'), { recursive: true });
    const file = join(away, 'dist-ssr', 'render.js');
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT, `file://${file}`], { cwd: away, timeout: 60_000 });
    expect(stdout).toContain('全部商品分类');
  }, 60_000);
});
