import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, backofficeLogin, liveApp, shoot, shopLogin } from './app';
import { dialog, rowOf } from './table';

// Issue 13, reviews: the demo shopper reviews its received demo order (store 2) with a photo, the
// review shows on the goods page with the photo, and the store's owner replies from the seller
// centre. One real server on a fresh embedded database with the seeded demo data; screenshots at
// 1280 px and 390 px go to <os tmpdir>/souk-e2e-shots/.
const app = liveApp();
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2e86c1' } }).png().toBuffer();
});

describe('reviews', () => {
  it('a received order → review with a photo → shown on the goods page; the store owner replies', { timeout: 180_000 }, async () => {
    const shopper = await app.page();
    const { page } = shopper;
    await shopLogin(page);
    const received = (await api(page, 'GET', '/user/orders?order_status=4')).data.data[0];
    expect(received).toBeTruthy();
    const orderNo = String(received.order_no);
    const line = received.order_goods[0];

    // the order list offers "Review" on the received order
    await page.goto('/user/orders');
    const review = page.getByRole('link', { name: `Review order ${orderNo}` });
    await expect.poll(() => review.count()).toBe(1);
    await review.click();
    await page.waitForURL(`**/user/comment/add/${received.id}`);
    const form = page.getByTestId(`review-line-${line.id}`);
    await expect.poll(() => form.count()).toBe(1);
    await form.getByRole('group', { name: 'Service' }).getByRole('radio', { name: '4 stars' }).check({ force: true });
    await form.getByLabel('Your review').fill('Arrived quickly, exactly as pictured.');
    await form.getByLabel('Add photos').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => form.getByRole('img', { name: 'Photo 1' }).count()).toBe(1);
    await shoot(page, 'review-form');
    await page.getByRole('button', { name: 'Publish review' }).click();
    await page.waitForURL('**/user/comments');
    await page.getByRole('heading', { name: 'My reviews' }).waitFor();
    await page.getByText('Arrived quickly, exactly as pictured.').waitFor();
    await shoot(page, 'my-reviews');
    const after = (await api(page, 'GET', `/user/order/${received.id}`)).data;
    expect(after.order_status).toBe(6);

    // the goods page: the review with its photo
    await page.goto(`/goods/${line.goods_id}`);
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    await expect.poll(() => page.getByText('Arrived quickly, exactly as pictured.').count()).toBe(1);
    const photo = page.getByRole('img', { name: 'Review photo 1' }).first();
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/uploads\/comment\//);
    await shoot(page, 'goods-reviews');

    // the store's owner (store 2) replies from the seller centre
    const seller = await app.page();
    await backofficeLogin(seller.page, 'Seller', '18888888889');
    await seller.page.goto('/Seller/comments');
    const row = rowOf(seller.page, 'Arrived quickly');
    await expect.poll(() => row.count()).toBe(1);
    await shoot(seller.page, 'seller-comments');
    await row.getByRole('button', { name: 'Reply', exact: true }).click();
    const edit = dialog(seller.page);
    await edit.getByLabel('Reply').fill('Thank you for the photo!');
    await edit.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => row.innerText()).toContain('Thank you for the photo!');
    await seller.context.close();

    await page.reload();
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    await expect.poll(() => page.getByText('Seller reply: Thank you for the photo!', { exact: false }).count()).toBeGreaterThan(0);
    await shopper.context.close();
  });
});
