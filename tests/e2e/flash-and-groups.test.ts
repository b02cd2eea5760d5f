import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';

// Issue 14, flash sales and group buys: one real server (built SPA + API, fresh embedded database
// with the demo seed), a browser profile per shopper, the pages in English.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  vi.resetConfig();
  await browser?.close();
  await server?.stop();
});

/** An API call from the test itself → {code, msg, data}. */
async function call(method: string, path: string, token?: string, body?: Record<string, string | number>) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}), 'Accept-Language': 'en' },
    body: body ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() : undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

async function sellerToken() {
  const res = await call('POST', '/login', undefined, { username: '18888888888', password: '123456', provider: 'users', area: 'seller' });
  expect(res.code).toBe(200);
  return res.data.access_token as string;
}

/** 'YYYY-MM-DD HH:MM:SS' wall time moved by `seconds`. */
function wall(text: string, seconds: number) {
  const at = new Date(`${text.replace(' ', 'T')}Z`).getTime() + seconds * 1000;
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

async function apiLogin(username: string) {
  const res = await call('POST', '/login', undefined, { username, password: '123456', provider: 'users' });
  expect(res.code).toBe(200);
  return res.data.access_token as string;
}

/** Gives `username` a default address in the demo shopper's area (the seeded extra shoppers have none). */
async function giveAddress(username: string) {
  const demo = await call('GET', '/user/addresses', await apiLogin('demo'));
  const rows = Array.isArray(demo.data) ? demo.data : demo.data.data;
  const area: number[] = rows[0].area;
  const res = await call('POST', '/user/addresses', await apiLogin(username), {
    receive_name: '团购买家',
    receive_tel: '13900000012',
    address: '团结路 2 号',
    is_default: 1,
    ...Object.fromEntries(area.map((id, i) => [`area[${i}]`, id])),
  });
  expect(res.code).toBe(200);
}

async function shopLogin(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Phone / username').fill(username);
  await page.getByLabel('Password').fill('123456');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

const pageApi = (page: Page, path: string) =>
  page.evaluate(async (path) => (await fetch(`/api${path}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } }).then((r) => r.json())).data, path);

async function submitAndPayWithBalance(page: Page) {
  await page.getByRole('button', { name: 'Submit order' }).click();
  await page.waitForURL(/\/order\/pay\//);
  await page.getByText('Balance', { exact: true }).click();
  await page.getByLabel('Pay password (6 digits)').fill('123456');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL((u) => u.pathname === '/order/success');
}

async function submitAndPayInTestMode(context: BrowserContext, page: Page) {
  await page.getByRole('button', { name: 'Submit order' }).click();
  await page.waitForURL(/\/order\/pay\//);
  await page.getByText('Alipay', { exact: true }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  const qr = page.getByTestId('qr-dialog');
  await expect.poll(() => qr.getByTestId('test-mode').count()).toBe(1);
  const [confirm] = await Promise.all([context.waitForEvent('page'), qr.getByRole('link', { name: 'Open the test payment page' }).click()]);
  await confirm.waitForLoadState();
  await confirm.getByRole('button', { name: /Confirm payment/ }).click();
  await page.waitForURL((u) => u.pathname === '/order/success', { timeout: 20_000 });
}

describe('flash sale', () => {
  it('buys at the flash price while the sale runs (countdown on /seckills and the goods page), and is refused once it has ended', async () => {
    // the store puts a goods on a one-minute flash sale, 90% off, 5 units
    const token = await sellerToken();
    const sales = await call('GET', '/Seller/seckills?per_page=50', token);
    const goodsId = sales.data.data.find((row: { state: number }) => row.state === 2).goods_id as number;
    const { data: clock } = await call('GET', '/seckills');
    const made = await call('POST', '/Seller/seckills', token, { goods_id: goodsId, discount: 90, stock: 5, start_time: wall(clock.now, -60), end_time: wall(clock.now, 75) });
    expect(made.code).toBe(200);

    const { context, page } = await newPage(browser, server.url, 'en-US');
    await page.setViewportSize({ width: 390, height: 844 });
    await shopLogin(page, 'demo');
    await page.goto('/seckills');
    await expect.poll(() => page.getByRole('heading', { name: 'Flash sales', level: 1 }).count()).toBe(1);
    const timer = page.getByTestId('session-timer');
    await expect.poll(() => timer.innerText()).toMatch(/Ends in\s*\d\d : \d\d : \d\d/);
    const first = await timer.innerText();
    await expect.poll(() => timer.innerText(), { timeout: 5000 }).not.toBe(first);

    await page.goto(`/goods/${goodsId}`);
    const flash = page.getByTestId('flash-sale');
    await expect.poll(() => flash.innerText()).toMatch(/Flash price[\s\S]*90% off[\s\S]*Ends in/);
    await flash.getByRole('button', { name: 'Buy at flash price' }).click();
    await page.waitForURL(/\/order\/before\//);
    await expect.poll(() => page.getByTestId('line-promo').first().innerText()).toMatch(/^Flash price −90%/);
    const checkoutUrl = page.url();
    await submitAndPayWithBalance(page);
    const orders = await pageApi(page, '/user/orders?page=1&per_page=5');
    const bought = orders.data[0];
    expect(bought.order_status).toBe(2);
    expect(Number(bought.order_goods[0].goods_price) * 10).toBeCloseTo(Number((await call('GET', `/goods/${goodsId}`)).data.goods_price), 1);

    // after the end: the same checkout is refused, line by line
    await expect.poll(async () => (await call('GET', `/goods/${goodsId}/promotions`)).data.seckill, { timeout: 90_000, interval: 2000 }).toBeNull();
    await page.goto(checkoutUrl);
    await expect.poll(() => page.getByTestId('line-refusal').first().innerText()).toContain('The flash sale is not running');
    await context.close();
  }, 240_000);
});

describe('group buy', () => {
  it('one shopper opens a group, a second joins it from the goods page, and both see it filled', async () => {
    const { data: page1 } = await call('GET', '/collectives');
    const offer = page1.offers.find((o: { need: number; goods_id: number }) => o.need === 2);
    expect(offer).toBeTruthy();

    // shopper A opens a group and pays with the balance
    const a = await newPage(browser, server.url, 'en-US');
    await shopLogin(a.page, 'demo');
    await a.page.goto(`/goods/${offer.goods_id}`);
    const panel = a.page.getByTestId('group-buy');
    await expect.poll(() => panel.innerText()).toMatch(/Group price[\s\S]*Group of 2/);
    await panel.getByRole('button', { name: 'Open a group' }).click();
    await a.page.waitForURL(/\/order\/before\//);
    await expect.poll(() => a.page.getByTestId('line-promo').first().innerText()).toMatch(/^Group price −15%/);
    await submitAndPayWithBalance(a.page);
    const promos = await call('GET', `/goods/${offer.goods_id}/promotions`);
    const group = promos.data.groups[0];
    expect(group).toMatchObject({ need: 2, joined: 1, paid: 1, status: 2 });
    await a.page.goto(`/collectives/group/${group.id}`);
    await expect.poll(() => a.page.getByTestId('group-status').innerText()).toMatch(/1 more needed[\s\S]*Ends in/);
    // the opener is told the group is theirs, never offered to join it
    await expect.poll(() => a.page.getByText("You're in this group", { exact: true }).count()).toBe(1);
    expect(await a.page.getByRole('link', { name: 'Join this group' }).count()).toBe(0);

    // shopper B finds it on /collectives and the goods page, joins, pays in test mode
    await giveAddress('13800000002');
    const b = await newPage(browser, server.url, 'en-US');
    await shopLogin(b.page, '13800000002');
    await b.page.goto('/collectives');
    await expect.poll(() => b.page.getByRole('region', { name: 'Open groups' }).getByText(offer.goods_name).count()).toBeGreaterThan(0);
    await b.page.goto(`/goods/${offer.goods_id}`);
    await b.page.getByTestId('group-buy').getByRole('button', { name: 'Join', exact: true }).first().click();
    await b.page.waitForURL(/\/order\/before\//);
    await submitAndPayInTestMode(b.context, b.page);

    // both see it filled (A's page notices by itself)
    await expect.poll(() => a.page.getByTestId('group-status').innerText(), { timeout: 30_000 }).toContain('The group is complete');
    await b.page.goto(`/collectives/group/${group.id}`);
    await expect.poll(() => b.page.getByTestId('group-status').innerText()).toContain('The group is complete');
    expect((await call('GET', `/collective_groups/${group.id}`)).data).toMatchObject({ status: 1, joined: 2, paid: 2 });
    await a.context.close();
    await b.context.close();
  }, 240_000);
});
