import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';

// Every page carries a strict Content-Security-Policy (server/http/securityHeaders.ts): the built
// app must run under it with not one violation, the server-rendered pages included (their inline
// loader is allowed by its hash), and no other site may frame the consoles.
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Collects CSP violations (the DOM event and the browser's own console reports). */
async function watch(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    ),
  );
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

describe('Content-Security-Policy in Chromium', () => {
  it('the home page, a goods page and /Admin/login load and hydrate with no violation', async () => {
    for (const path of ['/', '/goods/1', '/Admin/login', '/login']) {
      const { context, page } = await newPage(browser, server.url, 'en-US');
      const violations = await watch(page);
      const response = await page.goto(path);
      const csp = response!.headers()['content-security-policy'];
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain("'unsafe-inline' 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response!.headers()['x-content-type-options']).toBe('nosniff');
      // the app's scripts ran: the page is interactive (server-rendered ones hydrated)
      await page.waitForFunction(() => document.querySelector('#root')?.children.length && !document.querySelector('#root[data-ssr]'));
      await page.waitForLoadState('networkidle');
      expect(violations, path).toEqual([]);
      await context.close();
    }
  });

  it('the console with a rich-text editor runs with no violation', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    const violations = await watch(page);
    await page.goto('/Admin/login');
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password').fill('123456');
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL('**/Admin/dashboard');
    await page.goto('/Admin/agreements');
    await page.getByRole('button', { name: 'Add' }).first().click();
    await expect.poll(() => page.locator('.ProseMirror').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    // the watcher does see a violation: an injected inline script is refused
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = 1';
      document.body.appendChild(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    await context.close();
  });

  it('another origin cannot frame /Admin/login', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('about:blank');
    await page.setContent(`<iframe src="${server.url}/Admin/login" width="400" height="300"></iframe>`);
    await page.waitForTimeout(1500);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const framed = frame ? await frame.evaluate(() => !!document.querySelector('#root')).catch(() => false) : false;
    expect(framed).toBe(false);
    await context.close();
  });

  it('/.vite/manifest.json is not served', async () => {
    const res = await fetch(`${server.url}/.vite/manifest.json`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"file"');
  });
});
