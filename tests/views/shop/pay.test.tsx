import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, formBody, renderWithApp, resetApp, useMessages, type FakeAnswer, type RecordedCall } from '../helpers';

const common = {
  'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 0 }),
  'GET /api/cart_count': envelope(0),
  'POST /api/auth/info': envelope({ id: 7, nickname: 'Ann', belong_id: 0, money: '1000.00' }),
};

/** `YYYY-MM-DD HH:MM:SS` in the shop's zone (UTC+8), `minutes` from now. */
const shopTimeIn = (minutes: number) => new Date(Date.now() + minutes * 60000 + 8 * 3600000).toISOString().slice(0, 19).replace('T', ' ');

const orderRow = (id: number, status: number, total: string, freight: string) => ({
  id, order_no: `202611261000000000${id}`, order_name: `商品${id}`, order_image: '', order_price: total, total_price: total, freight_money: freight, coupon_money: '0.00',
  order_status: status, order_status_cn: '待支付', store: { id, store_name: `店铺${id}`, store_logo: '' }, created_at: shopTimeIn(-1), expires_at: shopTimeIn(29),
  order_goods: [{ id: id * 10, goods_id: id, sku_id: 0, goods_name: `商品${id}`, goods_image: '', sku_name: '', goods_price: total, buy_num: 1, total_price: total }],
});

const PATH = `/order/pay/${encodeURIComponent(btoa(JSON.stringify({ order_id: [31, 32] })))}`;

function login() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, nickname: 'Ann', belong_id: 0 }));
}

function boot(path = PATH, locale: 'zh-cn' | 'en' = 'zh-cn') {
  window.history.replaceState(null, '', path);
  useMessages(locale);
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}

type Answers = Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>;
const withOrders = (extra: Answers = {}) =>
  fakeFetch({
    ...common,
    'GET /api/user/order/31': envelope(orderRow(31, 1, '208.00', '10.00')),
    'GET /api/user/order/32': envelope(orderRow(32, 1, '5.50', '0.00')),
    ...extra,
  });

const pays = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/user/order/pay');
const checks = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/user/order/check');
const payButton = () => screen.getByRole('button', { name: '立即支付' });

describe('pay page', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('shows the orders, what is paid, the balance and the reservation countdown', async () => {
    withOrders();
    boot();
    const first = await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    expect(first.textContent).toContain('订单号：20261126100000000031');
    expect(first.textContent).toContain('店铺31');
    expect(screen.getByTestId('pay-total').textContent).toBe('应付总额 ￥213.50（含运费 ￥10.00）');
    expect(screen.getByRole('radio', { name: /余额支付/ }).closest('label')?.textContent).toContain('可用余额 ￥1000.00');
    expect(screen.queryByTestId('pay-balance-short')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('pay-countdown').textContent).toMatch(/^请在 00 : (29|28) : \d\d 内完成支付/));
    expect(within(screen.getByRole('navigation', { name: '购物流程' })).getAllByRole('listitem')[2].getAttribute('aria-current')).toBe('step');
  });

  it('counts down from expires_in when the server sends it, whatever expires_at says in whatever zone', async () => {
    const skewed = (id: number, total: string, freight: string) => ({ ...orderRow(id, 1, total, freight), expires_at: '2000-01-01 00:00:00', expires_in: 600 });
    fakeFetch({ ...common, 'GET /api/user/order/31': envelope(skewed(31, '208.00', '10.00')), 'GET /api/user/order/32': envelope(skewed(32, '5.50', '0.00')) });
    boot();
    await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.getByTestId('pay-countdown').textContent).toMatch(/^请在 00 : (10 : 00|09 : \d\d) 内完成支付/));
  });

  it("the pay password's set link leads to the user centre's pay password page", async () => {
    withOrders();
    boot();
    await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('radio', { name: /余额支付/ }));
    const link = screen.getByRole('link', { name: '设置或找回支付密码' });
    expect(link.getAttribute('href')).toBe('/user/safe/pay_password');
    fireEvent.click(link);
    await waitFor(() => expect(getCommitted().path).toBe('/user/safe/pay_password'));
    expect(await screen.findByRole('heading', { name: '支付密码' }, { timeout: 8000 })).toBeTruthy();
  });

  it('balance: a wrong pay password stays on the page with the message, the right one goes to success', async () => {
    let attempt = 0;
    const { calls } = withOrders({
      'POST /api/user/order/pay': () =>
        ++attempt === 1 ? envelope({ field: 'pay_password' }, 422, '支付密码错误') : envelope({ pay_no: 'P20261126100000000001', paid: true }),
    });
    boot();
    await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    fireEvent.click(payButton());
    expect(screen.getByRole('alert').textContent).toBe('请选择支付方式。');
    fireEvent.click(screen.getByRole('radio', { name: /余额支付/ }));
    const password = screen.getByLabelText('支付密码（6 位数字）') as HTMLInputElement;
    fireEvent.change(password, { target: { value: '12ab3' } });
    expect(password.value).toBe('123');
    fireEvent.click(payButton());
    expect(screen.getByRole('alert').textContent).toBe('请输入 6 位数字的支付密码。');
    expect(pays(calls)).toHaveLength(0);

    fireEvent.change(password, { target: { value: '654321' } });
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('支付密码错误'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(getCommitted().path).toBe(PATH);
    expect(formBody(pays(calls)[0])).toEqual({ order_id: '31,32', payment_name: 'balance', device: 'scan', pay_password: '654321' });

    fireEvent.change(password, { target: { value: '123456' } });
    fireEvent.click(payButton());
    await waitFor(() => expect(getCommitted().path).toBe('/order/success'), { timeout: 8000 });
    expect(pays(calls)).toHaveLength(2);
    await screen.findByRole('heading', { name: '订单支付成功！' }, { timeout: 8000 });
    expect(screen.getByRole('link', { name: '查看我的订单' }).getAttribute('href')).toBe('/user/orders');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('balance: a short balance cannot be chosen, says the shortfall, and another method is preselected', async () => {
    const { calls } = withOrders({ 'POST /api/auth/info': envelope({ id: 7, nickname: 'Ann', belong_id: 0, money: '213.49' }) });
    boot();
    await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    const balance = screen.getByRole('radio', { name: /余额支付/ }) as HTMLInputElement;
    await waitFor(() => expect(balance.closest('label')?.textContent).toContain('可用余额 ￥213.49还差 ￥0.01，请选择其他支付方式'));
    expect(balance.disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /微信支付/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(balance);
    expect(balance.checked).toBe(false);
    expect(screen.queryByLabelText('支付密码（6 位数字）')).toBeNull();
    expect(pays(calls)).toHaveLength(0);
  });

  it('balance: the shortfall in English', async () => {
    withOrders({ 'POST /api/auth/info': envelope({ id: 7, nickname: 'Ann', belong_id: 0, money: '12.00' }) });
    boot(PATH, 'en');
    const short = await screen.findByTestId('pay-balance-short', {}, { timeout: 8000 });
    expect(short.textContent).toBe('Short by ¥201.50: choose another method');
  });

  it('balance: a balance short by the time of paying gets the server message', async () => {
    withOrders({ 'POST /api/user/order/pay': envelope({ field: 'money' }, 422, '余额不足') });
    boot();
    await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('radio', { name: /余额支付/ }));
    fireEvent.change(screen.getByLabelText('支付密码（6 位数字）'), { target: { value: '123456' } });
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('余额不足'));
    expect(getCommitted().path).toBe(PATH);
  });

  it('Alipay in test mode: the QR dialog says test mode, waits, and moves on by itself', async () => {
    let paid = false;
    const codeUrl = 'http://localhost/api/payment/dev/P20261126100000000002';
    const { calls } = withOrders({
      'POST /api/user/order/pay': envelope({ pay_no: 'P20261126100000000002', paid: false, code_url: codeUrl, test_mode: true, expires_at: shopTimeIn(29) }),
      'POST /api/user/order/check': () => (paid ? envelope([]) : envelope({ code: 'fail', msg: '' })),
    });
    boot();
    await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('radio', { name: /支付宝/ }));
    expect(screen.queryByLabelText('支付密码（6 位数字）')).toBeNull();
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: '支付宝扫码支付' }, { timeout: 8000 });
    expect(formBody(pays(calls)[0])).toEqual({ order_id: '31,32', payment_name: 'alipay', device: 'scan' });
    expect(within(dialog).getByTestId('test-mode').textContent).toBe('测试模式：不会真实扣款');
    expect(within(dialog).getByRole('link', { name: '打开测试支付页' }).getAttribute('href')).toBe(codeUrl);
    expect(within(dialog).getByText('支付金额', { exact: false }).textContent).toBe('支付金额 ￥213.50');
    await within(dialog).findByRole('img', { name: '支付宝付款二维码' }, { timeout: 8000 });
    await waitFor(() => expect(checks(calls).length).toBeGreaterThanOrEqual(1), { timeout: 4000 });
    expect(formBody(checks(calls)[0])).toEqual({ order_id: '31,32' });
    expect(getCommitted().path).toBe(PATH);
    paid = true;
    await waitFor(() => expect(getCommitted().path).toBe('/order/success'), { timeout: 5000 });
  });

  it('closing the QR dialog stops waiting', async () => {
    const { calls } = withOrders({
      'POST /api/user/order/pay': envelope({ pay_no: 'P3', paid: false, code_url: 'weixin://wxpay/bizpayurl?pr=abc', test_mode: false }),
      'POST /api/user/order/check': envelope({ code: 'fail', msg: '' }),
    });
    boot();
    await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('radio', { name: /微信支付/ }));
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: '微信扫码支付' }, { timeout: 8000 });
    expect(within(dialog).queryByTestId('test-mode')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消支付' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const asked = checks(calls).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(checks(calls)).toHaveLength(asked);
    expect(getCommitted().path).toBe(PATH);
  });

  it('speaks English too: methods, test mode and the wait', async () => {
    withOrders({
      'POST /api/user/order/pay': envelope({ pay_no: 'P4', paid: false, code_url: 'http://localhost/api/payment/dev/P4', test_mode: true }),
      'POST /api/user/order/check': envelope({ code: 'fail', msg: '' }),
    });
    boot(PATH, 'en');
    await screen.findByTestId('pay-order-31', {}, { timeout: 8000 });
    expect(screen.getByTestId('pay-total').textContent).toBe('Total to pay ¥213.50 (freight ¥10.00 included)');
    fireEvent.click(screen.getByRole('radio', { name: /WeChat Pay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay with WeChat Pay' }, { timeout: 8000 });
    expect(within(dialog).getByTestId('test-mode').textContent).toBe('Test mode: no real money is taken');
    expect(within(dialog).getByText(/^Scan with WeChat; this page moves on by itself/)).toBeTruthy();
  });

  it('orders that no longer await payment say so', async () => {
    withOrders({ 'GET /api/user/order/31': envelope(orderRow(31, 0, '208.00', '10.00')), 'GET /api/user/order/32': envelope(orderRow(32, 0, '5.50', '0.00')) });
    boot();
    await screen.findByText('这些订单已不需要支付（已支付或已取消）。', {}, { timeout: 8000 });
  });
});
