import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';

/** Where screenshots go, for a person to look at. */
export const SHOTS = join(tmpdir(), 'souk-e2e-shots');

export interface LiveApp {
  server: RunningServer;
  browser: Browser;
  /** A fresh browser profile at 1280 px, the pages in English unless told. */
  page(locale?: 'zh-CN' | 'en-US'): ReturnType<typeof newPage>;
}

/**
 * One real server (built SPA + API on a fresh embedded database with the seeded demo data, `env`
 * beside it) and one browser for the test file, started before its tests and stopped after;
 * `expect.poll` waits up to `pollMs` (pages load their data after the first paint).
 */
export function liveApp(env: Record<string, string> = {}, pollMs = 10_000): LiveApp {
  const app: LiveApp = {
    server: undefined as unknown as RunningServer,
    browser: undefined as unknown as Browser,
    page: (locale = 'en-US') => newPage(app.browser, app.server.url, locale),
  };
  beforeAll(async () => {
    vi.setConfig({ expect: { poll: { timeout: pollMs } } });
    mkdirSync(SHOTS, { recursive: true });
    [app.server, app.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    vi.resetConfig();
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/** Logs in on the storefront's login page (English) and waits for the home page. */
export async function shopLogin(page: Page, username = 'demo', password = '123456') {
  await page.goto('/login');
  await page.getByLabel('Phone / username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Logs in on the admin console's or seller centre's login page (English) and waits for its dashboard. */
export async function backofficeLogin(page: Page, area: 'Admin' | 'Seller', username: string, password = '123456') {
  await page.goto(`/${area}/login`);
  await page.getByLabel('Account').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL(`**/${area}/dashboard`);
}

/** An API answer `{code, msg, data}`, asked from the page with its own token of an area (`token`, `seller_token`, `admin_token`). */
export const api = (page: Page, method: string, path: string, tokenKey = 'token', form?: Record<string, string>) =>
  page.evaluate(
    async ([method, path, tokenKey, form]) =>
      fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${localStorage.getItem(tokenKey)}` }, body: form ? new URLSearchParams(form) : undefined }).then((r) => r.json()),
    [method, path, tokenKey, form] as const,
  );

/** The page at 1280 px and at 390 px wide, full length, into SHOTS; → the page's width at 390 px. */
export async function shoot(page: Page, name: string): Promise<number> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize({ width: 1280, height: 800 });
  return width;
}
