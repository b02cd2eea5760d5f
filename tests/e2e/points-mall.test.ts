import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, liveApp, shoot, shopLogin } from './app';
import { dataRows, dialog, rowOf, toolbar } from './table';

// Issue 14, points mall: one real server (built SPA + API on a fresh embedded database with the
// seeded demo data), the pages in English. The demo shopper redeems a points goods with an address,
// finds it in the user centre's points orders, the operator ships it with a waybill, and the
// shopper sees the waybill. Screenshots at 1280 px and 390 px go to <os tmpdir>/souk-e2e-shots/.
const app = liveApp();

/** The page at 1280 px and 390 px wide (SHOTS), nothing wider than the phone's screen. */
const shootFitting = async (page: Page, name: string) => expect(await shoot(page, name)).toBeLessThanOrEqual(390);

const pointsOf = async (page: Page) => Number((await api(page, 'POST', '/auth/info')).data.integral);

describe('points mall', () => {
  it('shopper redeems a points goods with an address → it is in the points orders → the operator ships it with a waybill', async () => {
    const shopper = await app.page();
    const { page } = shopper;
    await shopLogin(page);
    const before = await pointsOf(page);

    // the mall: from the nav, a recommended goods, its page
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Points mall' }).click();
    await page.waitForURL((u) => u.pathname === '/integral');
    const hot = page.getByRole('region', { name: 'Recommended' });
    await expect.poll(() => hot.getByRole('link').count()).toBeGreaterThan(1);
    await shootFitting(page, 'points-home');
    await hot.getByRole('listitem').first().getByRole('link').click();
    await page.waitForURL(/\/integral\/goods\/\d+$/);
    const title = await page.getByRole('heading', { level: 1 }).innerText();
    await shootFitting(page, 'points-goods');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('button', { name: 'Redeem now' }).click();
    await page.waitForURL(/\/integral\/order\/\d+\/2$/);

    // checkout: the default address is chosen, the total is twice the unit points
    await expect.poll(() => page.getByTestId('points-total').innerText()).toMatch(/^Total \d+ points$/);
    const total = Number((await page.getByTestId('points-total').innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);
    await page.getByLabel('Remark').fill('Please wrap it');
    await shootFitting(page, 'points-checkout');
    await page.getByRole('button', { name: 'Pay with points' }).click();
    await page.waitForURL(/\/user\/integral_order\/\d+/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByTestId('points-order-total').innerText()).toBe(String(total));
    await expect.poll(() => page.getByText('Not shipped yet').count()).toBe(1);
    expect(await pointsOf(page)).toBe(before - total);
    const orderNo = await page.locator('dt:has-text("Order number") + dd').innerText();

    // the user centre's list holds it
    await page.goto('/user/integral_order');
    await expect.poll(() => page.getByRole('link', { name: title }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(`Order ${orderNo}`, { exact: false }).count()).toBe(1);
    await shootFitting(page, 'points-orders');

    // the operator ships it
    const admin = await app.page();
    await admin.page.goto('/Admin/login');
    await admin.page.getByLabel('Account').fill('admin');
    await admin.page.getByLabel('Password').fill('123456');
    await admin.page.getByLabel('Password').press('Enter');
    await admin.page.waitForURL('**/Admin/dashboard');
    await admin.page.goto('/Admin/integral_orders');
    const row = rowOf(admin.page, orderNo);
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('Awaiting shipment');
    await row.getByRole('button', { name: 'Ship' }).click();
    const form = dialog(admin.page);
    await expect.poll(() => form.getByLabel('Waybill no.').count()).toBe(1);
    // the dialog says what it does (shipping is its only edit)
    expect(await form.innerText()).toContain('Ship the order');
    const express = form.getByRole('combobox', { name: 'Express company' });
    await express.fill('顺丰');
    await admin.page.getByRole('option', { name: '顺丰速运' }).click();
    await form.getByLabel('Waybill no.').fill('SF9876543210');
    await shootFitting(admin.page, 'points-ship');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => row.innerText()).toContain('Shipped');
    await admin.context.close();

    // the shopper sees the waybill
    await page.goto(`/user/integral_order/${orderId}`);
    // the courier by its name from the platform list, not its code
    await expect.poll(() => page.getByTestId('points-order-shipping').innerText()).toContain('顺丰速运 SF9876543210');
    await shopper.context.close();
  });

  it('the operator adds a class and restocks a goods; a store sets referral rates per goods (over 100 % refused)', async () => {
    const admin = await app.page();
    const { page } = admin;
    await page.goto('/Admin/login');
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password').fill('123456');
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL('**/Admin/dashboard');
    await page.goto('/Admin/integral_goods_classes');
    await expect.poll(() => dataRows(page).count()).toBe(3);
    await toolbar(page).getByRole('button', { name: 'Add' }).click();
    await dialog(page).getByLabel('Class name').fill('E2E好物');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => rowOf(page, 'E2E好物').count()).toBe(1);

    await page.goto('/Admin/integral_goods');
    await expect.poll(() => dataRows(page).count()).toBe(8);
    await shootFitting(page, 'points-admin-goods');
    const first = dataRows(page).first();
    await first.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => dialog(page).getByLabel('Stock').count()).toBe(1);
    await dialog(page).getByLabel('Stock').fill('77');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => first.innerText()).toContain('77');
    await admin.context.close();

    const seller = await app.page();
    const sp = seller.page;
    await sp.goto('/Seller/login');
    await sp.getByLabel('Account').fill('18888888888');
    await sp.getByLabel('Password').fill('123456');
    await sp.getByLabel('Password').press('Enter');
    await sp.waitForURL('**/Seller/dashboard');
    await sp.goto('/Seller/distributions');
    await expect.poll(() => dataRows(sp).count()).toBe(2);
    await toolbar(sp).getByRole('button', { name: 'Add' }).click();
    const form = sp.getByRole('dialog').first();
    await form.getByRole('button', { name: /Goods/ }).click();
    const picker = sp.getByRole('dialog', { name: 'Goods' });
    const pick = picker.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row').last();
    await expect.poll(() => pick.count()).toBe(1);
    const goodsName = (await pick.innerText()).split('\n').find((t) => t.trim().length > 3)!.trim();
    await pick.getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Confirm' }).click();
    await form.getByLabel('Level 1 (%)').fill('60');
    await form.getByLabel('Level 2 (%)').fill('30');
    await form.getByLabel('Level 3 (%)').fill('20');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => form.getByText('The three rates together cannot exceed 100 %').count()).toBe(1);
    await form.getByLabel('Level 3 (%)').fill('5');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dataRows(sp).count()).toBe(3);
    await expect.poll(() => rowOf(sp, goodsName).innerText()).toContain('Level 1 60.00% / level 2 30.00% / level 3 5.00%');
    await shootFitting(sp, 'points-seller-distributions');
    await seller.context.close();
  });
});
