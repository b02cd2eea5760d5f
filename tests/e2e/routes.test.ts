import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, backofficeLogin, liveApp, SHOTS, shopLogin } from './app';

/**
 * Issue 30 "Done when": every route the spec names opens its page for a logged-in user, opened
 * directly (a reload, a shared link), in both languages, at 1280 and 390 px — no 404, the page's
 * own title and what marks it, nothing wider than the phone. One server, one browser, one
 * profile per area; a screenshot of each page and width in SHOTS/routes-*.
 */
const app = liveApp();

interface Check {
  path: string;
  /** Where the page lands (a redirect of an old address); default `path`. */
  lands?: string;
  /** A selector present on the page once it has loaded. */
  marks: string;
}

async function visit(page: Page, check: Check, lang: 'zh-cn' | 'en') {
  await page.goto(check.path);
  const lands = check.lands ?? check.path;
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(lands);
  await expect.poll(() => page.locator(check.marks).count(), { message: `${check.path} ${lang}: ${check.marks}` }).toBeGreaterThan(0);
  expect(await page.getByRole('heading', { name: '404' }).count(), `${check.path} is no 404`).toBe(0);
  const name = `routes-${lands.replace(/[/?=&]+/g, '_')}-${lang}`;
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${check.path} at 390 px` }).toBeLessThanOrEqual(390);
  expect(await page.locator(check.marks).count()).toBeGreaterThan(0);
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function everyRoute(page: Page, checks: Check[]) {
  for (const lang of ['zh-cn', 'en'] as const) {
    await page.evaluate((value) => localStorage.setItem('language', value), lang);
    for (const check of checks) await visit(page, check, lang);
  }
}

const userTitle = '#user-page-title';

describe('the spec\'s routes, opened directly', () => {
  it('user centre (spec §2): address form, security actions, ledgers, points orders, referrals; old paths redirect', async () => {
    const { context, page } = await app.page();
    await shopLogin(page);
    const addresses = await api(page, 'GET', '/user/addresses?isAll=1');
    const addressId = addresses.data[0].id as number;
    await everyRoute(page, [
      { path: '/user/address/form', marks: `${userTitle} ~ div form` },
      { path: `/user/address/form/${addressId}`, marks: 'form input[value]:not([value=""])' },
      { path: '/user/safe', marks: '[data-testid="safe-list"] li >> nth=3' },
      { path: '/user/safe/password', marks: 'form input[type="password"]' },
      { path: '/user/safe/pay_password', marks: '[data-testid="pay-password-status"]' },
      { path: '/user/safe/phone', marks: 'form input[type="tel"], form input[name="phone"], form input' },
      { path: '/user/safe/check', marks: '[data-testid="identity-on-file"], [role="status"]' },
      { path: '/user/money', marks: '[data-testid="ledger-balance"]' },
      { path: '/user/frozen_money', marks: '[data-testid="ledger-balance"]' },
      { path: '/user/integral', marks: '[data-testid="money-log"]' },
      { path: '/user/integral_order', marks: `${userTitle}` },
      { path: '/user/distribution_users', marks: '[role="tab"][aria-selected="true"]' },
      { path: '/user/distribution_logs', marks: `${userTitle}` },
      { path: '/user/money_logs', lands: '/user/money', marks: '[data-testid="ledger-balance"]' },
      { path: '/user/integrals', lands: '/user/integral_order', marks: userTitle },
    ]);
    await context.close();
  }, 300_000);

  it('admin: commission logs, every configuration group at its own address, the goods form, the long forms', async () => {
    const { context, page } = await app.page();
    await backofficeLogin(page, 'Admin', 'admin');
    const goods = await api(page, 'GET', '/Admin/goods?per_page=1', 'admin_token');
    const goodsId = goods.data.data[0].id as number;
    const notices = await api(page, 'GET', '/Admin/notices?per_page=1', 'admin_token');
    const noticeId = notices.data.data[0].id as number;
    const selectedTab = '[role="tab"][aria-selected="true"]';
    await everyRoute(page, [
      { path: '/Admin/distribution_logs', marks: '[role="row"] >> nth=1' },
      ...['web', 'upload', 'map', 'logistics', 'pay', 'oauth', 'task'].map((group) => ({ path: `/Admin/configs/${group}`, marks: `${selectedTab}, form input` })),
      { path: '/Admin/configs/sms', marks: 'form input' },
      { path: '/Admin/configs/store', marks: 'form input' },
      { path: `/Admin/goods/form/${goodsId}`, marks: 'input[value]:not([value=""])' },
      // long forms are pages: a notice's edit form and a new article's, at their own addresses
      { path: `/Admin/notices/form/${noticeId}`, marks: '[role="dialog"] input[value]:not([value=""])' },
      { path: '/Admin/articles/form', marks: '[role="dialog"] form input' },
    ]);
    // the timed tasks are their own tab, in days but for cancelling unpaid orders (minutes)
    await page.goto('/Admin/configs/task');
    await expect.poll(() => page.locator('[role="tab"][aria-selected="true"]').innerText()).toBe('Timed tasks');
    await context.close();
  }, 300_000);

  it('seller: the goods editor at its own address, new and saved', async () => {
    const { context, page } = await app.page();
    await backofficeLogin(page, 'Seller', '18888888888');
    const goods = await api(page, 'GET', '/Seller/goods?per_page=1', 'seller_token');
    const goodsId = goods.data.data[0].id as number;
    await everyRoute(page, [
      { path: '/Seller/goods/form', marks: 'section[aria-label] ol[aria-label] li[aria-current="step"]' },
      { path: `/Seller/goods/form/${goodsId}`, marks: 'input[value]:not([value=""])' },
    ]);
    await context.close();
  }, 300_000);
});
