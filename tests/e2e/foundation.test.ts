import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, newPage, smsCodeFromLog, startServer, type RunningServer } from './harness';

// Issue 2, "What a person must be able to do": one real server (built SPA + API on a fresh
// embedded database) for the file, one fresh browser profile per scenario.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The seeded top tabs as an English browser shows them (the menus' English names, issue 15). */
const ADMIN_TABS = ['Workbench', 'Goods centre', 'Store centre', 'Marketing', 'Points mall', 'Statistics', 'System'];
const SELLER_TABS = ['Workbench', 'Goods centre', 'Store centre', 'Marketing', 'Orders', 'Statistics', 'System'];

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Modules' }).getByRole('link');
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function backofficeLogin(page: Page, path: string, username: string, password: string) {
  await page.goto(path);
  await page.getByLabel('Account').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

async function shopLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Phone / username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('operator in the admin console', () => {
  it('logs in, walks the menu, collapses, reloads, edits the profile and logs out', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await backofficeLogin(page, '/Admin/login', 'admin', '123456');

    // lands on the first page of the menu, with the seeded top tabs
    await page.waitForURL('**/Admin/dashboard');
    await expect.poll(() => tabs(page).allInnerTexts()).toEqual(ADMIN_TABS);
    await expect.poll(() => tabs(page).first().getAttribute('aria-current')).toBe('page');
    const sidebar = page.getByTestId('sidebar');
    await expect.poll(() => sidebar.innerText()).toContain('Dashboard');

    // a tab opens its first reachable page and shows its children in the sidebar
    await tabs(page).filter({ hasText: 'System' }).click();
    await page.waitForURL('**/Admin/configs/web');
    await expect.poll(() => sidebar.innerText()).toContain('Administrators');
    expect(await sidebar.innerText()).not.toContain('Dashboard');
    expect(await tabs(page).filter({ hasText: 'System' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Website settings');

    // the sidebar collapses to 63 px and expands back to 200 px
    await page.getByRole('button', { name: 'Collapse the menu' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(63);
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(200);

    // a reload keeps the session and the page
    await page.reload();
    await expect.poll(() => tabs(page).allInnerTexts()).toEqual(ADMIN_TABS);
    expect(new URL(page.url()).pathname).toBe('/Admin/configs/web');

    // user info: nickname, password and avatar
    const avatarFile = join(server.dataDir, 'avatar.png');
    writeFileSync(avatarFile, await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c81623' } }).png().toBuffer());
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'User info' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Nickname').inputValue()).toBe('超级管理员');
    await dialog.getByLabel('Nickname').fill('');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog.getByText('Cannot be empty.').count()).toBeGreaterThan(0);
    await dialog.getByLabel('Nickname').fill('平台运营');
    await dialog.getByLabel('Password', { exact: true }).fill('Lamp-654321');
    await dialog.getByLabel('Current password').fill('123456');
    await dialog.locator('input[type=file]').setInputFiles(avatarFile);
    await expect.poll(() => dialog.locator('img').first().getAttribute('src')).toMatch(/^\/uploads\/avatar\//);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: /User menu/ }).innerText()).toContain('平台运营');
    const avatarUrl = JSON.parse((await storage(page, 'admin_user')) ?? '{}').avatar as string;
    expect(avatarUrl).toMatch(/^\/uploads\/avatar\//);
    expect((await page.request.get(avatarUrl)).headers()['content-type']).toMatch(/^image\//);

    // logout clears the session whatever the server says and goes to the login page
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/Admin/login');
    expect(await storage(page, 'admin_token')).toBeNull();
    expect(await storage(page, 'admin_user')).toBeNull();

    // the new password is the password now
    await backofficeLogin(page, '/Admin/login', 'admin', '123456');
    await expect.poll(() => page.getByRole('status').innerText()).toContain('Wrong account or password.');
    expect(new URL(page.url()).pathname).toBe('/Admin/login');
    expect(await storage(page, 'admin_token')).toBeNull();
    await backofficeLogin(page, '/Admin/login', 'admin', 'Lamp-654321');
    await page.waitForURL('**/Admin/dashboard');
    await context.close();
  });

  it('refuses empty fields and a missing agreement before asking the server', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await page.goto('/Admin/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Please enter your account and password');
    await page.getByLabel('I have read and agree to the').uncheck();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Please read the agreement first.');
    await context.close();
  });
});

describe('store owner in the seller centre', () => {
  it('logs in and sees the seller menu', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await backofficeLogin(page, '/Seller/login', '18888888888', '123456');
    await page.waitForURL('**/Seller/dashboard');
    await expect.poll(() => tabs(page).allInnerTexts()).toEqual(SELLER_TABS);
    expect(await storage(page, 'seller_token')).toBeTruthy();
    expect(await storage(page, 'admin_token')).toBeNull();
    await context.close();
  });
});

describe('shopper', () => {
  it('logs in at /login and sees the login state in the top bar', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await shopLogin(page, '18888888888', '123456');
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByText(/^Welcome, /).count()).toBe(1);
    expect(await storage(page, 'token')).toBeTruthy();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(await storage(page, 'token')).toBeNull();
    await context.close();
  });

  it('refuses the staff sub-account with the translated message and keeps no token', async () => {
    const { context, page } = await newPage(browser, server.url, 'zh-CN');
    await page.goto('/login');
    await page.getByLabel('手机 / 用户名').fill('seller');
    await page.getByLabel('密码').fill('123456');
    await page.getByLabel('密码').press('Enter');
    await expect.poll(() => page.getByText('子账号不允许购买').count()).toBeGreaterThan(0);
    expect(await storage(page, 'token')).toBeNull();
    expect(await storage(page, 'user')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('registers with an SMS code, then resets the password with another one', async () => {
    const phone = '13912345678';
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await page.goto('/register');
    // the development SMS provider is announced as test mode
    await expect.poll(() => page.getByText('Test mode: no real SMS is sent; the code is written to the server log.').count()).toBe(1);
    await page.getByLabel('Phone').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => server.log().includes(phone)).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Kite-abc-12345');
    await page.getByLabel('Confirm password').fill('Kite-abc-12345');
    await page.getByLabel('Verification code').fill(smsCodeFromLog(server.log(), phone));
    await page.getByRole('button', { name: 'Register' }).last().click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByText(/^Welcome, /).count()).toBe(1);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');

    await page.goto('/forget_password');
    await page.getByLabel('Phone').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    // the dev provider prints a second code for the same phone (the 30 s guard is per template)
    await expect.poll(() => server.log().split('\n').filter((l) => l.includes('[sms:dev]') && l.includes(phone)).length).toBe(2);
    await page.getByLabel('New password').fill('xyz98765');
    await page.getByLabel('Confirm password').fill('xyz98765');
    await page.getByLabel('Verification code').fill(smsCodeFromLog(server.log(), phone));
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');

    await shopLogin(page, phone, 'xyz98765');
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByText(/^Welcome, /).count()).toBe(1);
    await context.close();
  });
});

describe('lost and foreign sessions', () => {
  it('shows a 404 page for an unknown path', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('Sorry, the page you visited does not exist.').count()).toBe(1);
    await context.close();
  });

  it('sends a stale admin token and a seller token used as an admin token to the admin login', async () => {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: '18888888888', password: '123456', provider: 'users', area: 'seller' }),
    }).then((r) => r.json());
    expect(login.code).toBe(200);
    const sellerToken: string = login.data.access_token;

    for (const token of ['stale.garbage.token', sellerToken]) {
      const { context, page } = await newPage(browser, server.url, 'en-US');
      await context.addInitScript((t) => {
        localStorage.setItem('admin_token', t);
        localStorage.setItem('admin_user', JSON.stringify({ id: 1, nickname: 'x', belong_id: 0 }));
      }, token);
      await page.goto('/Admin/dashboard');
      await page.waitForURL('**/Admin/login');
      await expect.poll(() => storage(page, 'admin_token')).toBeNull();
      await context.close();
    }
  });
});
