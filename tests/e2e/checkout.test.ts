import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';

// Issue 12, the shopper buys: one real server (built SPA + API on a fresh embedded database with
// the seeded demo data), a fresh browser profile per scenario, the pages in English.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  vi.resetConfig();
  await browser?.close();
  await server?.stop();
});

const STORE_1 = '小王数码专营店';

async function shopLogin(page: Page, username = 'demo', password = '123456') {
  await page.goto('/login');
  await page.getByLabel('Phone / username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** A shopper API answer's data, with the page's own token. */
const api = (page: Page, method: string, path: string) =>
  page.evaluate(
    async ([method, path]) => {
      const answer = await fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } }).then((r) => r.json());
      return answer.data;
    },
    [method, path] as const,
  );

/** The base64 JSON route state of `/order/…`. */
function routeState(url: string, prefix: string): Record<string, unknown> {
  const { pathname } = new URL(url);
  expect(pathname.startsWith(`${prefix}/`)).toBe(true);
  return JSON.parse(Buffer.from(decodeURIComponent(pathname.slice(prefix.length + 1)), 'base64').toString('utf8'));
}

const money = (text: string) => Math.round(Number(/[\d.]+/.exec(text.replace(/,/g, ''))?.[0] ?? NaN) * 100);

describe('shopper buys now and pays with the balance', () => {
  it('goods page → checkout (address, freight, total) → pay (wrong then right pay password) → success; the order is paid and the balance debited once', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await shopLogin(page);
    const before = await api(page, 'POST', '/auth/info');
    const balanceBefore = money(String(before.money));

    // buy now: one SKU of a ¥19.90 pen, quantity 1
    await page.goto('/goods/18');
    await page.getByRole('radiogroup', { name: '颜色' }).getByRole('radio', { name: '黑色' }).click();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL(/\/order\/before\//);

    // checkout: the demo shopper's addresses, the default one chosen; one store group with its freight
    const radios = page.getByRole('radiogroup', { name: 'Delivery address' }).getByRole('radio');
    await expect.poll(() => radios.count()).toBeGreaterThanOrEqual(2);
    const checked = await radios.evaluateAll((inputs) => inputs.filter((input) => (input as HTMLInputElement).checked).length);
    expect(checked).toBe(1);
    const store = page.getByRole('region', { name: STORE_1 });
    await expect.poll(() => store.getByTestId('store-total').count()).toBe(1);
    const storeTotal = money(await store.getByTestId('store-total').innerText());
    expect(storeTotal).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('checkout-total').innerText()).toMatch(/^1 item, total to pay/);
    expect(money((await page.getByTestId('checkout-total').innerText()).split('pay')[1])).toBe(storeTotal);
    await store.getByLabel('Note to the seller (optional)').fill('e2e: please ring twice');

    // create (a double click makes one order) → the pay page with that order
    const submit = page.getByRole('button', { name: 'Submit order' });
    await submit.dblclick();
    await page.waitForURL(/\/order\/pay\//);
    const { order_id: orderIds } = routeState(page.url(), '/order/pay') as { order_id: number[] };
    expect(orderIds).toHaveLength(1);
    const created = await api(page, 'GET', `/user/order/${orderIds[0]}`);
    expect(created.order_status).toBe(1);
    expect(created.remark).toBe('e2e: please ring twice');

    // pay: what is paid, the reservation countdown, a wrong pay password is refused in place
    await expect.poll(() => page.getByTestId('pay-total').innerText()).toContain('Total to pay');
    expect(money(await page.getByTestId('pay-total').innerText())).toBe(storeTotal);
    await expect.poll(() => page.getByTestId('pay-countdown').innerText()).toMatch(/^Pay within \d\d : \d\d : \d\d/);
    await page.getByText('Balance', { exact: true }).click();
    const password = page.getByLabel('Pay password (6 digits)');
    await password.fill('000000');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname.startsWith('/order/pay/')).toBe(true);
    expect((await api(page, 'GET', `/user/order/${orderIds[0]}`)).order_status).toBe(1);

    await password.fill('123456');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL((u) => u.pathname === '/order/success');
    await expect.poll(() => page.getByRole('heading', { name: 'Payment received!' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/user/orders');

    const paid = await api(page, 'GET', `/user/order/${orderIds[0]}`);
    expect(paid.order_status).toBe(2);
    const after = await api(page, 'POST', '/auth/info');
    expect(money(String(after.money))).toBe(balanceBefore - storeTotal);
    await context.close();
  });
});

describe('shopper checks out a two-store cart and pays with Alipay in test mode', () => {
  it('cart → checkout with an address added in the dialog → two orders → QR dialog (test mode) → confirm page → success; both orders paid, the cart lines gone', async () => {
    const { context, page } = await newPage(browser, server.url, 'en-US');
    await shopLogin(page);

    // the first line of two different stores of the demo shopper's cart
    const cart = (await api(page, 'GET', '/user/carts?page=1&per_page=100')) as { data: { store_id: number; cart_list: { cart_id: number; goods_name: string }[] }[] };
    const stores = cart.data.filter((store) => store.cart_list.length > 0).slice(0, 2);
    expect(stores).toHaveLength(2);
    const picked = stores.map((store) => store.cart_list[0]);
    await page.goto('/carts');
    for (const line of picked) await page.getByRole('checkbox', { name: `Select ${line.goods_name}`, exact: true }).check();
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/order\/before\//);
    expect(routeState(page.url(), '/order/before')).toMatchObject({ ifcart: 1 });

    // add an address without leaving the page: it becomes the chosen one
    await expect.poll(() => page.getByTestId('checkout-total').count()).toBe(1);
    await page.getByRole('button', { name: '+ Add an address' }).click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByLabel('Recipient').fill('王五');
    await dialog.getByLabel('Phone').fill('13900000009');
    await dialog.getByRole('button', { name: /Region/ }).click();
    await page.getByRole('button', { name: '广东省', exact: true }).click();
    await page.getByRole('button', { name: '深圳市', exact: true }).click();
    await page.getByRole('button', { name: '南山区', exact: true }).click();
    await dialog.getByLabel('Street address').fill('科技园 8 号');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const chosen = page.getByRole('radio', { name: /^王五, 13900000009, 广东省/ });
    await expect.poll(() => chosen.isChecked()).toBe(true);
    expect(new URL(page.url()).pathname.startsWith('/order/before/')).toBe(true);

    // one group per store; create → the pay page with both orders
    for (const store of stores) await expect.poll(() => page.locator(`[data-testid="checkout-store-${store.store_id}"]`).count()).toBe(1);
    await page.getByRole('button', { name: 'Submit order' }).click();
    await page.waitForURL(/\/order\/pay\//);
    const { order_id: orderIds } = routeState(page.url(), '/order/pay') as { order_id: number[] };
    expect(orderIds).toHaveLength(2);
    for (const id of orderIds) expect((await api(page, 'GET', `/user/order/${id}`)).receive_name).toBe('王五');

    // Alipay: the QR dialog says test mode and links the development provider's confirm page
    await expect.poll(() => page.getByRole('heading', { name: 'Orders to pay (2)' }).count()).toBe(1);
    await page.getByText('Alipay', { exact: true }).click();
    await page.getByRole('button', { name: 'Pay now' }).click();
    const qr = page.getByTestId('qr-dialog');
    await expect.poll(() => qr.getByTestId('test-mode').count()).toBe(1);
    expect(await qr.getByTestId('test-mode').innerText()).toBe('Test mode: no real money is taken');
    await expect.poll(() => qr.getByRole('img', { name: 'Alipay payment QR code' }).count()).toBe(1);
    const [confirm] = await Promise.all([context.waitForEvent('page'), qr.getByRole('link', { name: 'Open the test payment page' }).click()]);
    await confirm.waitForLoadState();
    await confirm.getByRole('button', { name: /Confirm payment/ }).click();

    // the pay page moves on by itself
    await page.waitForURL((u) => u.pathname === '/order/success', { timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Payment received!' }).count()).toBe(1);
    for (const id of orderIds) expect((await api(page, 'GET', `/user/order/${id}`)).order_status).toBe(2);
    const after = (await api(page, 'GET', '/user/carts?page=1&per_page=100')) as typeof cart;
    const left = after.data.flatMap((store) => store.cart_list.map((line) => line.cart_id));
    for (const line of picked) expect(left).not.toContain(line.cart_id);
    await context.close();
  });
});
