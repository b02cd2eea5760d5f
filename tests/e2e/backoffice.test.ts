import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { join } from 'node:path';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';
import { grid, dataRows, lineCount, rowOf, toolbar, dialog } from './table';

// Issue 3, "Tests" (e2e in Chromium): the generic table page driven through its dialogs on the
// real server (built SPA + API on a fresh embedded database), English UI for stable labels.
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
const ADMIN_TABS = ['Workbench', 'Goods centre', 'Store centre', 'Marketing', 'Points mall', 'System'];
/** Role 运营 (server/db/seed/rbac.ts): the 工作台 and 商品中心 subtrees only. */
const OPERATOR_TABS = ['Workbench', 'Goods centre'];

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Modules' }).getByRole('link');
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const confirmBox = (page: Page) => page.getByRole('alertdialog');

async function adminLogin(page: Page, username: string, password: string) {
  await page.goto('/Admin/login');
  await page.getByLabel('Account').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/Admin/dashboard');
}

/** Column texts of the data rows currently rendered. */
async function columnTexts(page: Page, column: number): Promise<string[]> {
  return dataRows(page).evaluateAll(
    (rows, i) => rows.map((r) => (r.querySelectorAll('[role=cell]')[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    column,
  );
}

async function searchFor(page: Page, label: string, value: string) {
  const panel = page.getByRole('search', { name: 'Search' });
  if ((await panel.count()) === 0) await toolbar(page).getByRole('button', { name: 'Search' }).click();
  await panel.getByLabel(label).fill(value);
  await panel.getByRole('button', { name: 'Search' }).click();
}

async function confirmDelete(page: Page, action: Locator) {
  await action.click();
  await expect.poll(() => confirmBox(page).innerText()).toContain('Are you sure you want to delete the selected data?');
  await confirmBox(page).getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => confirmBox(page).count()).toBe(0);
}

describe('courier page (物流公司) of the admin console', () => {
  it('adds, lists, searches, edits, views and deletes a courier through the dialogs', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await adminLogin(page, 'admin', '123456');
    await page.goto('/Admin/expresses');
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);
    const seeded = await lineCount(page);

    // add: the empty name is refused in the browser first
    await toolbar(page).getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => dialog(page).count()).toBe(1);
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog(page).getByText('Cannot be empty.').count()).toBeGreaterThan(0);
    expect(await dialog(page).getByLabel('Courier', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await dialog(page).getByLabel('Courier', { exact: true }).fill('E2E快递');
    await dialog(page).getByLabel('Courier code').fill('E2EKD');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    // the list reloads with one more line (the new one sorts last, beyond the rendered window)
    await expect.poll(() => lineCount(page)).toBe(seeded + 1);

    // search by name: only the matching rows
    await searchFor(page, 'Courier', 'E2E');
    await expect.poll(() => columnTexts(page, 2)).toEqual(['E2E快递']);
    expect(await rowOf(page, 'E2E快递').innerText()).toContain('E2EKD');

    // edit
    await rowOf(page, 'E2E快递').getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => dialog(page).getByLabel('Courier', { exact: true }).inputValue()).toBe('E2E快递');
    expect(await dialog(page).getByLabel('Courier code').inputValue()).toBe('E2EKD');
    await dialog(page).getByLabel('Courier', { exact: true }).fill('E2E速运');
    await dialog(page).getByLabel('Courier code').fill('E2ESY');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => columnTexts(page, 2)).toEqual(['E2E速运']);
    expect(await rowOf(page, 'E2E速运').innerText()).toContain('E2ESY');

    // view
    await rowOf(page, 'E2E速运').getByRole('button', { name: 'View' }).click();
    await expect.poll(() => dialog(page).innerText()).toContain('E2ESY');
    expect(await dialog(page).innerText()).toContain('E2E速运');
    await dialog(page).getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => dialog(page).count()).toBe(0);

    // delete: cancelling keeps the row, confirming removes it
    await rowOf(page, 'E2E速运').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => confirmBox(page).innerText()).toContain('Are you sure you want to delete the selected data?');
    await confirmBox(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirmBox(page).count()).toBe(0);
    expect(await rowOf(page, 'E2E速运').count()).toBe(1);
    await confirmDelete(page, rowOf(page, 'E2E速运').getByRole('button', { name: 'Delete' }));
    await expect.poll(() => rowOf(page, 'E2E速运').count()).toBe(0);

    // and the server agrees
    await page.reload();
    await expect.poll(() => lineCount(page)).toBe(seeded);
    expect(await rowOf(page, 'E2E速运').count()).toBe(0);
    await context.close();
  });

  it('exports the current search to Sheet1, deletes those rows and imports the same file back', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await adminLogin(page, 'admin', '123456');
    const token = (await storage(page, 'admin_token'))!;
    // two couriers to round-trip, created through the API
    for (const [name, code] of [['导出甲', 'EXPA'], ['导出乙', 'EXPB']]) {
      const res = await page.request.post('/api/Admin/expresses', { headers: { Authorization: `Bearer ${token}` }, data: { name, code } });
      expect((await res.json()).code).toBe(200);
    }
    await page.goto('/Admin/expresses');
    await searchFor(page, 'Courier', '导出');
    await expect.poll(() => columnTexts(page, 2).then((t) => t.sort())).toEqual(['导出乙', '导出甲'].sort());

    // export: a download of one sheet named Sheet1, header then the rows of the search
    const [download] = await Promise.all([page.waitForEvent('download'), toolbar(page).getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = join(server.dataDir, 'couriers.xlsx');
    await download.saveAs(file);
    const sheets = await readXlsxFile(file);
    expect(sheets.map((s) => s.sheet)).toEqual(['Sheet1']);
    const [header, ...rows] = sheets[0].data;
    expect(header).toEqual(['ID', 'Courier', 'Courier code', 'Created at']);
    expect(rows.map((r) => `${r[1]}:${r[2]}`).sort()).toEqual(['导出乙:EXPB', '导出甲:EXPA'].sort());

    // delete both (select all on the page, toolbar delete)
    await grid(page).getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await expect.poll(() => toolbar(page).innerText()).toContain('2 selected');
    await confirmDelete(page, toolbar(page).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => dataRows(page).count()).toBe(0);

    // import the same file: the rows are back and the page reports how many were imported
    await page.getByTestId('import-file').setInputFiles(file);
    await expect.poll(() => dialog(page).innerText()).toContain('2 rows imported');
    await dialog(page).getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => columnTexts(page, 2).then((t) => t.sort())).toEqual(['导出乙', '导出甲'].sort());
    expect(await rowOf(page, '导出甲').innerText()).toContain('EXPA');
    await context.close();
  });
});

describe('lazy tree (区域地址)', () => {
  it('expands a province, adds a city under it, sees the parent reload, deletes it', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await adminLogin(page, 'admin', '123456');
    await page.goto('/Admin/areas');
    const expand = page.getByRole('button', { name: 'Expand 北京市' });
    await expect.poll(() => expand.count()).toBe(1);
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    const roots = await lineCount(page);
    expect(roots).toBeGreaterThanOrEqual(31);

    await expand.click();
    const collapse = page.getByRole('button', { name: 'Collapse 北京市' });
    await expect.poll(() => collapse.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => lineCount(page)).toBeGreaterThan(roots);
    const children = (await lineCount(page)) - roots;

    // add a city under 北京市 (code 11)
    await toolbar(page).getByRole('button', { name: 'Add' }).click();
    // the parent is picked in the lazy cascader (provinces first, then their cities…)
    const parent = dialog(page).getByRole('button', { name: /Parent area/ });
    await parent.click();
    await dialog(page).getByRole('button', { name: '北京市', exact: true }).click();
    await expect.poll(() => parent.innerText()).toContain('北京市');
    await parent.click();
    await dialog(page).getByLabel('Area code').fill('1199');
    await dialog(page).getByLabel('Area name').fill('E2E新区');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    // the parent reloaded: the new child is listed under it, still expanded
    await expect.poll(() => rowOf(page, 'E2E新区').count()).toBe(1);
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => lineCount(page)).toBe(roots + children + 1);
    expect(await rowOf(page, 'E2E新区').innerText()).toContain('1199');

    // delete it: the parent reloads without it
    await confirmDelete(page, rowOf(page, 'E2E新区').getByRole('button', { name: 'Delete' }));
    await expect.poll(() => rowOf(page, 'E2E新区').count()).toBe(0);
    await expect.poll(() => lineCount(page)).toBe(roots + children);
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });
});

describe('a limited role (运营)', () => {
  it('sees fewer modules, gets no page outside its menus and is refused by the API', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await adminLogin(page, 'admin', '123456');
    await expect.poll(() => tabs(page).allInnerTexts()).toEqual(ADMIN_TABS);
    await context.close();

    const op = await newPage(browser, server.url, 'en-US');
    await adminLogin(op.page, 'operator', '123456');
    await expect.poll(() => tabs(op.page).allInnerTexts()).toEqual(OPERATOR_TABS);

    // a page outside its menus: the 404 page, no admin table
    await op.page.goto('/Admin/admins');
    await expect.poll(() => op.page.getByText('Sorry, the page you visited does not exist.').count()).toBe(1);
    expect(await grid(op.page).count()).toBe(0);

    // the API refuses the same resource and answers a permitted one
    const token = (await storage(op.page, 'admin_token'))!;
    expect(token).toBeTruthy();
    const headers = { Authorization: `Bearer ${token}` };
    const refused = await op.page.request.get('/api/Admin/admins', { headers });
    expect((await refused.json()).code).toBe(403);
    const allowed = await op.page.request.get('/api/Admin/notices', { headers });
    expect((await allowed.json()).code).toBe(200);
    // and writing to a forbidden resource is refused too
    const write = await op.page.request.post('/api/Admin/expresses', { headers, data: { name: '越权', code: 'NOPE' } });
    expect((await write.json()).code).toBe(403);
    await op.context.close();
  });
});

describe('the admin console on a 390 px phone', () => {
  it('folds the modules into one button clear of the language switch; opens the sidebar over the page and closes it by a link; a form dialog fits the screen, one field per line', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, 'admin', '123456');
    await page.goto('/Admin/users');
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);

    // the sidebar starts closed: hidden, the page the phone's whole width (no rail of icons and
    // bare dots); opened, it covers the page with the entries' names and leaves its width alone
    // the modules fold into one button naming the active one, left of the language switch: no
    // tab cut by the edge (issue 30); its menu lists them all
    const strip = (await page.getByRole('navigation', { name: 'Modules' }).boundingBox())!;
    const languages = (await page.getByRole('group', { name: 'Language' }).boundingBox())!;
    expect(strip.x + strip.width).toBeLessThan(languages.x);
    expect(await page.getByRole('navigation', { name: 'Modules' }).getByRole('link').count()).toBe(0);
    const modules = page.getByRole('navigation', { name: 'Modules' }).getByRole('button', { name: /^Modules: / });
    const active = (await modules.boundingBox())!;
    expect(active.x).toBeGreaterThanOrEqual(strip.x - 0.5);
    expect(active.x + active.width).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
    await modules.click();
    await expect.poll(() => page.getByRole('menuitem').allInnerTexts()).toContain('Goods centre');
    await page.keyboard.press('Escape');

    const main = page.locator('#main');
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.isVisible()).toBe(false);
    const mainWidth = (await main.boundingBox())!.width;
    expect(mainWidth).toBe(390);
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(200);
    expect((await main.boundingBox())!.width).toBe(mainWidth);
    const firstLink = sidebar.getByRole('link').first();
    expect((await firstLink.innerText()).trim()).not.toBe('');
    await firstLink.click();
    await expect.poll(() => sidebar.isVisible()).toBe(false);

    await page.goto('/Admin/users');
    await toolbar(page).getByRole('button', { name: 'Add' }).click();
    const inputs = dialog(page).locator('input:not([type=checkbox]):not([type=radio]):not([type=file])');
    await expect.poll(() => inputs.count()).toBeGreaterThan(2);
    const boxes = await inputs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(390);
    // one field per line: every input starts at the same left edge
    expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(1);
    await context.close();
  });
});
