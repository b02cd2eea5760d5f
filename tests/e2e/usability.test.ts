import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';
import { dataRows, grid, rowOf } from './table';

// Issue 15 "Must hold": what shoppers and operators tripped over, in Chromium on the real server.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(page: Page, path: '/Admin/login' | '/Seller/login', username: string) {
  await page.goto(path);
  // the English or Chinese captions, as the page's language is
  await page.getByLabel(/^(Account|账号)$/).fill(username);
  await page.getByLabel(/^(Password|密码)$/).fill('123456');
  await page.getByLabel(/^(Password|密码)$/).press('Enter');
  await page.waitForURL(/\/(Admin|Seller)\/dashboard/);
}

/** Pairs of cells of a row whose boxes overlap the row's action cell (the last one). */
const overlapsOfActions = (page: Page) =>
  grid(page).evaluate((table) =>
    [...table.querySelectorAll('[role=row]')].flatMap((row) => {
      const cells = [...row.children].filter((c) => c.getAttribute('role'));
      const action = cells.at(-1)!.getBoundingClientRect();
      return cells.slice(0, -1).filter((c) => c.getBoundingClientRect().right > action.left + 0.5).map((c) => (c as HTMLElement).innerText);
    }),
  );

describe('operators at 1280 px, in English', () => {
  it('show English menus and titles, and no cell under the action column on users, goods and stores', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await login(page, '/Admin/login', 'admin');
    const tabs = page.getByRole('navigation', { name: 'Modules' }).getByRole('link');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Workbench', 'Goods centre', 'Store centre', 'Marketing', 'Points mall', 'Statistics', 'System']);
    for (const [path, title] of [
      ['/Admin/users', 'Platform users'],
      ['/Admin/goods', 'Goods'],
      ['/Admin/stores', 'Store management'],
      // many flexible columns: they shrink to 72 px or their caption's longest word
      ['/Admin/cashes', 'Withdrawals'],
      ['/Admin/integral_goods', 'Points goods'],
      ['/Admin/coupons', 'Coupons'],
      // many columns: some shown on asking (Columns menu), the rest shrink
      ['/Admin/seckills', 'Flash sales'],
      ['/Admin/comments', 'Reviews'],
    ]) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
      await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);
      expect(await overlapsOfActions(page), path).toEqual([]);
    }
    await context.close();
  });

  // Orders and after-sales hold the most columns: they shrink to their least widths (text wraps,
  // state tags wrap, the time goes under the date) and the row buttons go one a line before the
  // pinned action column may cover a cell. In both languages, as captions differ in width.
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`leaves no cell under the action column on the orders and after-sales pages of both back offices (${locale})`, async () => {
      const { context, page } = await newPage(browser, server.url, locale);
      await login(page, '/Admin/login', 'admin');
      const check = async (path: string) => {
        await page.goto(path);
        await expect.poll(() => dataRows(page).count(), { message: path, timeout: 20000 }).toBeGreaterThan(0);
        // the state tags are drawn (and are not what lies under the actions)
        await expect.poll(() => grid(page).locator('[data-colour]').count(), { message: path, timeout: 20000 }).toBeGreaterThan(0);
        expect(await overlapsOfActions(page), path).toEqual([]);
        // the table fits its box: nothing to scroll sideways at 1280 px
        expect(await page.getByTestId('table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth), path).toBeLessThanOrEqual(0);
        // every stage tab is whole on the page (they wrap rather than run off its edge)
        const cut = await page.getByRole('tab').evaluateAll((tabs) =>
          tabs.filter((t) => t.getBoundingClientRect().right > (t.closest('main') ?? document.body).getBoundingClientRect().right).map((t) => (t as HTMLElement).innerText),
        );
        expect(cut, path).toEqual([]);
      };
      for (const path of ['/Admin/orders', '/Admin/refunds']) await check(path);
      await context.close();
      const seller = await newPage(browser, server.url, locale);
      await login(seller.page, '/Seller/login', '18888888888');
      const sellerPage = seller.page;
      for (const path of ['/Seller/orders', '/Seller/refunds', '/Seller/goods', '/Seller/comments']) {
        await sellerPage.goto(path);
        await expect.poll(() => dataRows(sellerPage).count(), { message: path, timeout: 20000 }).toBeGreaterThan(0);
        await expect.poll(() => grid(sellerPage).locator('[data-colour]').count(), { message: path, timeout: 20000 }).toBeGreaterThan(0);
        expect(await overlapsOfActions(sellerPage), path).toEqual([]);
        expect(await sellerPage.getByTestId('table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth), path).toBeLessThanOrEqual(0);
      }
      await seller.context.close();
    });
  }

  it('previews a store licence full size, steps to the ID photos and closes with Escape', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await login(page, '/Admin/login', 'admin');
    await page.goto('/Admin/stores');
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);
    await dataRows(page).first().getByRole('button', { name: 'View' }).click();
    await page.getByRole('button', { name: 'Enlarge Business licence' }).click();
    const preview = page.getByTestId('image-preview');
    await expect.poll(() => preview.isVisible()).toBe(true);
    const img = preview.getByRole('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // shown larger than the 50 px thumbnail
    expect((await img.boundingBox())!.width).toBeGreaterThan(150);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => preview.innerText()).toContain('2 / ');
    await page.keyboard.press('Escape');
    await expect.poll(() => preview.count()).toBe(0);
    await context.close();
  });
});

describe('a store owner', () => {
  it('sees an 18-tag spec row whole: its tags (or +N) and whole Edit / Delete buttons', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await login(page, '/Seller/login', '18888888888');
    const token = await page.evaluate(() => localStorage.getItem('seller_token'));
    const form: Record<string, string> = { name: 'Sizes18' };
    for (let i = 0; i < 18; i++) form[`specs[${i}]`] = `Size ${i + 1}`;
    const created = await page.request.post('/api/Seller/goods_attrs', { headers: { Authorization: `Bearer ${token}` }, form });
    expect((await created.json()).code).toBe(200);
    await page.goto('/Seller/goods_attrs');
    const row = rowOf(page, 'Sizes18');
    await expect.poll(() => row.count()).toBe(1);
    const rowBox = (await row.boundingBox())!;
    for (const name of ['Edit', 'Delete']) {
      const box = (await row.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(rowBox.y - 0.5);
      expect(box.y + box.height).toBeLessThanOrEqual(rowBox.y + rowBox.height + 0.5);
    }
    // every tag is drawn inside the row (rows grow to fit), the rest counted as +N
    const tags = await row.evaluate((el) => {
      const bottom = el.getBoundingClientRect().bottom;
      const shown = [...el.querySelectorAll('[data-colour]')].filter((t) => t.getBoundingClientRect().bottom <= bottom + 0.5).length;
      const more = [...el.querySelectorAll('span')].map((s) => s.textContent ?? '').find((t) => /^\+\d+$/.test(t));
      return { shown, more };
    });
    expect(tags.shown + Number(tags.more?.slice(1) ?? 0)).toBe(18);
    await context.close();
  });
});

describe('a shopper', () => {
  it('searching 手机 sees phones first', async () => {
    const { context, page } = await newPage(browser, server.url, 'zh-CN');
    await page.goto('/');
    await page.getByRole('searchbox').first().fill('手机');
    await page.getByRole('searchbox').first().press('Enter');
    await page.waitForURL('**/s/**');
    // the goods cards' names (the first line of each card), once the results are in
    const names = () => page.locator('main a:has(img)').evaluateAll((links) => links.map((a) => (a as HTMLElement).innerText.split('\n')[0]));
    await expect.poll(async () => (await names()).slice(0, 3).filter((n) => n.includes('手机')).length, { timeout: 15000 }).toBe(3);
    const all = await names();
    const lamp = all.findIndex((n) => n.includes('吸顶灯'));
    expect(lamp).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});
