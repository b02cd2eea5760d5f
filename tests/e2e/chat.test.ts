import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, backofficeLogin, liveApp, shopLogin, SHOTS } from './app';
import { buyPenWithBalance } from './buy';
import { newPage } from './harness';

/**
 * Customer-service chat in Chromium against the real server (issue 27): a shopper on a goods page
 * contacts the store, the seller's chats page shows the conversation live with an unread mark,
 * the reply reaches the shopper live — at 1280 px in English and at 390 px in Chinese.
 * Screenshots go to <os tmpdir>/souk-e2e-shots/chat-*.png.
 */
const app = liveApp();

/** Logs in on the storefront in either language (the form's fields by their id-free labels). */
async function shopperLogin(page: Page, username: string) {
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[type="password"]').fill('123456');
  await page.locator('input[type="password"]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
}

async function sellerLogin(page: Page) {
  await page.goto('/Seller/login');
  await page.locator('input[autocomplete="username"]').fill('18888888888');
  await page.locator('input[type="password"]').fill('123456');
  await page.locator('input[type="password"]').press('Enter');
  await page.waitForURL('**/Seller/dashboard');
}

/** A goods of store 1 on sale (its id). */
async function storeGoods(page: Page): Promise<number> {
  const params = Buffer.from(JSON.stringify({ store_id: 1 })).toString('base64');
  const res = await api(page, 'GET', `/goods?params=${encodeURIComponent(params)}&page=1&per_page=1`);
  return res.data.data[0].id;
}

async function scenario(locale: 'en-US' | 'zh-CN', width: number, words: { contact: RegExp; shopperName: string; text: string; reply: string }) {
  const viewport = { width, height: width < 500 ? 844 : 800 };
  const seller = await newPage(app.browser, app.server.url, locale, viewport);
  const shopper = await newPage(app.browser, app.server.url, locale, viewport);
  try {
    await sellerLogin(seller.page);
    await seller.page.goto('/Seller/chats');
    await expect.poll(() => seller.page.getByTestId('chat-conversations').count()).toBe(1);

    await shopperLogin(shopper.page, words.shopperName);
    const goodsId = await storeGoods(shopper.page);
    await shopper.page.goto(`/goods/${goodsId}`);
    await shopper.page.getByTestId('contact-store').click();
    const drawer = shopper.page.getByTestId('chat-drawer');
    await expect.poll(() => drawer.getByTestId('chat-input').isVisible()).toBe(true);
    await drawer.getByTestId('chat-input').fill(words.text);
    await drawer.getByTestId('chat-input').press('Enter');
    await expect.poll(() => drawer.getByTestId('chat-message').filter({ hasText: words.text }).getAttribute('data-mine')).toBe('1');
    // the goods the chat was opened from can be sent as a card
    await drawer.getByTestId('chat-suggestion').click();
    await expect.poll(() => drawer.getByTestId('chat-goods-card').count()).toBe(1);

    // the seller's page, never reloaded: the conversation arrives with its unread mark
    const row = seller.page.getByTestId('chat-conversation').first();
    await expect.poll(() => row.getByTestId('chat-unread').locator('[aria-hidden="true"]').textContent(), { timeout: 15_000 }).toBe('2');
    await seller.page.screenshot({ path: join(SHOTS, `chat-seller-list-${width}.png`) });
    await row.click();
    const log = seller.page.getByTestId('chat-log');
    await expect.poll(() => log.getByText(words.text).isVisible()).toBe(true);
    await expect.poll(() => log.getByTestId('chat-goods-card').count()).toBe(1);
    await seller.page.getByTestId('chat-input').fill(words.reply);
    await seller.page.getByTestId('chat-send').click();
    await seller.page.screenshot({ path: join(SHOTS, `chat-seller-thread-${width}.png`) });

    // the reply reaches the shopper's open panel live, on the other side
    await expect.poll(() => drawer.getByTestId('chat-message').filter({ hasText: words.reply }).getAttribute('data-mine'), { timeout: 15_000 }).toBe('0');
    await shopper.page.screenshot({ path: join(SHOTS, `chat-shopper-${width}.png`) });
    // nothing wider than the screen
    expect(await shopper.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seller.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // the seller's unread mark is gone once the thread is read
    await expect.poll(() => seller.page.getByTestId('chat-conversation').first().getByTestId('chat-unread').count()).toBe(0);
  } finally {
    await seller.context.close();
    await shopper.context.close();
  }
}

describe('customer-service chat, live between a shopper and a store', () => {
  it('1280 px, English: contact from the goods page, the seller sees it live, the reply arrives live', async () => {
    await scenario('en-US', 1280, { contact: /Contact the store/, shopperName: '13800000002', text: 'Is this in stock?', reply: 'Yes, ships today.' });
  });

  it('390 px, Chinese: the same on phones (the chat panel takes the whole width)', async () => {
    await scenario('zh-CN', 390, { contact: /联系客服/, shopperName: '13800000001', text: '请问有货吗？', reply: '有货，今天发出。' });
  });

  it('live notices: the seller hears of a paid order (toast, bell badge, the orders list reloads), the shopper of its shipment', async () => {
    const viewport = { width: 1280, height: 800 };
    const seller = await newPage(app.browser, app.server.url, 'en-US', viewport);
    const shopper = await newPage(app.browser, app.server.url, 'en-US', viewport);
    try {
      await backofficeLogin(seller.page, 'Seller', '18888888888');
      await seller.page.goto('/Seller/orders');
      await expect.poll(() => seller.page.getByTestId('seller-notices').isVisible(), { timeout: 15_000 }).toBe(true);

      await shopLogin(shopper.page);
      const order = await buyPenWithBalance(shopper.page);
      // the seller's page, never reloaded
      await expect.poll(() => seller.page.getByRole('status').getByText(`New paid order ${order.no}`).count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => seller.page.getByTestId('seller-notices-badge').textContent()).toBe('1');
      await expect.poll(() => seller.page.getByText(order.no, { exact: true }).count()).toBeGreaterThan(0);
      await seller.page.screenshot({ path: join(SHOTS, 'chat-notice-seller-1280.png') });
      await seller.page.getByTestId('seller-notices').click();
      await expect.poll(() => seller.page.getByTestId('seller-notices-badge').count()).toBe(0);

      await shopper.page.goto('/user/orders');
      await expect.poll(() => shopper.page.getByTestId('shop-chat-link').isVisible(), { timeout: 15_000 }).toBe(true);
      const shipped = await api(seller.page, 'PUT', '/Seller/orders/status/edit', 'seller_token', { id: String(order.id), status: '3', delivery_code: 'yd', delivery_no: 'YD20261207001' });
      expect(shipped.code).toBe(200);
      await expect.poll(() => shopper.page.getByRole('status').getByText(`Your order ${order.no} has shipped`).count(), { timeout: 15_000 }).toBe(1);
      await shopper.page.screenshot({ path: join(SHOTS, 'chat-notice-shopper-1280.png') });
    } finally {
      await seller.context.close();
      await shopper.context.close();
    }
  });
});
