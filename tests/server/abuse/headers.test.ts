import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { deferScripts } from '../../../server/http/deferScripts';
import { inlineScriptHashes, pageCspFor } from '../../../server/http/securityHeaders';
import { sanitizeRichText } from '../../../server/modules/content/richText';
import { openTestServer, type TestServer } from '../helpers';

let s: TestServer;
let site: ReturnType<typeof createApp>;
beforeAll(async () => {
  s = await openTestServer();
  const dist = mkdtempSync(join(tmpdir(), 'souk-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), '<html lang="zh-CN"><head><script type="module" crossorigin src="/assets/entry.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/entry.js' } }));
  site = createApp({ database: s.database, db: s.db, config: { ...s.config, distDir: dist } });
});
afterAll(() => s.close());

const expectShared = (headers: Headers, what: string) => {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
};

describe('security headers', () => {
  it('every API answer, success or failure, carries them and a policy that runs nothing', async () => {
    const answers = [
      await s.call('GET', '/api/common'),
      await s.call('POST', '/api/login', { body: {} }),
      await s.call('GET', '/api/no/such/route'),
      await s.call('GET', '/api/Admin/users'),
    ];
    for (const res of answers) {
      expectShared(res.headers, `${res.code}`);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });

  it('pages carry the page policy: own scripts only, no framing, no plug-ins', async () => {
    for (const path of ['/', '/Admin/login', '/goods/1', '/no-such-page']) {
      const res = await site.request(path);
      expectShared(res.headers, path);
      const csp = res.headers.get('content-security-policy')!;
      // own scripts, the server's inline loader by hash, and AMap's JS API hosts (maps on store pages)
      expect(csp).toMatch(/script-src 'self'( 'sha256-[^' ;]+')* https:\/\/webapi\.amap\.com https:\/\/\*\.amap\.com;/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
    }
  });

  it('the loader inlined in a server-rendered page is allowed by its hash, its JSON data needs none', () => {
    const html = deferScripts(
      '<html><head><script type="module" crossorigin src="/assets/entry.js"></script></head><body><div id="root"></div><script type="application/json" id="souk-data">{"a":1}</script></body></html>',
      ['/assets/home.js'],
    );
    const loader = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    const hash = createHash('sha256').update(loader).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([hash]);
    expect(pageCspFor(html)).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it('build files such as /.vite/manifest.json are not served', async () => {
    const res = await site.request('/.vite/manifest.json');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).not.toContain('assets/entry.js"}');
  });
});

describe('links that open a new tab', () => {
  it('rich text links with target=_blank get rel="noopener"', () => {
    const out = sanitizeRichText('<a href="https://a.example" target="_blank">x</a><a href="https://b.example" target="_blank" rel="nofollow">y</a>');
    expect(out).toContain('<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(out).toContain('rel="nofollow noopener noreferrer"');
  });

  it('every new-tab link of the app says rel noopener', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk('src');
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /target(="|: ')_blank/.test(line) && !line.includes('noopener'))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
