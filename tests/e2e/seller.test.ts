import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';
import { grid, rowOf, dialog } from './table';

// Issue 3, "What a person must be able to do": a store owner manages staff accounts of their own
// store only. One real server for the file, one fresh browser profile per owner.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


async function sellerLogin(page: Page, username: string) {
  await page.goto('/Seller/login');
  await page.getByLabel('Account').fill(username);
  await page.getByLabel('Password').fill('123456');
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/Seller/dashboard');
}

describe('staff accounts of a store', () => {
  it('the owner adds a staff account; the owner of another store does not see it', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await sellerLogin(page, '18888888888');
    await page.goto('/Seller/users');
    // the seeded staff account of store 1
    await expect.poll(() => rowOf(page, 'seller').count()).toBeGreaterThan(0);

    await page.getByRole('toolbar', { name: 'Table actions' }).getByRole('button', { name: 'Add' }).click();
    // the password and the role are required in the browser (a new account gets no default password)
    await dialog(page).getByLabel('Username').fill('e2e_staff');
    await dialog(page).getByLabel('Nickname').fill('E2E店员');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog(page).getByText('Cannot be empty.').count()).toBe(2);
    await dialog(page).getByLabel('Password', { exact: true }).fill('e2e-pass1');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog(page).getByText('Cannot be empty.').count()).toBe(1);
    await dialog(page).getByLabel('Roles').click();
    await page.getByRole('option', { name: /商品专员/ }).click();
    await page.keyboard.press('Escape');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => rowOf(page, 'e2e_staff').count()).toBe(1);
    expect(await rowOf(page, 'e2e_staff').innerText()).toContain('商品专员');
    await context.close();

    const other = await newPage(browser, server.url, 'en-US');
    await sellerLogin(other.page, '18888888889');
    await other.page.goto('/Seller/users');
    // its list has loaded (no busy flag) before looking for the other store's account
    await expect.poll(() => grid(other.page).count()).toBe(1);
    await expect.poll(() => grid(other.page).getAttribute('aria-busy')).toBeNull();
    expect(await rowOf(other.page, 'e2e_staff').count()).toBe(0);
    expect(await rowOf(other.page, 'E2E店员').count()).toBe(0);
    // nor through the API with its own token
    const token = await other.page.evaluate(() => localStorage.getItem('seller_token'));
    const list = await (await other.page.request.get('/api/Seller/users?per_page=400', { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(list.code).toBe(200);
    expect(JSON.stringify(list.data)).not.toContain('e2e_staff');
    await other.context.close();
  });
});
