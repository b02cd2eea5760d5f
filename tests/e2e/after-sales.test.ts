import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { api, backofficeLogin, liveApp, shoot, shopLogin } from './app';
import { buyPenWithBalance } from './buy';
import { dialog, rowOf } from './table';

// Issue 13, after-sales end to end: one real server (built SPA + API, fresh embedded database with
// the demo data), a browser profile per person, the pages in English; screenshots at 1280 px and
// 390 px go to <os tmpdir>/souk-e2e-shots/.
const app = liveApp();

/** The page at 1280 px and 390 px wide (SHOTS), nothing wider than the phone's screen. */
const shootFitting = async (page: Page, name: string) => expect(await shoot(page, name)).toBeLessThanOrEqual(390);

const balanceOf = async (page: Page) => (await api(page, 'POST', '/auth/info', 'token', { provider: 'users' })).data?.money as string;

/** Picks an express company in the combobox labelled 'Express company' inside `scope`. */
async function pickExpress(page: Page, scope: ReturnType<Page['locator']>, name = '顺丰速运') {
  await scope.getByRole('combobox', { name: 'Express company' }).fill(name.slice(0, 2));
  await page.getByRole('option', { name }).click();
}

describe('after-sales', () => {
  it('pay with the balance → refund request → the store agrees → the balance is restored and the money log shows it', async () => {
    const shopper = await app.page();
    const { page } = shopper;
    await shopLogin(page);
    const before = await balanceOf(page);
    const order = await buyPenWithBalance(page);

    // the order's page offers the after-sale
    await page.goto(`/user/order/${order.id}`);
    await page.getByRole('link', { name: `Apply for an after-sale of order ${order.no}` }).click();
    await page.waitForURL(`**/user/order/refund_form/${order.id}`);
    const form = page.getByRole('form', { name: 'Apply for an after-sale' });
    await expect.poll(() => form.count()).toBe(1);
    // not shipped yet: a return is not offered
    expect(await form.getByRole('radio', { name: 'Return the goods' }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Submit the request' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe('This field is required');
    await form.getByRole('button', { name: 'Wrong colour' }).click();
    await shootFitting(page, 'user-refund-apply');
    await form.getByRole('button', { name: 'Submit the request' }).click();
    await expect.poll(() => page.getByTestId('refund-stage').innerText()).toBe("Your request is waiting for the store's review.");
    await shootFitting(page, 'user-refund-waiting');

    // the store: its after-sales page, the request waiting; agree
    const seller = await app.page();
    await backofficeLogin(seller.page, 'Seller', '18888888888');
    await seller.page.goto('/Seller/refunds');
    const row = rowOf(seller.page, order.no);
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('Waiting for the store');
    await shootFitting(seller.page, 'seller-refunds');
    await row.getByRole('button', { name: 'Handle' }).click();
    const handle = dialog(seller.page);
    await expect.poll(() => handle.getByText('Wrong colour').count()).toBe(1);
    await handle.getByRole('button', { name: 'Agree' }).click();
    // the money goes back at once: asked first
    const confirm = seller.page.getByRole('alertdialog');
    await expect.poll(() => confirm.innerText()).toContain('cannot be undone');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => handle.getByText('Finished', { exact: true }).count()).toBeGreaterThan(0);
    await seller.context.close();

    // the shopper: finished, refunded; the balance is what it was before buying
    await page.reload();
    await expect.poll(() => page.getByTestId('refund-stage').innerText()).toBe('This after-sale is finished.');
    const total = String((await api(page, 'GET', `/user/order/${order.id}`)).data.total_price);
    await expect.poll(() => page.getByText(`￥${total}`, { exact: true }).count()).toBeGreaterThan(0);
    await shootFitting(page, 'user-refund-done');
    expect(await balanceOf(page)).toBe(before);

    // the money log, in the operator's console
    const admin = await app.page();
    await backofficeLogin(admin.page, 'Admin', 'admin');
    await admin.page.goto('/Admin/money_logs');
    // the payment's log and the refund's, both naming the order
    await expect.poll(() => rowOf(admin.page, order.no).count()).toBe(2);
    // the name the server writes (售后退款), in the reader's language
    const log = rowOf(admin.page, order.no).filter({ hasText: 'After-sale refund' });
    await expect.poll(() => log.count()).toBe(1);
    await expect.poll(() => log.innerText()).toContain(total);
    await admin.page.goto('/Admin/refunds');
    await expect.poll(() => rowOf(admin.page, order.no).count()).toBe(1);
    await shootFitting(admin.page, 'admin-refunds');
    await admin.context.close();
    await shopper.context.close();
  });

  it('a return with waybills on both sides: apply → agree → the buyer ships back → goods arrive → the store re-ships', async () => {
    const shopper = await app.page();
    const { page } = shopper;
    await shopLogin(page);
    const order = await buyPenWithBalance(page);
    const seller = await app.page();
    await backofficeLogin(seller.page, 'Seller', '18888888888');
    expect((await api(seller.page, 'PUT', '/Seller/orders/status/edit', 'seller_token', { id: String(order.id), status: '3', delivery_code: 'yd', delivery_no: 'YD20261127001' })).code).toBe(200);
    expect((await api(page, 'PUT', `/user/order/${order.id}`, 'token', { order_status: '4' })).code).toBe(200);

    await page.goto(`/user/order/refund_form/${order.id}`);
    const form = page.getByRole('form', { name: 'Apply for an after-sale' });
    await form.getByRole('radio', { name: 'Return the goods' }).check();
    await form.getByRole('button', { name: 'Wrong size' }).click();
    // a photo through the upload machine
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    await form.getByLabel('Photos').setInputFiles({ name: 'size.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => form.getByRole('img', { name: 'Photo 1' }).count()).toBe(1);
    await form.getByRole('button', { name: 'Submit the request' }).click();
    await expect.poll(() => page.getByTestId('refund-stage').innerText()).toBe("Your request is waiting for the store's review.");

    await seller.page.goto('/Seller/refunds');
    const row = rowOf(seller.page, order.no);
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Handle' }).click();
    let handle = dialog(seller.page);
    await handle.getByRole('button', { name: 'Agree' }).click();
    await expect.poll(() => handle.getByText('Waiting for the goods to be sent back', { exact: true }).count()).toBeGreaterThan(0);
    await handle.getByRole('button', { name: 'Close' }).last().click();

    // the buyer sends the goods back
    await page.reload();
    const back = page.getByRole('form', { name: 'Send the goods back' });
    await expect.poll(() => back.count()).toBe(1);
    await back.getByLabel('Waybill number').fill('no spaces');
    await back.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect.poll(() => back.getByRole('alert').count()).toBe(2);
    await pickExpress(page, back);
    await back.getByLabel('Waybill number').fill('SF20261127002');
    await shootFitting(page, 'user-refund-ship-back');
    await back.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect.poll(() => page.getByTestId('refund-stage').innerText()).toBe('The goods are on their way back; the store will confirm when they arrive.');
    await expect.poll(() => page.getByText('顺丰速运 SF20261127002').count()).toBe(1);

    // the store: the goods arrived, re-ship them with a waybill
    await seller.page.reload();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Handle' }).click();
    handle = dialog(seller.page);
    await expect.poll(() => handle.getByText('顺丰速运 SF20261127002').count()).toBe(1);
    // the buyer's photo, as the store sees it
    expect(await handle.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toMatch(/^\/uploads\/refund\//);
    await handle.getByRole('button', { name: 'Goods arrived' }).click();
    await expect.poll(() => handle.getByRole('button', { name: 'Re-ship' }).count()).toBe(1);
    await pickExpress(seller.page, handle, '韵达快递');
    await handle.getByLabel('Waybill number').fill('YD20261127003');
    await shootFitting(seller.page, 'seller-refund-reship');
    await handle.getByRole('button', { name: 'Re-ship' }).click();
    await expect.poll(() => handle.getByText('Replacement shipped', { exact: true }).count()).toBeGreaterThan(0);
    await seller.context.close();

    // the buyer sees both waybills, confirms receiving the replacement, and the end
    await page.reload();
    await expect.poll(() => page.getByTestId('refund-stage').innerText()).toBe('The store shipped a replacement: confirm once it arrives (it is confirmed automatically after a few days).');
    await expect.poll(() => page.getByText('韵达快递 YD20261127003').count()).toBe(1);
    await shoot(page, 'user-refund-reshipped');
    await page.getByRole('button', { name: 'Confirm I received it' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('refund-stage').innerText()).toBe('This after-sale is finished.');
    await expect.poll(() => page.getByText('韵达快递 YD20261127003').count()).toBe(1);
    await expect.poll(() => page.getByText('顺丰速运 SF20261127002').count()).toBe(1);
    await shootFitting(page, 'user-refund-return-done');
    await shopper.context.close();
  });
});
