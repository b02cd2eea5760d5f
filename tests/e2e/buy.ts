import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './app';

/** Buys the ¥19.90 pen (goods 18, 黑色) and pays with the balance → the order's id and number. */
export async function buyPenWithBalance(page: Page): Promise<{ id: number; no: string }> {
  await page.goto('/goods/18');
  await page.getByRole('radiogroup', { name: '颜色' }).getByRole('radio', { name: '黑色' }).click();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.waitForURL(/\/order\/before\//);
  await page.getByRole('button', { name: 'Submit order' }).click();
  await page.waitForURL(/\/order\/pay\//);
  const ids = JSON.parse(Buffer.from(decodeURIComponent(new URL(page.url()).pathname.slice('/order/pay/'.length)), 'base64').toString('utf8')).order_id as number[];
  await page.getByText('Balance', { exact: true }).click();
  await page.getByLabel('Pay password (6 digits)').fill('123456');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL((u) => u.pathname === '/order/success');
  const order = (await api(page, 'GET', `/user/order/${ids[0]}`)).data;
  expect(order.order_status).toBe(2);
  return { id: ids[0], no: String(order.order_no) };
}
