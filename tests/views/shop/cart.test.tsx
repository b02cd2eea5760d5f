import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, formBody, renderWithApp, resetApp, useMessages, type FakeAnswer, type RecordedCall } from '../helpers';

const common = {
  'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 4 }),
  'GET /api/cart_count': envelope(4),
};

const row = (cart_id: number, goods_id: number, sku_id: number, goods_price: string, buy_num: number, goods_stock: number, extra: Record<string, unknown> = {}) => ({
  cart_id, goods_id, sku_id, goods_name: `商品${goods_id}`, goods_image: `/uploads/goods/${goods_id}.jpg`, sku_name: sku_id ? '红色 XL' : '', goods_price, goods_stock, buy_num, available: true, ...extra,
});

const CART = {
  data: [
    { store_id: 1, store_name: '甲店', cart_list: [row(1, 10, 101, '19.99', 2, 5), row(2, 11, 0, '5.50', 1, 3)] },
    { store_id: 2, store_name: '乙店', cart_list: [row(3, 20, 201, '120.00', 1, 1), row(4, 21, 0, '8.00', 1, 9, { available: false })] },
  ],
  total: 4,
};

function login() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, nickname: 'Ann', belong_id: 0 }));
}

function boot(path = '/carts') {
  window.history.replaceState(null, '', path);
  useMessages('zh-cn');
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}

type Answers = Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>;
const withCart = (extra: Answers = {}, cart: unknown = CART) => fakeFetch({ ...common, 'GET /api/user/carts': envelope(cart), ...extra });

const lineBox = (name: string) => screen.getByRole('checkbox', { name: `选择 ${name}` }) as HTMLInputElement;
const storeBox = (name: string) => screen.getByRole('checkbox', { name: `选择店铺 ${name} 的全部商品` }) as HTMLInputElement;
const allBoxes = () => screen.getAllByRole('checkbox', { name: '全选' }) as HTMLInputElement[];
const summary = () => screen.getByTestId('cart-summary').textContent;

describe('cart page', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('sends an anonymous visitor to the login page, which comes back to the cart', async () => {
    localStorage.clear();
    const { calls } = withCart();
    boot();
    await waitFor(() => expect(getCommitted().path).toBe('/login'), { timeout: 8000 });
    expect(window.location.search).toBe('?redirect=%2Fcarts');
    expect(calls.some((c) => c.url.startsWith('/api/user/carts'))).toBe(false);
  });

  it('shows the step bar and the lines grouped by store', async () => {
    const { calls } = withCart();
    boot();
    const acme = await screen.findByTestId('cart-store-1', {}, { timeout: 8000 });
    const steps = within(screen.getByRole('navigation', { name: '购物流程' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1我的购物车', '2物流地址', '3选择支付', '4支付成功']);
    expect(steps[0].getAttribute('aria-current')).toBe('step');
    expect(within(acme).getByRole('heading', { name: '甲店' })).toBeTruthy();
    expect(within(acme).getByRole('link', { name: '进入店铺' }).getAttribute('href')).toBe('/store/1');
    const first = screen.getByTestId('cart-line-1');
    expect(within(first).getByRole('link', { name: '商品10' }).getAttribute('href')).toBe('/goods/10');
    expect(first.textContent).toContain('红色 XL');
    expect(first.textContent).toContain('￥19.99');
    expect(first.textContent).toContain('￥39.98');
    expect((within(first).getByLabelText('商品10 的数量') as HTMLInputElement).value).toBe('2');
    expect(screen.getByTestId('cart-line-2').textContent).toContain('-');
    expect(within(screen.getByTestId('cart-store-2')).getAllByRole('listitem')).toHaveLength(2);
    // the unavailable line is shown, marked and cannot be selected
    const gone = screen.getByTestId('cart-line-4');
    expect(gone.textContent).toContain('已失效');
    expect(lineBox('商品21').disabled).toBe(true);
    expect(summary()).toBe('已选择 0 件，总计 ￥0.00');
    const listCall = calls.find((c) => c.url.startsWith('/api/user/carts'))!;
    expect(listCall.headers.get('authorization')).toBe('Bearer tok');
  });

  it('selects by line, by store (tri-state) and all (top and bottom); totals count units', async () => {
    withCart();
    boot();
    await screen.findByTestId('cart-store-1', {}, { timeout: 8000 });
    fireEvent.click(lineBox('商品10'));
    expect(storeBox('甲店').checked).toBe(false);
    expect(storeBox('甲店').indeterminate).toBe(true);
    expect(allBoxes()[0].indeterminate).toBe(true);
    expect(summary()).toBe('已选择 2 件，总计 ￥39.98');

    fireEvent.click(storeBox('甲店'));
    expect(lineBox('商品11').checked).toBe(true);
    expect(storeBox('甲店').checked).toBe(true);
    expect(summary()).toBe('已选择 3 件，总计 ￥45.48');
    fireEvent.click(storeBox('甲店'));
    expect(lineBox('商品10').checked).toBe(false);
    expect(lineBox('商品11').checked).toBe(false);

    fireEvent.click(allBoxes()[0]);
    expect(allBoxes().every((box) => box.checked)).toBe(true);
    expect(storeBox('乙店').checked).toBe(true);
    expect(lineBox('商品21').checked).toBe(false);
    expect(summary()).toBe('已选择 4 件，总计 ￥165.48');
    fireEvent.click(allBoxes()[1]);
    expect(allBoxes().some((box) => box.checked)).toBe(false);
    expect(summary()).toBe('已选择 0 件，总计 ￥0.00');
  });

  it('changes a quantity with PUT, keeps the selection, refreshes the header count', async () => {
    const { calls } = withCart({ 'PUT /api/user/carts/1': envelope({ cart_id: 1, buy_num: 3 }), 'GET /api/cart_count': envelope(4) });
    boot();
    await screen.findByTestId('cart-store-1', {}, { timeout: 8000 });
    fireEvent.click(lineBox('商品10'));
    fireEvent.click(lineBox('商品20'));
    const before = calls.filter((c) => c.url.startsWith('/api/cart_count')).length;
    fireEvent.click(screen.getByRole('button', { name: '增加 商品10 的数量' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/user/carts/1');
    expect(formBody(put)).toEqual({ buy_num: '3' });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/cart_count')).length).toBe(before + 1));
    expect((screen.getByLabelText('商品10 的数量') as HTMLInputElement).value).toBe('3');
    expect(lineBox('商品10').checked).toBe(true);
    expect(lineBox('商品20').checked).toBe(true);
    expect(summary()).toBe('已选择 4 件，总计 ￥179.97');
    // no reload of the cart
    expect(calls.filter((c) => c.url.startsWith('/api/user/carts') && c.method === 'GET')).toHaveLength(1);
  });

  it('a typed quantity is checked against the stock; a server refusal rolls it back with the message', async () => {
    const { calls } = withCart({ 'PUT /api/user/carts/2': envelope(null, 422, '库存只剩 3 件') });
    boot();
    await screen.findByTestId('cart-store-1', {}, { timeout: 8000 });
    const qty = screen.getByLabelText('商品11 的数量') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '9' } });
    fireEvent.keyDown(qty, { key: 'Enter' });
    expect(within(screen.getByTestId('cart-line-2')).getByRole('alert').textContent).toBe('库存不足。');
    // the box is back at the saved quantity, the message tied to it
    expect(qty.value).toBe('1');
    expect(qty.getAttribute('aria-describedby')).toBe('cart-line-2-error');
    fireEvent.change(qty, { target: { value: '0' } });
    fireEvent.blur(qty);
    expect(within(screen.getByTestId('cart-line-2')).getByRole('alert').textContent).toBe('最低购买数量为 1。');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(qty, { target: { value: '3' } });
    fireEvent.keyDown(qty, { key: 'Enter' });
    await waitFor(() => expect(within(screen.getByTestId('cart-line-2')).getByRole('alert').textContent).toBe('库存只剩 3 件'));
    expect(formBody(calls.find((c) => c.method === 'PUT')!)).toEqual({ buy_num: '3' });
    expect(qty.value).toBe('1');
    expect(screen.getByRole('button', { name: '减少 商品11 的数量' })).toHaveProperty('disabled', true);
  });

  it('a refused typed quantity (above stock, 0, not a number) goes back to the saved one: box, subtotal and checkout agree', async () => {
    const { calls } = withCart();
    boot();
    await screen.findByTestId('cart-store-1', {}, { timeout: 8000 });
    const line = screen.getByTestId('cart-line-1');
    const qty = within(line).getByLabelText('商品10 的数量') as HTMLInputElement;
    fireEvent.click(lineBox('商品10'));
    for (const [typed, message, leave] of [['999', '库存不足。', 'enter'], ['0', '最低购买数量为 1。', 'blur'], ['abc', '请认真填写购买数量。', 'enter']]) {
      fireEvent.change(qty, { target: { value: typed } });
      if (leave === 'enter') fireEvent.keyDown(qty, { key: 'Enter' });
      else fireEvent.blur(qty);
      expect(within(line).getByRole('alert').textContent).toBe(message);
      expect(qty.value).toBe('2');
      expect(line.textContent).toContain('￥39.98');
      expect(summary()).toBe('已选择 2 件，总计 ￥39.98');
    }
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '结算' }));
    await waitFor(() => expect(getCommitted().path).toMatch(/^\/order\/before\//));
    const order = JSON.parse(atob(decodeURIComponent(getCommitted().path.split('/').pop()!)));
    expect(order.order).toEqual([{ goods_id: 10, sku_id: 101, buy_num: 2, cart_id: 1 }]);
  });

  it('removes a line only after confirmation', async () => {
    const { calls } = withCart({ 'DELETE /api/user/carts/2': envelope(null) });
    boot();
    await screen.findByTestId('cart-store-1', {}, { timeout: 8000 });
    fireEvent.click(lineBox('商品11'));
    const removeButtons = screen.getAllByRole('button', { name: '移除 商品11' });
    fireEvent.click(removeButtons[removeButtons.length - 1]);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('确定要将这 1 种商品移出购物车吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByTestId('cart-line-2')).toBeTruthy();

    fireEvent.click(removeButtons[0]);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByTestId('cart-line-2')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/user/carts/2']);
    expect(summary()).toBe('已选择 0 件，总计 ￥0.00');
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/cart_count')).length).toBeGreaterThanOrEqual(2));
  });

  it('check out with nothing selected says so and stays', async () => {
    withCart();
    boot();
    await screen.findByTestId('cart-store-1', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: '结算' }));
    expect(screen.getByRole('alert').textContent).toBe('未选择任何商品。');
    expect(getCommitted().path).toBe('/carts');
  });

  it('check out goes to /order/before with the selected lines as base64 JSON', async () => {
    withCart();
    boot();
    await screen.findByTestId('cart-store-1', {}, { timeout: 8000 });
    fireEvent.click(storeBox('乙店'));
    fireEvent.click(lineBox('商品10'));
    fireEvent.click(screen.getByRole('button', { name: '结算' }));
    await waitFor(() => expect(getCommitted().path.startsWith('/order/before/')).toBe(true));
    const param = decodeURIComponent(getCommitted().path.slice('/order/before/'.length));
    expect(JSON.parse(atob(param))).toEqual({
      order: [
        { goods_id: 10, sku_id: 101, buy_num: 2, cart_id: 1 },
        { goods_id: 20, sku_id: 201, buy_num: 1, cart_id: 3 },
      ],
      ifcart: 1,
    });
  });

  it('shows an empty cart with a way back to the shop', async () => {
    withCart({}, { data: [], total: 0 });
    boot();
    expect(await screen.findByText('购物车空空的，去挑几件喜欢的商品吧。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去逛逛' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: '结算' })).toBeNull();
  });
});
