import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { HISTORY_KEY } from '../../../src/shop/shared/history';
import { decodeParam } from '../../../src/shop/shared/params';
import { envelope, fakeFetch, formBody, resetApp, type FakeAnswer, type RecordedCall } from '../helpers';
import { boot, commonAnswers, GOODS, login, page } from './catalogueHelpers';

type Answers = Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>;
const withGoods = (extra: Answers = {}) =>
  fakeFetch({ ...commonAnswers(2), 'GET /api/goods/5': envelope(GOODS), 'GET /api/is_fav': envelope(false), ...extra });

const radio = (group: string, name: string) => within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: new RegExp(`^${name}`) });
const alertText = () => screen.queryAllByRole('alert').map((a) => a.textContent).join('|');

async function open() {
  boot('/goods/5');
  await screen.findByRole('heading', { name: '青梧 T 恤', level: 1 }, { timeout: 5000 });
}

describe('goods page', () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  it('binds the spec radios to the skuPicker: SKU price, stock, availability and arrow keys', async () => {
    withGoods();
    await open();
    expect(screen.getByTestId('goods-price').textContent).toBe('￥9.00');
    expect(screen.getByTestId('goods-stock').textContent).toBe('库存 8 件');
    fireEvent.click(radio('颜色', '红'));
    expect(radio('颜色', '红').getAttribute('aria-checked')).toBe('true');
    // red M has no stock: it is marked, S is not
    expect(radio('尺码', 'M').textContent).toContain('无货');
    expect(radio('尺码', 'S').textContent).not.toContain('无货');
    fireEvent.click(radio('尺码', 'S'));
    expect(screen.getByTestId('goods-price').textContent).toBe('￥10.00');
    expect(screen.getByTestId('goods-stock').textContent).toBe('库存 3 件');
    // arrow keys move the choice inside a group (roving focus)
    fireEvent.keyDown(radio('颜色', '红'), { key: 'ArrowRight' });
    expect(radio('颜色', '蓝').getAttribute('aria-checked')).toBe('true');
    expect(radio('颜色', '红').getAttribute('aria-checked')).toBe('false');
    expect(radio('颜色', '蓝').tabIndex).toBe(0);
    expect(screen.getByTestId('goods-price').textContent).toBe('￥15.00');
    expect(screen.getByTestId('goods-stock').textContent).toBe('库存 5 件');
    // blue M: no such SKU → back to the goods price, never the previous SKU's
    fireEvent.click(radio('尺码', 'M'));
    expect(screen.getByTestId('goods-price').textContent).toBe('￥9.00');
  });

  it('a chosen value stays chosen: clicking it again, Space or Enter change nothing (radio options)', async () => {
    withGoods();
    await open();
    fireEvent.click(radio('颜色', '红'));
    fireEvent.click(radio('尺码', 'S'));
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    expect(screen.getByTestId('goods-price').textContent).toBe('￥10.00');
    fireEvent.click(radio('尺码', 'S'));
    expect(radio('尺码', 'S').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('goods-price').textContent).toBe('￥10.00');
    fireEvent.keyDown(radio('颜色', '红'), { key: ' ' });
    fireEvent.keyDown(radio('颜色', '红'), { key: 'Enter' });
    expect(radio('颜色', '红').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('数量') as HTMLInputElement).value).toBe('2');
    // choosing another value switches to it
    fireEvent.click(radio('颜色', '蓝'));
    expect(radio('颜色', '蓝').getAttribute('aria-checked')).toBe('true');
    expect(radio('颜色', '红').getAttribute('aria-checked')).toBe('false');
  });

  it("shows the chosen SKU's own image in the gallery; a thumbnail chosen afterwards wins", async () => {
    const goods = {
      ...GOODS,
      skuList: [
        { ...GOODS.skuList[0], goods_image: '/uploads/seed/t2.jpg' },
        GOODS.skuList[1],
        { ...GOODS.skuList[2], goods_image: '/uploads/seed/blue.jpg' },
      ],
    };
    withGoods({ 'GET /api/goods/5': envelope(goods) });
    await open();
    const main = () => (screen.getAllByRole('img', { name: /青梧 T 恤/ })[0] as HTMLImageElement).getAttribute('src');
    const strip = () => within(screen.getByRole('tablist', { name: '商品图片' })).getAllByRole('tab');
    const tabs = () => strip().map((t) => t.getAttribute('aria-selected'));
    expect(main()).toBe('/uploads/seed/t_400.jpg');
    // red S has the goods' second image: the strip moves to it
    fireEvent.click(radio('颜色', '红'));
    fireEvent.click(radio('尺码', 'S'));
    expect(main()).toBe('/uploads/seed/t2_400.jpg');
    expect(tabs()).toEqual(['false', 'true']);
    // blue S has an image of its own, not in the strip: shown alone, no thumbnail marked
    fireEvent.click(radio('颜色', '蓝'));
    expect(main()).toBe('/uploads/seed/blue_400.jpg');
    expect(tabs()).toEqual(['false', 'false']);
    fireEvent.click(strip()[0]);
    expect(main()).toBe('/uploads/seed/t_400.jpg');
    // a SKU without an image leaves the gallery where it is
    fireEvent.click(radio('尺码', 'M'));
    expect(main()).toBe('/uploads/seed/t_400.jpg');
  });

  it('refuses to add or buy without a SKU and says so, sending nothing', async () => {
    login();
    const { calls } = withGoods();
    await open();
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    expect(alertText()).toContain('请选择SKU。');
    expect(screen.getByRole('radiogroup', { name: '颜色' }).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    expect(alertText()).toContain('请选择SKU。');
    expect(calls.some((c) => c.url.startsWith('/api/user/carts'))).toBe(false);
    expect(getCommitted().path).toBe('/goods/5');
  });

  it('applies the quantity rules: below 1, above stock, typed 0 kept as typed (bug 26)', async () => {
    withGoods();
    await open();
    fireEvent.click(radio('颜色', '红'));
    fireEvent.click(radio('尺码', 'S'));
    const qty = screen.getByLabelText('数量') as HTMLInputElement;
    // no alert until there is something to say
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '减少数量' }));
    expect(alertText()).toContain('最低购买数量为 1。');
    expect(qty.value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    expect(qty.value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    expect(alertText()).toContain('库存不足。');
    expect(qty.value).toBe('3');
    fireEvent.change(qty, { target: { value: '0' } });
    expect(qty.value).toBe('0');
    expect(alertText()).toContain('最低购买数量为 1。');
    fireEvent.change(qty, { target: { value: '2' } });
    expect(alertText()).not.toContain('最低');
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(0);
  });

  it('a refused add or buy puts back a quantity that can be bought in the box, the reason still shown (issue 15)', async () => {
    const { calls } = withGoods();
    await open();
    fireEvent.click(radio('颜色', '红'));
    fireEvent.click(radio('尺码', 'S')); // stock 3
    const qty = screen.getByLabelText('数量') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    expect(qty.value).toBe('3');
    expect(alertText()).toContain('库存不足。');
    fireEvent.change(qty, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    expect(qty.value).toBe('3');
    fireEvent.change(qty, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    expect(qty.value).toBe('1');
    expect(alertText()).toContain('最低购买数量为 1。');
    expect(getCommitted().path).toBe('/goods/5');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a SKU with no stock offers no buy buttons and says it is sold out', async () => {
    withGoods();
    await open();
    fireEvent.click(radio('颜色', '红'));
    fireEvent.click(radio('尺码', 'M')); // stock 0
    expect((screen.getByRole('button', { name: '加入购物车' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '立即购买' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('该规格已售罄')).toBeTruthy();
    fireEvent.click(radio('尺码', 'S'));
    expect((screen.getByRole('button', { name: '加入购物车' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('该规格已售罄')).toBeNull();
  });

  it('the next refusal replaces the "added" toast', async () => {
    login();
    withGoods({ 'POST /api/user/carts': envelope({ cart_count: 7 }) });
    await open();
    fireEvent.click(radio('颜色', '蓝'));
    fireEvent.click(radio('尺码', 'S'));
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    expect(await screen.findByText('已加入购物车')).toBeTruthy();
    fireEvent.click(radio('尺码', 'M')); // blue M: no such SKU
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(alertText()).not.toBe(''));
    await waitFor(() => expect(screen.queryByText('已加入购物车')).toBeNull());
  });

  it('adds to the cart and the header count follows the answer; buy now builds the order param', async () => {
    login();
    const { calls } = withGoods({ 'POST /api/user/carts': envelope({ cart_count: 7 }) });
    await open();
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toContain('2'));
    fireEvent.click(radio('颜色', '蓝'));
    fireEvent.click(radio('尺码', 'S'));
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toContain('7'));
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/user/carts')!;
    expect(formBody(post)).toEqual({ goods_id: '5', sku_id: '103', buy_num: '2' });
    expect(await screen.findByText('已加入购物车')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(getCommitted().path.startsWith('/order/before/')).toBe(true));
    expect(decodeParam(getCommitted().path.slice('/order/before/'.length))).toEqual({ order: [{ goods_id: 5, sku_id: 103, buy_num: 2 }], ifcart: 0 });
  });

  it('shows the server refusal of an add to cart', async () => {
    login();
    withGoods({ 'POST /api/user/carts': envelope({ field: 'buy_num' }, 422, '库存不足') });
    await open();
    fireEvent.click(radio('颜色', '红'));
    fireEvent.click(radio('尺码', 'S'));
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(alertText()).toContain('库存不足'));
  });

  it('sends an anonymous shopper to /login for the cart and the favourite', async () => {
    const { calls } = withGoods();
    await open();
    fireEvent.click(radio('颜色', '红'));
    fireEvent.click(radio('尺码', 'S'));
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(getCommitted().path).toBe('/login'));
    navigate('/goods/5');
    await screen.findByRole('heading', { name: '青梧 T 恤', level: 1 }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '收藏' }));
    await waitFor(() => expect(getCommitted().path).toBe('/login'));
    expect(calls.some((c) => c.url.startsWith('/api/is_fav') || c.url.startsWith('/api/user/'))).toBe(false);
  });

  it('toggles the goods favourite from the server answer', async () => {
    login();
    withGoods({ 'POST /api/user/favorites': envelope({ is_fav: true }) });
    await open();
    fireEvent.click(screen.getByRole('button', { name: '收藏' }));
    const on = await screen.findByRole('button', { name: '已收藏', pressed: true });
    expect(on).toBeTruthy();
  });

  it('renders the PC part of the content, the store card, sales list, tabs and browsing history', async () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify([1, 2, 3, 4].map((id) => ({ id, goods_name: `看过 ${id}`, goods_price: '1.00', image: '/x.jpg' }))));
    withGoods();
    await open();
    expect(screen.getByText('PC 详情')).toBeTruthy();
    expect(screen.queryByText('手机详情')).toBeNull();
    expect(screen.getByRole('link', { name: '进入店铺' }).getAttribute('href')).toBe('/store/3');
    expect(screen.getByRole('link', { name: /同店热卖/ }).getAttribute('href')).toBe('/goods/6');
    const history = JSON.parse(localStorage.getItem(HISTORY_KEY)!) as { id: number }[];
    expect(history.map((h) => h.id)).toEqual([5, 1, 2, 3]);
    await waitFor(() => expect(within(screen.getByRole('heading', { name: '最近浏览' }).parentElement!).getAllByRole('link')).toHaveLength(3));
    fireEvent.click(screen.getByRole('tab', { name: '售后服务' }));
    expect(screen.getByText('七天无理由')).toBeTruthy();
    // the after-sale text is stored html##qingwuit##json like every rich text: only the HTML shows
    expect(screen.getByRole('tabpanel').textContent).not.toMatch(/qingwuit|"type"/);
    // thumbnails switch the main image
    fireEvent.click(screen.getAllByRole('tab', { name: /图片 2\/2/ })[0]);
    expect(screen.getAllByRole('img', { name: '青梧 T 恤 图片 2/2' }).map((img) => img.getAttribute('src'))).toEqual(['/uploads/seed/t2_400.jpg', '/uploads/seed/t2_150.jpg']);
    expect(screen.getAllByRole('tab', { name: /图片 2\/2/ })[0].getAttribute('aria-selected')).toBe('true');
  });

  it('loads reviews by filter and page (pagination reloads reviews, bug 26)', async () => {
    const { calls } = withGoods({
      'GET /api/goods_comments/5': (call) => {
        const q = new URL(call.url, 'http://x').searchParams;
        return envelope(page([{ id: Number(q.get('page')), nickname: `买家${q.get('page')}-${q.get('is_type')}`, score: 5, content: '很好' }], 40, Number(q.get('page'))));
      },
    });
    await open();
    fireEvent.click(screen.getByRole('tab', { name: '用户评价 (40)' }));
    expect(await screen.findByText('买家1-0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('买家2-0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '差评 (4)' }));
    expect(await screen.findByText('买家1-3')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/goods/5')).length).toBe(1);
  });

  it('shows a friendly not-found state for unknown or hidden goods', async () => {
    fakeFetch({ ...commonAnswers(), 'GET /api/goods/999': envelope(null, 404, 'not found') });
    boot('/goods/999');
    expect(await screen.findByRole('heading', { name: '商品不存在或已下架' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it.each(['99999999999999999999', '2147483648', 'abc', '0', '-1'])('treats the id %s, which no goods can have, as an unknown goods (no request, no retry)', async (id) => {
    // a 422 the server would answer for such an id must never reach the page as 参数 id 不正确 + 重试
    const { calls } = fakeFetch({ ...commonAnswers(), [`GET /api/goods/${id}`]: envelope(null, 422, '参数 id 不正确') });
    boot(`/goods/${id}`);
    expect(await screen.findByRole('heading', { name: '商品不存在或已下架' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/goods/'))).toBe(false);
  });
});

describe('goods page: store promotions', () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  const PROMOTED = {
    ...GOODS,
    coupons: [{ id: 61, name: '满99减10', money: '10.00', use_money: '99.00', stock: 5, start_time: '2026-11-01 00:00:00', end_time: '2099-01-01 00:00:00' }],
    full_reductions: [{ id: 3, name: '满200减20', money: '20.00', use_money: '200.00', start_time: '2026-11-01 00:00:00', end_time: '2099-01-01 00:00:00' }],
  };

  it('shows the full reductions and the coupons; an anonymous visitor is sent to log in', async () => {
    withGoods({ 'GET /api/goods/5': envelope(PROMOTED) });
    await open();
    const strip = screen.getByTestId('promotions');
    expect(strip.textContent).toContain('满￥200减￥20');
    fireEvent.click(within(strip).getByRole('button', { name: /^领取优惠券 满99减10/ }));
    await waitFor(() => expect(getCommitted().path).toBe('/login'));
  });

  it('a logged-in shopper takes the coupon once', async () => {
    login();
    const { calls } = withGoods({ 'GET /api/goods/5': envelope(PROMOTED), 'GET /api/user/coupon/taken': envelope({}), 'POST /api/user/coupon/receive': () => envelope({ id: 9, coupon_id: 61 }) });
    await open();
    const button = within(screen.getByTestId('coupon-61')).getByRole('button');
    // enabled once the page knows the shopper has not taken it yet
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('已领取'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const takes = calls.filter((c) => c.url === '/api/user/coupon/receive');
    expect(takes).toHaveLength(1);
    expect(formBody(takes[0])).toEqual({ id: '61' });
  });

  it('a second take of a coupon the shopper took and used says so (one per shopper), not "taken"', async () => {
    login();
    withGoods({
      'GET /api/goods/5': envelope(PROMOTED),
      'GET /api/user/coupon/taken': envelope({}),
      'POST /api/user/coupon/receive': () => envelope({ field: 'id', taken: 'used' }, 409, '这张优惠券你已领取并使用过，每人限领一张'),
    });
    await open();
    const button = within(screen.getByTestId('coupon-61')).getByRole('button');
    // enabled once the page knows the shopper has not taken it yet
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('已用过'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('这张优惠券你已领取并使用过，每人限领一张')).toBeTruthy();
  });

  it('a logged-in shopper sees at once which coupons they took before, used or not, without trying', async () => {
    login();
    const SECOND = { ...PROMOTED.coupons[0], id: 62, name: '满199减30' };
    const { calls } = withGoods({
      'GET /api/goods/5': envelope({ ...PROMOTED, coupons: [...PROMOTED.coupons, SECOND, { ...SECOND, id: 63, name: '满299减50' }] }),
      'GET /api/user/coupon/taken': envelope({ 61: 'used', 62: 'unused' }),
    });
    await open();
    const label = (id: number) => within(screen.getByTestId(`coupon-${id}`)).getByRole('button');
    await waitFor(() => expect(label(61).textContent).toBe('已用过'));
    expect(label(62).textContent).toBe('已领取');
    expect((label(61) as HTMLButtonElement).disabled && (label(62) as HTMLButtonElement).disabled).toBe(true);
    expect(label(63).textContent).toBe('领取');
    expect((label(63) as HTMLButtonElement).disabled).toBe(false);
    const asked = calls.filter((c) => c.url.startsWith('/api/user/coupon/taken'));
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0].url, 'http://x').searchParams.get('ids')).toBe('61,62,63');
    expect(calls.some((c) => c.url === '/api/user/coupon/receive')).toBe(false);
  });

  it('an anonymous visitor is not asked about', async () => {
    const { calls } = withGoods({ 'GET /api/goods/5': envelope(PROMOTED) });
    await open();
    expect(within(screen.getByTestId('coupon-61')).getByRole('button').textContent).toBe('领取');
    expect(calls.some((c) => c.url.startsWith('/api/user/coupon/taken'))).toBe(false);
  });

  it('a second take of a coupon still unused reads "taken"', async () => {
    login();
    withGoods({
      'GET /api/goods/5': envelope(PROMOTED),
      'GET /api/user/coupon/taken': envelope({}),
      'POST /api/user/coupon/receive': () => envelope({ field: 'id', taken: 'unused' }, 409, '你已经领取过这张优惠券'),
    });
    await open();
    const button = within(screen.getByTestId('coupon-61')).getByRole('button');
    // enabled once the page knows the shopper has not taken it yet
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('已领取'));
  });
});
