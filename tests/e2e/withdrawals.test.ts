import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, backofficeLogin, liveApp, shoot, shopLogin } from './app';
import { dialog, rowOf, toolbar } from './table';

// Issue 13, money after the order: the operator's "settle now" pays the demo shopper's completed
// order to store 1, and a store withdrawal goes from the seller's request to the operator's
// pay-out. One real server (built SPA + API, fresh embedded database with the demo data), pages in
// English; screenshots at 1280 px and 390 px go to <os tmpdir>/souk-e2e-shots/.
const app = liveApp({ JOBS: 'off' });

/** '12.30' → 1230 and back, in whole cents. */
const cents = (amount: string) => {
  const [whole, frac = ''] = amount.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};
const yuan = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;


describe('settlement and withdrawals', () => {
  it('"settle now" pays the completed order to its store once: the settlement row, the store balance and its 订单结算 log', async () => {
    const admin = await app.page();
    await backofficeLogin(admin.page, 'Admin', 'admin');
    const completed = (await api(admin.page, 'GET', '/Admin/orders?order_status=6&store_id=1', 'admin_token')).data.data as { order_no: string; total_price: string }[];
    expect(completed.length).toBeGreaterThan(0);
    const orderNo = completed[0].order_no;
    const seller = await app.page();
    await backofficeLogin(seller.page, 'Seller', '18888888888');
    const before = (await api(seller.page, 'GET', '/Seller/cashes/account', 'seller_token')).data.balance as string;

    await admin.page.goto('/Admin/order_settlements');
    expect(await rowOf(admin.page, orderNo).count()).toBe(0);
    await toolbar(admin.page).getByRole('button', { name: 'Settle now' }).click();
    await expect.poll(() => admin.page.getByText(/^Settled \d+ order\(s\)/).count()).toBeGreaterThan(0);
    const row = rowOf(admin.page, orderNo);
    await expect.poll(() => row.count()).toBe(1);
    // the store's name arrives with the page's store dictionary
    await expect.poll(() => row.innerText()).toContain('小王数码专营店');
    expect(await row.innerText()).toContain('(5%)');
    await shoot(admin.page, 'admin-settlements');
    // a second run pays nothing again
    await toolbar(admin.page).getByRole('button', { name: 'Settle now' }).click();
    await expect.poll(() => admin.page.getByText('No orders waiting for settlement.').count()).toBeGreaterThan(0);
    await admin.context.close();

    // the store: the settlement of that order, its balance up by exactly that, explained by a log
    await seller.page.goto('/Seller/order_settlements');
    const mine = rowOf(seller.page, orderNo);
    await expect.poll(() => mine.count()).toBe(1);
    const settlement = ((await api(seller.page, 'GET', `/Seller/order_settlements?order_no=${orderNo}`, 'seller_token')).data.data as { settlement_price: string; settlement_no: string }[])[0];
    const after = (await api(seller.page, 'GET', '/Seller/cashes/account', 'seller_token')).data.balance as string;
    // the run settled every completed order of the store that was due (the demo data holds more than one)
    const run = ((await api(seller.page, 'GET', '/Seller/order_settlements?per_page=100', 'seller_token')).data.data as { settlement_price: string; settlement_no: string }[]).filter((s) => s.settlement_no === settlement.settlement_no);
    expect(run.length).toBeGreaterThan(0);
    expect(cents(after) - cents(before)).toBe(run.reduce((sum, s) => sum + cents(s.settlement_price), 0));
    await shoot(seller.page, 'seller-settlements');
    await seller.page.goto('/Seller/money_logs');
    await expect.poll(() => seller.page.getByTestId('store-money').innerText()).toBe(`￥${after}`);
    await expect.poll(() => rowOf(seller.page, settlement.settlement_no).count()).toBeGreaterThan(0);
    await seller.context.close();
  });

  it('a store withdraws (its owner’s real-name card, amount with the fee shown, confirm) and the operator pays it out once', async () => {
    // the owner changes the card of their real-name check in the user centre's withdrawal dialog
    const owner = await app.page();
    await shopLogin(owner.page, '18888888888');
    await owner.page.goto('/user/cashes');
    await owner.page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const mine = dialog(owner.page);
    await expect.poll(() => mine.getByTestId('cash-payee').innerText()).toContain('王小明');
    await mine.getByRole('button', { name: 'Change details' }).click();
    await mine.getByLabel('ID number').fill('110105199001010000');
    await mine.getByLabel('Card number').fill('6222 0200 1234 5678');
    await mine.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => mine.getByTestId('cash-payee').innerText()).toContain('6222 **** **** 5678');
    await mine.getByRole('button', { name: 'Cancel' }).click();
    await owner.context.close();

    const seller = await app.page();
    await backofficeLogin(seller.page, 'Seller', '18888888888');
    await seller.page.goto('/Seller/cashes');
    const money = seller.page.getByTestId('store-money');
    const frozen = seller.page.getByTestId('store-frozen-money');
    await expect.poll(() => money.innerText()).toMatch(/^￥\d+\.\d{2}$/);
    const balanceBefore = cents((await money.innerText()).slice(1));
    const frozenBefore = cents((await frozen.innerText()).slice(1));

    await toolbar(seller.page).getByRole('button', { name: 'Withdraw' }).click();
    const form = dialog(seller.page);
    // paid to the owner's card, shown and not typed
    await expect.poll(() => form.getByTestId('cash-payee').innerText()).toContain('6222 **** **** 5678');
    expect(await form.getByRole('textbox').count()).toBe(0);
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('textbox', { name: 'Amount (yuan)' }).fill('10');
    await expect.poll(() => form.getByTestId('cash-fee').innerText()).toBe('￥0.05');
    await expect.poll(() => form.getByTestId('cash-net').innerText()).toBe('￥9.95');
    await shoot(seller.page, 'seller-withdraw-amount');
    await form.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => form.getByTestId('cash-confirm-net').innerText()).toBe('￥9.95');
    await form.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect.poll(() => dialog(seller.page).count()).toBe(0);
    const request = rowOf(seller.page, '6222020012345678');
    await expect.poll(() => request.count()).toBe(1);
    await expect.poll(() => request.innerText()).toContain('Pending');
    await expect.poll(() => money.innerText()).toBe(`￥${yuan(balanceBefore - 1_000)}`);
    await expect.poll(() => frozen.innerText()).toBe(`￥${yuan(frozenBefore + 1_000)}`);
    await shoot(seller.page, 'seller-cashes');

    const admin = await app.page();
    await backofficeLogin(admin.page, 'Admin', 'admin');
    await admin.page.goto('/Admin/cashes');
    const row = rowOf(admin.page, '6222020012345678');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('小王数码专营店');
    await row.getByRole('button', { name: 'Pay out' }).click();
    const pay = admin.page.getByRole('dialog', { name: 'Pay out this withdrawal' });
    await expect.poll(() => pay.getByText('￥9.95').count()).toBe(1);
    await shoot(admin.page, 'admin-cash-pay');
    await pay.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => pay.count()).toBe(0);
    await expect.poll(() => row.innerText()).toContain('Paid out');
    expect(await row.getByRole('button', { name: 'Pay out' }).count()).toBe(0);
    await shoot(admin.page, 'admin-cashes');
    await admin.context.close();

    // the store: the request paid out, frozen back where it was, the balance stays 10.00 lower
    await seller.page.reload();
    await expect.poll(() => rowOf(seller.page, '6222020012345678').innerText()).toContain('Paid out');
    await expect.poll(() => frozen.innerText()).toBe(`￥${yuan(frozenBefore)}`);
    await expect.poll(() => money.innerText()).toBe(`￥${yuan(balanceBefore - 1_000)}`);
    await seller.context.close();
  });

  it('a shopper withdraws from /user/cashes, the operator refuses with a reason: the amount is back and the reason shown', async () => {
    const shopper = await app.page();
    await shopLogin(shopper.page);
    await shopper.page.goto('/user/cashes');
    const balance = shopper.page.getByTestId('user-balance');
    await expect.poll(() => balance.innerText()).toMatch(/^￥\d+\.\d{2}$/);
    const before = cents((await balance.innerText()).slice(1));
    await shopper.page.getByRole('button', { name: 'Withdraw' }).click();
    const form = dialog(shopper.page);
    // no real-name check yet: the dialog asks for it first (spec §5)
    await expect.poll(() => form.getByText(/Complete your real-name verification/).count()).toBe(1);
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => form.getByText('This field is required').count()).toBe(4);
    await form.getByLabel('Account holder').fill('陈晓明');
    await form.getByLabel('ID number').fill('11010519900101123x');
    await form.getByLabel('Bank').fill('招商银行');
    await form.getByLabel('Card number').fill('6225880199998888');
    await shoot(shopper.page, 'user-cash-verify');
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => form.getByTestId('cash-payee').innerText()).toContain('6225 **** **** 8888');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('textbox', { name: 'Amount (yuan)' }).fill('20');
    await form.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => form.getByTestId('cash-confirm-net').innerText()).toBe('￥19.90');
    await form.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect.poll(() => dialog(shopper.page).count()).toBe(0);
    await expect.poll(() => balance.innerText()).toBe(`￥${yuan(before - 2_000)}`);
    await expect.poll(() => shopper.page.getByTestId('cash-row').first().innerText()).toContain('Pending');
    await shoot(shopper.page, 'user-cashes');

    const admin = await app.page();
    await backofficeLogin(admin.page, 'Admin', 'admin');
    await admin.page.goto('/Admin/cashes');
    const row = rowOf(admin.page, '6225880199998888');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Refuse' }).click();
    const refuse = admin.page.getByRole('dialog', { name: 'Refuse this withdrawal' });
    await refuse.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => refuse.getByText('Give a reason for the refusal').count()).toBe(1);
    await refuse.getByLabel('Reason for refusal').fill('户名与卡号不符');
    await refuse.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => refuse.count()).toBe(0);
    await expect.poll(() => row.innerText()).toContain('Refused');
    await admin.context.close();

    await shopper.page.reload();
    await expect.poll(() => balance.innerText()).toBe(`￥${yuan(before)}`);
    await expect.poll(() => shopper.page.getByTestId('cash-row').first().innerText()).toContain('Refused: 户名与卡号不符');
    await shopper.page.goto('/user/money');
    // the ledger's stored name (拒绝提现) in the shopper's language
    await expect.poll(() => shopper.page.getByText('Withdrawal refused', { exact: true }).count()).toBeGreaterThan(0);
    expect(await shopper.page.getByText('拒绝提现').count()).toBe(0);
    await shoot(shopper.page, 'user-money-logs');
    await shopper.context.close();
  });
});
