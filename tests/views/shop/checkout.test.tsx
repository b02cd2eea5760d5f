import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, formBody, renderWithApp, resetApp, useMessages, type FakeAnswer, type RecordedCall } from '../helpers';

const common = {
  'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 3 }),
  'GET /api/cart_count': envelope(0),
};

const ADDRESSES = [
  { id: 5, receive_name: '张三', receive_tel: '13800000001', area_info: '广东省 深圳市 南山区', address: '科技路 1 号', area: [1, 2, 3], is_default: true },
  { id: 6, receive_name: '李四', receive_tel: '13800000002', area_info: '新疆维吾尔自治区 乌鲁木齐市 天山区', address: '人民路 9 号', area: [4, 5, 6], is_default: false },
];

const lineRow = (goods_id: number, sku_id: number, goods_price: string, buy_num: number, refusal: { code: string; msg: string } | null = null) => ({
  goods_id, sku_id, cart_id: goods_id + 100, goods_name: `商品${goods_id}`, goods_image: '', sku_name: sku_id ? '红色,XL' : '',
  goods_price, buy_num, total_price: (Number(goods_price) * buy_num).toFixed(2), total_weight: '1.00', goods_stock: 9, refusal,
});

const groupRow = (id: number, lines: ReturnType<typeof lineRow>[], freight: string) => {
  const goods = lines.reduce((sum, line) => sum + Number(line.total_price), 0);
  return {
    store_info: { id, store_name: `店铺${id}`, store_logo: '' }, goods_list: lines, store_total_price: goods.toFixed(2), freight_money: freight,
    coupon_money: '0.00', total_price: (goods + Number(freight)).toFixed(2), coupons: [], is_coupon: 0, coupon_id: 0, can_buy: lines.every((line) => !line.refusal),
  };
};

const PREVIEW = [groupRow(1, [lineRow(10, 101, '99.00', 2)], '10.00'), groupRow(2, [lineRow(20, 0, '5.50', 1)], '0.00')];
const FARTHER = [groupRow(1, [lineRow(10, 101, '99.00', 2)], '25.00'), groupRow(2, [lineRow(20, 0, '5.50', 1)], '8.00')];
const REFUSED = [groupRow(1, [lineRow(10, 101, '99.00', 2, { code: 'offShelf', msg: '商品已下架' })], '10.00'), PREVIEW[1]];

const PARAMS = btoa(JSON.stringify({ order: [{ goods_id: 10, sku_id: 101, buy_num: 2, cart_id: 110 }, { goods_id: 20, sku_id: 0, buy_num: 1, cart_id: 120 }], ifcart: 1 }));
const PATH = `/order/before/${encodeURIComponent(PARAMS)}`;

function login() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, nickname: 'Ann', belong_id: 0 }));
}

function boot(path = PATH) {
  window.history.replaceState(null, '', path);
  useMessages('zh-cn');
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}

type Answers = Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>;
const withCheckout = (extra: Answers = {}) =>
  fakeFetch({
    ...common,
    'GET /api/user/addresses': envelope(ADDRESSES),
    'POST /api/user/order/before': (call) => envelope(formBody(call).address_id === '6' ? FARTHER : PREVIEW),
    ...extra,
  });

const previews = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/user/order/before');
const creates = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/user/order/create');
const submit = () => screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement;
const total = () => screen.getByTestId('checkout-total').textContent;

describe('checkout page', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('sends an anonymous visitor to the login page, which comes back here', async () => {
    localStorage.clear();
    const { calls } = withCheckout();
    boot();
    await waitFor(() => expect(getCommitted().path).toBe('/login'), { timeout: 8000 });
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(PATH);
    expect(calls.some((c) => c.url.startsWith('/api/user/'))).toBe(false);
  });

  it('shows the addresses (default chosen), each store with freight and total, and the grand total', async () => {
    const { calls } = withCheckout();
    boot();
    const first = await screen.findByTestId('checkout-store-1', {}, { timeout: 8000 });
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.checked)).toEqual([true, false]);
    expect(radios[0].getAttribute('aria-label')).toBe('张三，13800000001，广东省 深圳市 南山区 科技路 1 号');
    expect(within(first).getByRole('link', { name: '商品10' }).getAttribute('href')).toBe('/goods/10');
    expect(first.textContent).toContain('红色,XL');
    expect(within(first).getByTestId('store-freight').textContent).toBe('￥10.00');
    expect(within(first).getByTestId('store-total').textContent).toBe('￥208.00');
    expect(within(screen.getByTestId('checkout-store-2')).getByTestId('store-freight').textContent).toBe('免运费');
    expect(total()).toBe('共 3 件，应付总额 ￥213.50');
    expect(submit().disabled).toBe(false);
    // a cart checkout goes back to the cart
    expect(screen.getByRole('link', { name: '返回购物车' }).getAttribute('href')).toBe('/carts');
    const preview = previews(calls)[0];
    expect(formBody(preview)).toEqual({ params: PARAMS, address_id: '5' });
    expect(within(screen.getByRole('navigation', { name: '购物流程' })).getAllByRole('listitem')[1].getAttribute('aria-current')).toBe('step');
  });

  it('a "buy now" checkout (one goods, not from the cart) goes back to that goods page, not to the cart', async () => {
    withCheckout();
    boot(`/order/before/${encodeURIComponent(btoa(JSON.stringify({ order: [{ goods_id: 10, sku_id: 101, buy_num: 2, seckill_id: 3 }], ifcart: 0 })))}`);
    await screen.findByTestId('checkout-store-1', {}, { timeout: 8000 });
    expect(screen.getByRole('link', { name: '返回商品' }).getAttribute('href')).toBe('/goods/10');
    expect(screen.queryByRole('link', { name: '返回购物车' })).toBeNull();
  });

  it('choosing another address previews again with it (freight changes) without touching the default', async () => {
    const { calls } = withCheckout();
    boot();
    await screen.findByTestId('checkout-store-1', {}, { timeout: 8000 });
    fireEvent.click(screen.getAllByRole('radio')[1]);
    await waitFor(() => expect(total()).toBe('共 3 件，应付总额 ￥236.50'));
    expect(formBody(previews(calls)[1])).toEqual({ params: PARAMS, address_id: '6' });
    expect(calls.some((c) => c.url.includes('/addresses/default'))).toBe(false);
    expect(screen.getByText(/寄送至：新疆维吾尔自治区/)).toBeTruthy();
  });

  it('shows why a line cannot be bought and keeps the create button disabled', async () => {
    const { calls } = withCheckout({ 'POST /api/user/order/before': envelope(REFUSED) });
    boot();
    const line = await screen.findByTestId('checkout-line-10-101', {}, { timeout: 8000 });
    expect(within(line).getByTestId('line-refusal').textContent).toBe('不能购买: 商品已下架');
    expect(within(screen.getByTestId('checkout-store-1')).getByText('本店商品暂不能购买')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    expect(screen.getByText('有商品不能购买，请返回购物车调整后再提交。')).toBeTruthy();
    fireEvent.click(submit());
    expect(creates(calls)).toHaveLength(0);
  });

  it('a refused "buy now" line points back to the goods page, not to a cart it did not come from', async () => {
    withCheckout({ 'POST /api/user/order/before': envelope(REFUSED) });
    boot(`/order/before/${encodeURIComponent(btoa(JSON.stringify({ order: [{ goods_id: 10, sku_id: 101, buy_num: 2 }], ifcart: 0 })))}`);
    await screen.findByTestId('checkout-line-10-101', {}, { timeout: 8000 });
    expect(screen.getByText('商品暂不能购买（原因见上方），请返回商品页重新选择。')).toBeTruthy();
    expect(screen.queryByText(/返回购物车/)).toBeNull();
    expect(screen.getByRole('link', { name: '返回商品' }).getAttribute('href')).toBe('/goods/10');
    expect(submit().disabled).toBe(true);
  });

  it('creates once (double click), with the remark per store and the key, then goes to pay', async () => {
    const { calls } = withCheckout({
      'POST /api/user/order/create': () => envelope({ order_id: [31, 32], order_no: ['20261126100000000031', '20261126100000000032'] }),
    });
    boot();
    await screen.findByTestId('checkout-store-1', {}, { timeout: 8000 });
    fireEvent.change(screen.getAllByLabelText('给卖家留言（选填）')[1], { target: { value: '请轻放' } });
    const button = submit();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(getCommitted().path).toMatch(/^\/order\/pay\//), { timeout: 8000 });
    expect(creates(calls)).toHaveLength(1);
    const body = formBody(creates(calls)[0]);
    expect(body).toMatchObject({ params: PARAMS, address_id: '5', 'remark[2]': '请轻放' });
    expect(body['remark[1]']).toBeUndefined();
    expect(body.idem_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const pay = JSON.parse(atob(decodeURIComponent(getCommitted().path.slice('/order/pay/'.length))));
    expect(pay).toEqual({ order_id: [31, 32] });
  });

  it('a create that gets no answer is sent again with the same key', async () => {
    let tries = 0;
    const { calls } = withCheckout({
      'POST /api/user/order/create': () => {
        if (++tries === 1) throw new TypeError('fetch failed');
        return envelope({ order_id: [31], order_no: ['20261126100000000031'] });
      },
    });
    boot();
    await screen.findByTestId('checkout-store-1', {}, { timeout: 8000 });
    fireEvent.click(submit());
    await waitFor(() => expect(getCommitted().path).toMatch(/^\/order\/pay\//), { timeout: 8000 });
    const keys = creates(calls).map((call) => formBody(call).idem_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a create refused for a line previews again and shows that line', async () => {
    let refusedNow = false;
    const { calls } = withCheckout({
      'POST /api/user/order/before': () => envelope(refusedNow ? REFUSED : PREVIEW),
      'POST /api/user/order/create': () => {
        refusedNow = true;
        return envelope({ field: 'params', lines: [{ goods_id: 10, sku_id: 101, code: 'offShelf', msg: '商品已下架' }] }, 422, '部分商品不能购买');
      },
    });
    boot();
    await screen.findByTestId('checkout-store-1', {}, { timeout: 8000 });
    fireEvent.click(submit());
    await waitFor(() => expect(previews(calls)).toHaveLength(2));
    await screen.findByTestId('line-refusal');
    expect(screen.getByRole('alert').textContent).toBe('部分商品已不能购买，原因见下方商品。');
    expect(submit().disabled).toBe(true);
    expect(getCommitted().path).toBe(PATH);
  });

  it('adds an address in the dialog without leaving: it is chosen and previewed', async () => {
    const added = { id: 9, receive_name: '王五', receive_tel: '13900000009', area_info: '北京 北京市 朝阳区', address: '光华路 9 号', province_id: 10, city_id: 20, region_id: 30, area: [10, 20, 30], is_default: false, created_at: '2026-11-26 10:00:00' };
    const { calls } = withCheckout({
      'GET /api/load_areas': (call) => {
        const pid = new URLSearchParams(call.url.split('?')[1] ?? '').get('pid');
        if (pid === '11') return envelope([{ id: 20, code: '1101', pid: '11', name: '北京市', leaf: false }]);
        if (pid === '1101') return envelope([{ id: 30, code: '110105', pid: '1101', name: '朝阳区', leaf: true }]);
        return envelope([{ id: 10, code: '11', pid: '0', name: '北京', leaf: false }]);
      },
      'POST /api/user/addresses': envelope(added),
    });
    boot();
    await screen.findByTestId('checkout-store-1', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: '+ 新增收货地址' }));
    const dialog = await screen.findByRole('dialog', { name: '新增收货地址' }, { timeout: 8000 });
    fireEvent.change(within(dialog).getByLabelText('收货人'), { target: { value: '王五' } });
    fireEvent.change(within(dialog).getByLabelText('手机号码'), { target: { value: '13900000009' } });
    fireEvent.change(within(dialog).getByLabelText('详细地址'), { target: { value: '光华路 9 号' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /所在地区/ }));
    fireEvent.click(await screen.findByRole('button', { name: '北京' }));
    fireEvent.click(await screen.findByRole('button', { name: '北京市' }));
    fireEvent.click(await screen.findByRole('button', { name: '朝阳区' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /所在地区/ }).textContent).toContain('北京 / 北京市 / 朝阳区'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增收货地址' })).toBeNull());
    const chosen = screen.getByRole('radio', { name: '王五，13900000009，北京 北京市 朝阳区 光华路 9 号' }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    await waitFor(() => expect(previews(calls)).toHaveLength(2));
    expect(formBody(previews(calls)[1]).address_id).toBe('9');
    expect(calls.filter((c) => c.url === '/api/user/addresses' && c.method === 'POST')).toHaveLength(1);
    expect(getCommitted().path).toBe(PATH);
  });

  it('another /order/ address is the not-found page', async () => {
    withCheckout();
    boot('/order/nope');
    await screen.findByRole('heading', { name: '404' }, { timeout: 8000 });
  });

  it('a link without a readable order says so and calls nothing', async () => {
    const { calls } = withCheckout();
    boot('/order/before/not-base64');
    await screen.findByText('这个结算链接无法识别，请从购物车或商品页重新结算。', {}, { timeout: 8000 });
    expect(calls.some((c) => c.url.startsWith('/api/user/'))).toBe(false);
  });
});

describe('checkout page: coupons', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  const COUPONS = [
    { id: 71, name: '大券', money: '30.00', use_money: '150.00', end_time: '2099-01-01 00:00:00' },
    { id: 72, name: '小券', money: '5.00', use_money: '0.00', end_time: '2099-01-01 00:00:00' },
  ];
  /** Store 1 priced with the coupon named in coupon_id (absent: the best, 71), a full reduction of 10.00 always. */
  const priced = (couponId: number) => {
    const coupon = COUPONS.find((c) => c.id === couponId);
    const off = 1000 + (coupon ? Math.round(Number(coupon.money) * 100) : 0);
    const discounts = [{ kind: 'fullReduction', ref_id: 3, label: '满100减10', money: '10.00' }, ...(coupon ? [{ kind: 'coupon', ref_id: coupon.id, label: coupon.name, money: coupon.money }] : [])];
    const base = groupRow(1, [lineRow(10, 101, '99.00', 2)], '10.00');
    return [{ ...base, coupons: COUPONS, is_coupon: 1, coupon_id: coupon ? coupon.id : 0, discounts, coupon_money: (off / 100).toFixed(2), total_price: ((19800 + 1000 - off) / 100).toFixed(2) }, PREVIEW[1]];
  };

  it('preselects the best coupon, lists every discount, previews again on a choice and creates with it', async () => {
    const { calls } = withCheckout({
      'POST /api/user/order/before': (call) => {
        const body = formBody(call);
        return envelope(priced(body.coupon_id === undefined ? 71 : Number(body.coupon_id.split(',')[0] || 0)));
      },
      'POST /api/user/order/create': () => envelope({ order_id: [31, 32], order_no: ['20261126100000000031', '20261126100000000032'] }),
    });
    boot();
    const store = await screen.findByTestId('checkout-store-1', {}, { timeout: 8000 });
    const select = (await within(store).findByLabelText('优惠券')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('71'));
    expect(within(store).getByTestId('discount-fullReduction').textContent).toContain('满100减10');
    expect(within(store).getByTestId('discount-coupon').textContent).toContain('大券');
    expect(within(store).getByTestId('store-total').textContent).toContain('168.00');
    // the other store has none to use
    expect(within(screen.getByTestId('checkout-store-2')).getByTestId('coupon-none')).toBeTruthy();
    expect(formBody(previews(calls)[0]).coupon_id).toBeUndefined();

    fireEvent.change(select, { target: { value: '72' } });
    await waitFor(() => expect(previews(calls)).toHaveLength(2));
    expect(formBody(previews(calls)[1]).coupon_id).toBe('72');
    await waitFor(() => expect(within(store).getByTestId('store-total').textContent).toContain('193.00'));
    expect(select.value).toBe('72');

    fireEvent.change(select, { target: { value: '0' } });
    await waitFor(() => expect(previews(calls)).toHaveLength(3));
    expect(formBody(previews(calls)[2]).coupon_id).toBe('');
    await waitFor(() => expect(within(store).queryByTestId('discount-coupon')).toBeNull());

    fireEvent.click(submit());
    await waitFor(() => expect(creates(calls)).toHaveLength(1), { timeout: 8000 });
    expect(formBody(creates(calls)[0]).coupon_id).toBe('');
  });
});
