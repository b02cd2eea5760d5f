import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, backofficeLogin, liveApp, shoot, shopLogin } from './app';
import { dialog, rowOf } from './table';

// Issue 12, the life of an order after checkout: one real server (built SPA + API on a fresh
// embedded database with the seeded demo data, its timed tasks on their every-minute schedule),
// a fresh browser profile per person, the pages in English. Screenshots at 1280 px and 390 px go
// to <os tmpdir>/souk-e2e-shots/ for a person to look at.
const app = liveApp();

/** The order ids of `/order/pay/<base64 {"order_id":[…]}>`. */
function payOrderIds(url: string): number[] {
  const { pathname } = new URL(url);
  expect(pathname.startsWith('/order/pay/')).toBe(true);
  return JSON.parse(Buffer.from(decodeURIComponent(pathname.slice('/order/pay/'.length)), 'base64').toString('utf8')).order_id;
}

/** Goods 18 (a ¥19.90 pen), SKU 黑色: its page, the SKU picked; → the stock shown. */
async function pickPen(page: Page): Promise<number> {
  await page.goto('/goods/18');
  await page.getByRole('radiogroup', { name: '颜色' }).getByRole('radio', { name: '黑色' }).click();
  await expect.poll(() => page.getByTestId('goods-stock').innerText()).toMatch(/^\d+ in stock$/);
  return Number.parseInt(await page.getByTestId('goods-stock').innerText(), 10);
}

/** Buy now on the goods page already open → checkout → submit → the new order's id (unpaid). */
async function buyNow(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.waitForURL(/\/order\/before\//);
  await expect.poll(() => page.getByTestId('checkout-total').innerText()).toMatch(/^1 item, total to pay/);
  await page.getByRole('button', { name: 'Submit order' }).click();
  await page.waitForURL(/\/order\/pay\//);
  const ids = payOrderIds(page.url());
  expect(ids).toHaveLength(1);
  return ids[0];
}

describe('an order from payment to receipt', () => {
  it('shopper pays with the balance → the store ships it with a waybill → the shopper sees it and confirms receipt; the timeline shows each step', async () => {
    const shopper = await app.page();
    await shopLogin(shopper.page);
    await pickPen(shopper.page);
    const orderId = await buyNow(shopper.page);
    await shopper.page.getByText('Balance', { exact: true }).click();
    await shopper.page.getByLabel('Pay password (6 digits)').fill('123456');
    await shopper.page.getByRole('button', { name: 'Pay now' }).click();
    await shopper.page.waitForURL((u) => u.pathname === '/order/success');
    const paid = (await api(shopper.page, 'GET', `/user/order/${orderId}`)).data;
    expect(paid.order_status).toBe(2);
    const orderNo = String(paid.order_no);

    // the store owner: its orders, the new one awaiting shipment; its detail; ship it
    const seller = await app.page();
    await backofficeLogin(seller.page, 'Seller', '18888888888');
    await seller.page.goto('/Seller/orders');
    const row = rowOf(seller.page, orderNo);
    await expect.poll(() => row.count()).toBe(1);
    await shoot(seller.page, 'seller-orders');
    await row.getByRole('button', { name: 'Details' }).click();
    const detail = dialog(seller.page);
    await expect.poll(() => detail.getByText(orderNo).count()).toBeGreaterThan(0);
    await shoot(seller.page, 'seller-order-detail');
    await detail.getByRole('button', { name: 'Ship' }).click();

    const ship = seller.page.getByRole('dialog', { name: `Ship order ${orderNo}` });
    await expect.poll(() => ship.count()).toBe(1);
    // an empty form is refused at both fields, nothing sent
    await ship.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => ship.getByRole('alert').count()).toBe(2);
    const express = ship.getByRole('combobox', { name: 'Express company' });
    await express.fill('顺丰');
    await seller.page.getByRole('option', { name: '顺丰速运' }).click();
    await ship.getByLabel('Waybill no.').fill('SF1234567890');
    await shoot(seller.page, 'seller-ship-dialog');
    await ship.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => ship.count()).toBe(0);
    await expect.poll(() => row.innerText()).toContain('SF1234567890');
    await seller.context.close();

    // the shopper: the order's page shows the express company and the waybill; confirm receipt
    const { page } = shopper;
    await page.goto(`/user/order/${orderId}`);
    await expect.poll(() => page.getByText('SF1234567890', { exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText('顺丰速运', { exact: true }).count()).toBe(1);
    await shoot(page, 'user-order-shipped');
    await page.getByRole('button', { name: `Confirm receipt of order ${orderNo}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.innerText()).toContain('Confirm only once you have every item');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    const header = page.getByText(`Order no. ${orderNo}`).locator('..');
    await expect.poll(() => header.innerText()).toContain('Awaiting review');
    expect(await page.getByRole('button', { name: `Confirm receipt of order ${orderNo}` }).count()).toBe(0);

    // the history, newest first: placed → paid → shipped (by the store) → receipt confirmed (by the buyer)
    const history = page.getByRole('heading', { name: 'History' }).locator('..').getByRole('listitem');
    await expect.poll(() => history.count()).toBe(4);
    const steps = await history.allInnerTexts();
    expect(steps[0]).toMatch(/^Receipt confirmed\s*→ Awaiting review[\s\S]*Buyer/);
    expect(steps[1]).toMatch(/^Shipped\s*→ Shipped[\s\S]*Store/);
    expect(steps[2]).toMatch(/^Paid\s*→ Awaiting shipment/);
    expect(steps[3]).toMatch(/^Order placed\s*→ Awaiting payment[\s\S]*Buyer/);
    await shoot(page, 'user-order-received');

    const received = (await api(page, 'GET', `/user/order/${orderId}`)).data;
    expect(received.order_status).toBe(4);
    expect(received.delivery_no).toBe('SF1234567890');
    await shopper.context.close();
  });
});

describe('an unpaid order past its time', () => {
  it('the timed task cancels it and its stock comes back: cancelled in /user/orders, the goods page shows the stock again', { timeout: 240_000 }, async () => {
    // the operator shortens the reservation to one minute (the shortest the settings allow)
    const admin = await app.page();
    await backofficeLogin(admin.page, 'Admin', 'admin');
    const saved = await api(admin.page, 'PUT', '/Admin/configs/update', 'admin_token', { 'task[cancel_minutes]': '1' });
    expect(saved.code).toBe(200);
    await admin.context.close();

    const { context, page } = await app.page();
    await shopLogin(page);
    // the demo's seeded unpaid orders (one holds a pen) are cancelled first, so the task's run that
    // cancels ours returns only our unit and the count below is exact
    await page.goto('/');
    const waiting = (await api(page, 'GET', '/user/orders?order_status=1&per_page=100')).data.data as { id: number }[];
    // (the task may have cancelled one already: then its answer is a 422 naming the state)
    for (const order of waiting) expect([200, 422]).toContain((await api(page, 'PUT', `/user/order/${order.id}`, 'token', { order_status: '0' })).code);
    const stockBefore = await pickPen(page);
    expect(stockBefore).toBeGreaterThan(0);
    const orderId = await buyNow(page);
    const created = (await api(page, 'GET', `/user/order/${orderId}`)).data;
    expect(created.order_status).toBe(1);
    const orderNo = String(created.order_no);
    // the unit is held while the order waits for payment
    expect(await pickPen(page)).toBe(stockBefore - 1);

    await page.goto('/user/orders');
    await expect.poll(() => page.getByRole('article', { name: orderNo }).innerText()).toContain('Awaiting payment');

    // the every-minute task cancels it once it is a minute old (within about two minutes)
    await expect
      .poll(async () => (await api(page, 'GET', `/user/order/${orderId}`)).data.order_status, { timeout: 180_000, interval: 5_000 })
      .toBe(0);
    expect(app.server.log()).toMatch(/\[jobs\] cancel unpaid orders \(older than 1 min\): [1-9]\d* cancelled/);

    await page.reload();
    const card = page.getByRole('article', { name: orderNo });
    await expect.poll(() => card.innerText()).toContain('Cancelled');
    expect(await card.getByRole('link', { name: `Pay order ${orderNo}` }).count()).toBe(0);
    await page.getByRole('tablist', { name: 'Order states' }).getByRole('tab', { name: /^Cancelled/ }).click();
    await expect.poll(() => card.count()).toBe(1);
    await shoot(page, 'user-orders-cancelled');

    await page.goto(`/user/order/${orderId}`);
    const history = page.getByRole('heading', { name: 'History' }).locator('..').getByRole('listitem');
    await expect.poll(() => history.count()).toBe(2);
    expect((await history.allInnerTexts())[0]).toMatch(/^Cancelled\s*→ Cancelled[\s\S]*System/);

    expect(await pickPen(page)).toBe(stockBefore);
    await shoot(page, 'goods-stock-back');
    await context.close();
  });
});
