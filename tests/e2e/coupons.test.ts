import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, liveApp, shopLogin } from './app';

// Issue 14, coupons: one real server (built SPA + API on a fresh embedded database with the seeded
// demo data: store 2 offers the no-threshold coupon 店铺关注礼, ￥5 off), the pages in English.
const app = liveApp();

/** A shopper API answer's data. */
const get = async (page: Page, path: string) => (await api(page, 'GET', path)).data;

const money = (text: string) => Math.round(Number(/[\d.]+/.exec(text.replace(/,/g, ''))?.[0] ?? NaN) * 100);

describe('shopper takes a coupon and checks out with it', () => {
  for (const width of [1280, 390]) {
    it(`goods page: take the store's coupon → checkout preselects it, shows each discount → the order carries it (${width} px)`, async () => {
      const { context, page } = await app.page();
      await page.setViewportSize({ width, height: 900 });
      await shopLogin(page);

      // a goods of store 2 and its coupon
      const store = await get(page, '/store/2');
      const goodsId = Number(store.sale_list[0].id);
      const detail = await get(page, `/goods/${goodsId}`);
      const coupon = detail.coupons.find((c: { name: string }) => c.name === '店铺关注礼');
      expect(coupon).toBeTruthy();

      await page.goto(`/goods/${goodsId}`);
      const strip = page.getByTestId('promotions');
      await expect.poll(() => strip.count()).toBe(1);
      const card = page.getByTestId(`coupon-${coupon.id}`);
      const take = card.getByRole('button', { name: /^Take coupon 店铺关注礼/ });
      if (width === 1280) {
        await take.click();
        await expect.poll(() => card.getByRole('button').innerText()).toBe('Taken');
      } else {
        // the second run: the shopper already has it, and the page says so before any click
        await expect.poll(() => card.getByRole('button').innerText()).toBe('Taken');
        expect(await take.isDisabled()).toBe(true);
      }
      const mine = await get(page, '/user/coupons?status=unused');
      const log = mine.data.find((c: { coupon_id: number }) => c.coupon_id === coupon.id);
      expect(log).toBeTruthy();

      // check out one unit (the URL the Buy button builds)
      const skuId = detail.skuList?.[0]?.id ?? 0;
      const params = Buffer.from(JSON.stringify({ order: [{ goods_id: goodsId, sku_id: skuId, buy_num: 1 }], ifcart: 0 })).toString('base64');
      await page.goto(`/order/before/${encodeURIComponent(params)}`);
      const group = page.getByRole('region', { name: store.store_name });
      const select = group.getByLabel('Coupon', { exact: true });
      await expect.poll(() => select.inputValue()).toBe(String(log.id));
      await expect.poll(() => group.getByTestId('discount-coupon').innerText()).toContain('店铺关注礼');
      const withCoupon = money(await group.getByTestId('store-total').innerText());

      // no coupon: the total goes up by 5.00; then the coupon again
      await select.selectOption('0');
      await expect.poll(async () => money(await group.getByTestId('store-total').innerText())).toBe(withCoupon + 500);
      expect(await group.getByTestId('discount-coupon').count()).toBe(0);
      await select.selectOption(String(log.id));
      await expect.poll(async () => money(await group.getByTestId('store-total').innerText())).toBe(withCoupon);

      if (width === 390) {
        // the phone-width run stops here: the first run created and cancelled its order
        await context.close();
        return;
      }
      await page.getByRole('button', { name: 'Submit order' }).click();
      await page.waitForURL(/\/order\/pay\//);
      const { order_id: orderIds } = JSON.parse(Buffer.from(decodeURIComponent(new URL(page.url()).pathname.slice('/order/pay/'.length)), 'base64').toString('utf8'));
      const order = await get(page, `/user/order/${orderIds[0]}`);
      expect(order.coupon_money).toBe('5.00');
      expect(money(order.total_price)).toBe(withCoupon);

      // the order page shows the discount, line by line; the coupon is used
      await page.goto(`/user/order/${orderIds[0]}`);
      await expect.poll(() => page.getByTestId('order-discounts').innerText()).toContain('Coupon 店铺关注礼');
      await page.goto('/user/coupons');
      await page.getByRole('tab', { name: 'Used', exact: true }).click();
      await expect.poll(() => page.getByTestId(`my-coupon-${log.id}`).count()).toBe(1);

      // cancelling the unpaid order gives it back
      const cancelled = await page.evaluate(async (id) => {
        const body = new URLSearchParams({ order_status: '0' });
        return (await fetch(`/api/user/order/${id}`, { method: 'PUT', body, headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } }).then((r) => r.json())).code;
      }, orderIds[0]);
      expect(cancelled).toBe(200);
      expect((await get(page, '/user/coupons?status=unused')).data.some((c: { id: number }) => c.id === log.id)).toBe(true);
      await context.close();
    });
  }
});

describe('seller and operator pages', () => {
  it('the seller sees its coupons with their state on /Seller/coupons; the operator sees every store’s on /Admin/coupons', async () => {
    const { context, page } = await app.page();
    await page.goto('/Seller/login');
    await page.getByLabel('Account').fill('18888888888');
    await page.getByLabel('Password').fill('123456');
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL('**/Seller/dashboard');
    await page.goto('/Seller/coupons');
    await expect.poll(() => page.getByText('满299减30').count()).toBeGreaterThan(0);
    const states = await page.getByTestId('promotion-state').allInnerTexts();
    expect(states).toEqual(expect.arrayContaining(['Running', 'Not started', 'Ended']));
    expect(await page.getByText('店铺关注礼').count()).toBe(0);
    await context.close();

    const admin = await app.page();
    await admin.page.goto('/Admin/login');
    await admin.page.getByLabel('Account').fill('admin');
    await admin.page.getByLabel('Password').fill('123456');
    await admin.page.getByLabel('Password').press('Enter');
    await admin.page.waitForURL('**/Admin/dashboard');
    await admin.page.goto('/Admin/coupons');
    await expect.poll(() => admin.page.getByText('店铺关注礼').count()).toBeGreaterThan(0);
    await expect.poll(() => admin.page.getByText('满299减30').count()).toBeGreaterThan(0);
    await admin.context.close();
  });
});
