import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, newPage, smsCodeFromLog, startServer, type RunningServer } from './harness';
import { grid, dataRows, lineCount, rowOf, toolbar, dialog } from './table';

// The catalogue / storefront issue, "What a person must be able to do": a shopper applies to open
// a store and the operator reviews it; a store owner creates goods with specs and puts them on and
// off the shelf, the storefront following; the operator manages classes and brands. One real
// server for the file (built SPA + API on a fresh embedded database with the demo data), English UI.
let server: RunningServer;
let browser: Browser;
/** A small real PNG (the server decodes every upload). */
let png: Buffer;

beforeAll(async () => {
  [server, browser, png] = await Promise.all([
    startServer(),
    launchBrowser(),
    sharp({ create: { width: 24, height: 24, channels: 3, background: '#c0392b' } }).png().toBuffer(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** expect.poll with room for a loaded machine (the lists and uploads go through the real server). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: png });
const level = (page: Page, n: number) => page.getByRole('list', { name: `Level ${n}` });
const searchUrl = (keywords: string) => `/s/${Buffer.from(JSON.stringify({ keywords: encodeURIComponent(keywords) }), 'utf8').toString('base64')}`;

async function adminLogin(page: Page) {
  await page.goto('/Admin/login');
  await page.getByLabel('Account').fill('admin');
  await page.getByLabel('Password').fill('123456');
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/Admin/dashboard');
}

async function sellerLogin(page: Page, username: string, password = '123456') {
  if (!new URL(page.url()).pathname.endsWith('/Seller/login')) await page.goto('/Seller/login');
  await page.getByLabel('Account').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/Seller/dashboard');
}

/** The operator's stores page through the menu (店铺中心 → 店铺管理), on one review tab. */
async function storesTab(page: Page, tab: 'Pending' | 'Refused' | 'Approved') {
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await poll(() => page.getByRole('tab', { name: new RegExp(`^${tab}`) }).getAttribute('aria-selected')).toBe('true');
  await poll(() => grid(page).getAttribute('aria-busy')).toBeNull();
}

describe('a shopper opens a store', () => {
  it('registers, applies, is refused with a reason, resubmits, is approved and reaches the seller centre', async () => {
    const phone = '13700001234';
    const password = 'shop12345';
    const storeName = 'E2E新开小店';
    const reason = '营业执照照片不清晰';
    const shopper = await newPage(browser, server.url, 'en-US');
    const { page } = shopper;

    // a new shopper, through /register with the dev SMS code
    await page.goto('/register');
    await page.getByLabel('Phone').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await poll(() => server.log().includes(phone)).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Verification code').fill(smsCodeFromLog(server.log(), phone));
    await page.getByRole('button', { name: 'Register' }).last().click();
    await page.waitForURL((u) => u.pathname === '/');

    // /store/join → step 1: the agreement must be accepted first
    await page.goto('/store/join');
    await page.getByRole('button', { name: 'Apply now' }).first().click();
    await page.waitForURL('**/store/step_1');
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await poll(() => page.getByRole('alert').filter({ hasText: 'Please read the agreement first.' }).count()).toBe(1);
    await page.getByLabel('I have read and accept the merchant agreement').check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.waitForURL('**/store/step_2');

    // step 2: an empty form is refused in the browser
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await poll(() => page.getByText('Please fill in the authentication information first.').count()).toBe(1);
    expect(await page.getByLabel('Company name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Store logo', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    // every field: three images, the class and area cascaders, the texts
    const uploads: [string, string][] = [
      ['Store logo', 'logo.png'],
      ['Business licence', 'licence.png'],
      ['ID card (front)', 'id-front.png'],
      ['ID card (back)', 'id-back.png'],
    ];
    for (const [label, file] of uploads) {
      await page.getByLabel(label, { exact: true }).setInputFiles(image(file));
      await poll(() => page.getByRole('img', { name: label, exact: true }).count()).toBe(1);
    }
    await page.getByLabel('Store name', { exact: true }).fill(storeName);
    await page.getByRole('button', { name: /Goods classes/ }).click();
    // the classes in the page's language (English names of the seed)
    await level(page, 1).getByRole('button', { name: 'Mobile & Digital' }).click();
    await level(page, 2).getByRole('button', { name: 'Mobile Phones' }).click();
    await level(page, 3).getByRole('checkbox', { name: 'Smartphones' }).check();
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('button', { name: /Goods classes/ }).innerText()).toContain('1 class chosen');
    await page.getByLabel('Company name', { exact: true }).fill('E2E商贸有限公司');
    await page.getByRole('button', { name: /Company area/ }).click();
    await level(page, 1).getByRole('button', { name: '广东省' }).click();
    await level(page, 2).getByRole('button', { name: '广州市' }).click();
    await level(page, 3).getByRole('button', { name: '天河区' }).click();
    await poll(() => page.getByRole('button', { name: /Company area/ }).innerText()).toContain('天河区');
    await page.getByLabel('Street address').fill('天河路 1 号');
    await page.getByLabel('Unified social credit code').fill('91350100M000100Y43');
    await page.getByLabel('Legal representative').fill('张三');
    await page.getByLabel("Representative's phone").fill('13800138000');
    await page.getByLabel('ID card number').fill('11010519491231002X');
    await page.getByLabel('Emergency contact', { exact: true }).fill('李四');
    await page.getByLabel('Emergency contact phone').fill('13900139000');
    await page.getByRole('button', { name: 'Submit for review' }).click();

    // step 3: waiting for review
    await page.waitForURL('**/store/step_3');
    await poll(() => page.getByTestId('join-verifying').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Waiting for review' }).count()).toBe(1);

    // the operator finds it under "Pending" (店铺中心 → 店铺管理) and refuses it with a reason
    const operator = await newPage(browser, server.url, 'en-US');
    const op = operator.page;
    await adminLogin(op);
    await op.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Store centre' }).click();
    await op.getByRole('navigation', { name: 'Side menu' }).getByRole('group', { name: 'Stores' }).getByRole('link', { name: 'Store management' }).click();
    await op.waitForURL('**/Admin/stores');
    await storesTab(op, 'Pending');
    await poll(() => rowOf(op, storeName).count()).toBe(1);
    expect(await rowOf(op, storeName).innerText()).toContain('广东省 广州市 天河区');
    await rowOf(op, storeName).getByRole('button', { name: 'Refuse' }).click();
    // the reason is required
    await dialog(op).getByRole('button', { name: 'Submit' }).click();
    await poll(() => dialog(op).getByText('Cannot be empty.').count()).toBe(1);
    await dialog(op).getByLabel('Reason').fill(reason);
    await dialog(op).getByRole('button', { name: 'Submit' }).click();
    await poll(() => dialog(op).count()).toBe(0);
    await poll(() => rowOf(op, storeName).count()).toBe(0);
    await storesTab(op, 'Refused');
    await poll(() => rowOf(op, storeName).count()).toBe(1);

    // the shopper sees the refusal with its reason, and goes back to step 2 with the values kept
    await page.getByRole('button', { name: 'Refresh status' }).click();
    await poll(() => page.getByTestId('join-denied').count()).toBe(1);
    expect(await page.getByTestId('join-denied').innerText()).toContain(`Reason: ${reason}`);
    await page.getByRole('button', { name: 'Edit my application' }).click();
    await page.waitForURL('**/store/step_2');
    await poll(() => page.getByLabel('Store name', { exact: true }).inputValue()).toBe(storeName);
    expect(await page.getByLabel('ID card number').inputValue()).toBe('11010519491231002X');
    await poll(() => page.getByRole('button', { name: /Company area/ }).innerText()).toContain('天河区');
    // a clearer licence photo, then submit again
    await page.getByLabel('Business licence', { exact: true }).setInputFiles(image('licence-2.png'));
    await poll(() => page.getByLabel('Business licence', { exact: true }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.waitForURL('**/store/step_3');
    await poll(() => page.getByTestId('join-verifying').count()).toBe(1);

    // the operator approves it
    await storesTab(op, 'Pending');
    await poll(() => rowOf(op, storeName).count()).toBe(1);
    await rowOf(op, storeName).getByRole('button', { name: 'Approve' }).click();
    await poll(() => op.getByRole('alertdialog').innerText()).toContain(`Approve the store “${storeName}”?`);
    await op.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await poll(() => op.getByRole('alertdialog').count()).toBe(0);
    await poll(() => rowOf(op, storeName).count()).toBe(0);
    await storesTab(op, 'Approved');
    await poll(() => rowOf(op, storeName).count()).toBe(1);
    await operator.context.close();

    // step 3 passes; its button leads to the seller centre, where the new owner signs in
    await page.getByRole('button', { name: 'Refresh status' }).click();
    await poll(() => page.getByTestId('join-passed').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Approved: set up your store' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Sign in to my store' }).click();
    await page.waitForURL('**/Seller/login');
    await sellerLogin(page, phone, password);
    await poll(() => page.getByRole('navigation', { name: 'Modules' }).getByRole('link').count()).toBeGreaterThan(0);
    await shopper.context.close();
  }, 120_000);
});

describe('a store owner sells new goods', () => {
  it('creates goods with a SKU matrix, publishes it, and the storefront follows the shelf switch', async () => {
    const title = 'E2E Zephyrphone 旗舰手机';
    const owner = await newPage(browser, server.url, 'en-US');
    const { page } = owner;
    await sellerLogin(page, '18888888888');
    await page.goto('/Seller/goods');
    await poll(() => dataRows(page).count()).toBeGreaterThan(0);
    await toolbar(page).getByRole('button', { name: 'Add' }).click();
    const editor = page.getByRole('region', { name: 'New goods' });
    await poll(() => editor.count()).toBe(1);

    // category: three levels of the store's classes
    const next = editor.getByRole('button', { name: 'Next: goods details' });
    // the English console names the classes in English (their ename)
    await editor.getByRole('group', { name: 'Level 1' }).getByRole('button', { name: 'Mobile & Digital' }).click();
    expect(await next.isDisabled()).toBe(true);
    await editor.getByRole('group', { name: 'Level 2' }).getByRole('button', { name: 'Mobile Phones' }).click();
    await editor.getByRole('group', { name: 'Level 3' }).getByRole('button', { name: 'Smartphones' }).click();
    await poll(() => editor.getByText('Chosen category: Mobile & Digital / Mobile Phones / Smartphones').count()).toBe(1);
    await next.click();

    // details: title, brand, an uploaded image, prices, weight, stock
    await editor.getByLabel('Title', { exact: true }).fill(title);
    await editor.getByLabel('Subtitle').fill('E2E 测试商品 · 多规格');
    await editor.getByRole('combobox', { name: 'Brand' }).click();
    await editor.getByRole('combobox', { name: 'Brand' }).fill('Nova');
    await page.getByRole('option', { name: 'Nova' }).click();
    await editor.getByLabel('Upload').setInputFiles(image('goods.png'));
    await poll(() => editor.getByRole('button', { name: 'Make Image 1 the main image' }).count()).toBe(1);
    expect(await editor.getByRole('button', { name: 'Make Image 1 the main image' }).getAttribute('aria-pressed')).toBe('true');
    await editor.getByLabel('Price', { exact: true }).fill('1999');
    await editor.getByLabel('Market price', { exact: true }).fill('2399');
    await editor.getByLabel('Weight', { exact: true }).fill('0.5');
    await editor.getByLabel('Stock', { exact: true }).fill('100');
    await editor.getByRole('button', { name: 'Next: specs' }).click();

    // specs: two attributes, 3 × 2 ticked values → 6 SKU rows
    await poll(() => editor.getByText('No specs ticked: the goods sells as one item').count()).toBe(1);
    await editor.getByRole('button', { name: 'Choose attributes' }).click();
    const attrs = page.getByRole('dialog', { name: 'Choose attributes' });
    await attrs.getByLabel('颜色', { exact: true }).check();
    await attrs.getByLabel('存储', { exact: true }).check();
    await attrs.getByRole('button', { name: 'Confirm' }).click();
    await poll(() => attrs.count()).toBe(0);
    const colours = ['曜石黑', '冰川蓝', '晨雾白'];
    const storages = ['8GB+256GB', '12GB+512GB'];
    for (const v of colours) await editor.getByRole('group', { name: '颜色' }).getByLabel(v, { exact: true }).check();
    await poll(() => editor.getByTestId('sku-row').count()).toBe(3);
    for (const v of storages) await editor.getByRole('group', { name: '存储' }).getByLabel(v, { exact: true }).check();
    await poll(() => editor.getByTestId('sku-row').count()).toBe(colours.length * storages.length);
    // one row per combination, named in the order of the attribute boxes
    const order = await editor.locator('fieldset > legend').allInnerTexts();
    expect([...order].sort()).toEqual(['存储', '颜色'].sort());
    const nameOf = (c: string, s: string) => (order[0] === '颜色' ? `${c} ${s}` : `${s} ${c}`);
    const skuNames = await editor.getByTestId('sku-row').locator('th').allInnerTexts();
    expect([...skuNames].sort()).toEqual(colours.flatMap((c) => storages.map((s) => nameOf(c, s))).sort());
    for (const [i, c] of colours.entries()) {
      for (const [j, s] of storages.entries()) {
        const name = nameOf(c, s);
        await editor.getByLabel(`Price ${name}`, { exact: true }).fill(String(1999 + j * 500));
        await editor.getByLabel(`Market price ${name}`, { exact: true }).fill(String(2399 + j * 500));
        await editor.getByLabel(`Weight (kg) ${name}`, { exact: true }).fill('0.5');
        await editor.getByLabel(`Stock ${name}`, { exact: true }).fill(String(10 + i));
      }
    }
    await editor.getByRole('button', { name: 'Publish' }).click();

    // back on the list, on the shelf; store.goods_verify is off in the seed, so it needs no review
    await poll(() => editor.count()).toBe(0);
    await poll(() => rowOf(page, title).count()).toBe(1);
    const row = rowOf(page, title);
    expect(await row.innerText()).toContain('Nova');
    expect(await row.innerText()).toContain('Approved');
    const shelf = row.getByRole('switch', { name: `${title} on shelf` });
    expect(await shelf.getAttribute('aria-checked')).toBe('true');

    // the storefront: the header search box finds it; its page has the two spec radio groups
    const visitor = await newPage(browser, server.url, 'en-US');
    const shop = visitor.page;
    await shop.goto('/');
    await shop.getByRole('searchbox', { name: 'Search goods' }).fill(title);
    await shop.getByRole('searchbox', { name: 'Search goods' }).press('Enter');
    await shop.waitForURL('**/s/**');
    const card = shop.getByRole('link', { name: title });
    await poll(() => card.count()).toBe(1);
    const href = (await card.getAttribute('href'))!;
    expect(href).toMatch(/^\/goods\/\d+$/);
    await card.click();
    await shop.waitForURL(`**${href}`);
    await poll(() => shop.getByRole('heading', { name: title }).count()).toBe(1);
    const colourGroup = shop.getByRole('radiogroup', { name: '颜色' });
    await poll(() => colourGroup.getByRole('radio').allInnerTexts()).toEqual(colours);
    expect(await shop.getByRole('radiogroup', { name: '存储' }).getByRole('radio').allInnerTexts()).toEqual(storages);

    // off the shelf: gone from the search and its page
    await shelf.click();
    await poll(() => shelf.getAttribute('aria-checked')).toBe('false');
    await poll(() => shelf.isEnabled()).toBe(true);
    await page.reload();
    await poll(() => rowOf(page, title).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await shop.goto(searchUrl(title));
    await poll(() => shop.getByText('No goods found').count()).toBe(1);
    expect(await shop.getByRole('link', { name: title }).count()).toBe(0);
    await shop.goto(href);
    await poll(() => shop.getByText('This item is not available').count()).toBe(1);
    expect(await shop.getByRole('radiogroup').count()).toBe(0);

    // back on the shelf: found again
    await rowOf(page, title).getByRole('switch').click();
    await poll(() => rowOf(page, title).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await poll(() => rowOf(page, title).getByRole('switch').isEnabled()).toBe(true);
    await shop.goto(searchUrl(title));
    await poll(() => shop.getByRole('link', { name: title }).count()).toBe(1);
    await shop.goto(href);
    await poll(() => shop.getByRole('radiogroup', { name: '颜色' }).getByRole('radio').count()).toBe(colours.length);
    await visitor.context.close();
    await owner.context.close();
  }, 90_000);
});

describe('the operator manages the catalogue', () => {
  it('expands the lazy class tree and adds a class under a second-level one', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await adminLogin(page);
    await page.goto('/Admin/goods_classes');
    const expandTop = page.getByRole('button', { name: 'Expand 手机数码' });
    await poll(() => expandTop.count()).toBe(1);
    const roots = await lineCount(page);
    expect(await rowOf(page, '手机通讯').count()).toBe(0);

    // a top class opens on its children only when asked
    await expandTop.click();
    await poll(() => page.getByRole('button', { name: 'Collapse 手机数码' }).getAttribute('aria-expanded')).toBe('true');
    await poll(() => lineCount(page)).toBe(roots + 3);
    for (const child of ['手机通讯', '智能设备', '摄影摄像']) expect(await rowOf(page, child).count()).toBe(1);
    await page.getByRole('button', { name: 'Expand 手机通讯' }).click();
    await poll(() => lineCount(page)).toBe(roots + 5);
    expect(await rowOf(page, '智能手机').count()).toBe(1);

    // add a third-level class under 手机数码 / 手机通讯
    await toolbar(page).getByRole('button', { name: 'Add' }).click();
    await poll(() => dialog(page).count()).toBe(1);
    await dialog(page).getByRole('button', { name: /Parent category/ }).click();
    // the picker names them in English (their ename); the tree's rows show the name being edited
    await level(page, 1).getByRole('button', { name: 'Mobile & Digital' }).click();
    await level(page, 2).getByRole('button', { name: 'Mobile Phones' }).click();
    await poll(() => dialog(page).getByRole('button', { name: /Parent category/ }).innerText()).toContain('Mobile Phones');
    await dialog(page).getByLabel('Category name').fill('E2E折叠屏');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await poll(() => dialog(page).count()).toBe(0);
    // the parent reloaded: listed under it, still expanded
    await poll(() => rowOf(page, 'E2E折叠屏').count()).toBe(1);
    await poll(() => lineCount(page)).toBe(roots + 6);
    expect(await page.getByRole('button', { name: 'Collapse 手机通讯' }).getAttribute('aria-expanded')).toBe('true');

    // and the server placed it under 手机通讯 (the public class tree)
    const tree = await (await page.request.get('/api/load_goods_classes?deep=-1')).json();
    const phones = tree.data.find((c: { name: string }) => c.name === '手机数码');
    const comms = phones.children.find((c: { name: string }) => c.name === '手机通讯');
    expect(comms.children.map((c: { name: string }) => c.name)).toContain('E2E折叠屏');
    await context.close();
  });

  it('adds a brand with its logo', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await adminLogin(page);
    await page.goto('/Admin/goods_brands');
    await poll(() => dataRows(page).count()).toBeGreaterThan(0);
    const before = await lineCount(page);
    await toolbar(page).getByRole('button', { name: 'Add' }).click();
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await poll(() => dialog(page).getByText('Cannot be empty.').count()).toBeGreaterThan(0);
    await dialog(page).getByLabel('Brand name').fill('E2E品牌');
    await dialog(page).getByLabel('Brand logo').setInputFiles(image('brand.png'));
    await poll(() => dialog(page).getByRole('img', { name: 'Brand logo 1' }).count()).toBe(1);
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => rowOf(page, 'E2E品牌').count()).toBe(1);
    await poll(() => lineCount(page)).toBe(before + 1);
    expect(await rowOf(page, 'E2E品牌').getByRole('img').count()).toBe(1);
    await context.close();
  });
});
