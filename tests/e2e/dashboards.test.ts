import { join } from 'node:path';
import type { Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, api, backofficeLogin, liveApp, shoot } from './app';

// Issue 26, "Done when": the operator and a seller log in and see the figures the API gives,
// switch the period and see the charts reload, open each analysis page and export its list;
// screenshots of every page in both languages at 1280 and 390 px (into SHOTS).
const app = liveApp();

/** The digits of a shown amount ("CN¥1,300.15" → "1300.15"). */
const digits = (text: string) => text.replace(/[^\d.]/g, '');
const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"]`).first();
const chartsDrawn = (page: Page) => page.locator('.ct-chart svg').count();
const ready = (page: Page) => page.locator('[data-dashboard="ready"]').count();

async function exportFirstList(page: Page, name: string) {
  const toolbar = page.getByRole('toolbar', { name: 'Table actions' }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), toolbar.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = join(SHOTS, `${name}.xlsx`);
  await download.saveAs(file);
  const sheets = await readXlsxFile(file);
  return sheets[0].data;
}

/** Each language at both widths; the page never scrolls sideways at 390 px. */
async function shootBoth(page: Page, path: string, name: string) {
  for (const lang of ['en', 'zh-cn'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.goto(path);
    await expect.poll(() => ready(page)).toBe(1);
    await expect.poll(() => chartsDrawn(page)).toBeGreaterThan(0);
    expect(await shoot(page, `${name}-${lang}`)).toBeLessThanOrEqual(390);
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
}

describe('dashboards', () => {
  describe('the operator', () => {
    let page: Page;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const opened = await app.page();
      page = opened.page;
      close = () => opened.context.close();
      await backofficeLogin(page, 'Admin', 'admin');
    });
    afterAll(() => close?.());

    it('sees the API’s figures, switches the period and sees the charts reload', async () => {
      await expect.poll(() => ready(page)).toBe(1);
      const all = (await api(page, 'GET', '/Admin/dashboard/all', 'admin_token')).data;
      expect(digits(await figure(page, 'dashboard.card.today').innerText())).toBe(all.today_price);
      expect(digits(await figure(page, 'dashboard.card.month').innerText())).toBe(all.month_price);
      expect(digits(await figure(page, 'dashboard.card.total').innerText())).toBe(all.total_price);
      expect(await figure(page, 'dashboard.orders.send').innerText()).toBe(String(all.order_send));
      await expect.poll(() => chartsDrawn(page)).toBe(3);
      // the sales chart's table holds the API's 30 days
      const sales = page.getByRole('figure', { name: 'Sales', exact: true });
      await sales.getByText('Show the numbers as a table').click();
      await expect.poll(() => sales.getByRole('table').getByRole('row').count()).toBe(31);

      // by month: a new request, twelve buckets
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/Admin/dashboard/all') && r.url().includes('is_type=1')),
        page.getByRole('tab', { name: 'By month' }).click(),
      ]);
      const byMonth = (await response.json()).data;
      await expect.poll(() => sales.getByRole('table').getByRole('row').count()).toBe(13);
      expect(await sales.getByRole('table').getByRole('row').last().innerText()).toContain(byMonth.order_plot.at(-1).time);
      // a reversed range is refused in the page, before any request
      await page.getByLabel('From', { exact: true }).fill('2026-03-02');
      await page.getByLabel('To', { exact: true }).fill('2026-03-01');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await expect.poll(() => page.getByRole('alert').innerText()).toContain('The first day cannot be after the last day.');
      // the tooltip follows the arrow keys over a chart
      await page.getByRole('img', { name: /^Sales,/ }).focus();
      await page.keyboard.press('End');
      await expect.poll(() => page.getByRole('status').filter({ hasText: byMonth.order_plot.at(-1).time }).count()).toBe(1);
    }, 120_000);

    it('the dashboard in both languages at both widths', async () => {
      await shootBoth(page, '/Admin/dashboard', 'dashboard-admin');
    }, 120_000);

    for (const name of ['user', 'store', 'order', 'pay']) {
      it(`opens and exports the ${name} analysis`, async () => {
        await page.goto(`/Admin/dashboard/${name}`);
        await expect.poll(() => ready(page)).toBe(1);
        await expect.poll(() => chartsDrawn(page)).toBeGreaterThan(0);
        await expect.poll(() => page.getByRole('toolbar', { name: 'Table actions' }).count()).toBeGreaterThan(0);
        const sheet = await exportFirstList(page, `analysis-${name}`);
        expect(sheet.length).toBeGreaterThan(1);
        await shootBoth(page, `/Admin/dashboard/${name}`, `analysis-${name}`);
      }, 120_000);
    }

    it('the payments’ list follows the period', async () => {
      await page.goto('/Admin/dashboard/pay');
      await expect.poll(() => ready(page)).toBe(1);
      const [listed] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/Admin/dashboard/pay') && r.url().includes('is_type=2') && r.url().includes('per_page')),
        page.getByRole('tab', { name: 'By year' }).click(),
      ]);
      expect((await listed.json()).data.list.total).toBeGreaterThan(0);
    }, 120_000);
  });

  it('a seller sees its store’s figures and its sales analysis', async () => {
    const { context, page } = await app.page();
    await backofficeLogin(page, 'Seller', '18888888888');
    await expect.poll(() => ready(page)).toBe(1);
    const all = (await api(page, 'GET', '/Seller/dashboard/all', 'seller_token')).data;
    expect(digits(await figure(page, 'dashboard.card.today').innerText())).toBe(all.today_price);
    expect(digits(await figure(page, 'dashboard.card.week').innerText())).toBe(all.week_price);
    expect(await page.getByRole('region', { name: 'Best-selling goods' }).getByRole('row').count()).toBe(all.list.length + 1);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/Seller/dashboard/all') && r.url().includes('is_type=2')),
      page.getByRole('tab', { name: 'By year' }).click(),
    ]);
    await expect.poll(() => ready(page)).toBe(1);
    await shootBoth(page, '/Seller/dashboard', 'dashboard-seller');
    await page.goto('/Seller/dashboard/order');
    await expect.poll(() => ready(page)).toBe(1);
    const sheet = await exportFirstList(page, 'analysis-seller-order');
    expect(sheet.length).toBeGreaterThan(1);
    await shootBoth(page, '/Seller/dashboard/order', 'analysis-seller-order');
    await context.close();
  }, 180_000);
});
