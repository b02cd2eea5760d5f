import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthAppFor } from '../../../src/api/oauth';
import { MapView } from '../../../src/maps/MapView';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { SLOW, boot } from '../user/fixtures';
import { IntlRoot } from '../../../src/app/IntlRoot';

/** WeChat login on the login page and its callback page; the store map with AMap and without it. */
const commonWith = (over: Record<string, unknown>) => ({
  'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '', ...over }, ip: '1.2.3.4', cart: 0 }),
  'GET /api/cart_count': envelope(0),
});

describe('WeChat login pages', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  it('offers the QR login on a PC browser, the official-account login inside WeChat, nothing when not set up', () => {
    expect(oauthAppFor(['weixin', 'weixinweb'], 'Mozilla/5.0 Chrome/120')).toBe('weixinweb');
    expect(oauthAppFor(['weixin', 'weixinweb'], 'Mozilla/5.0 MicroMessenger/8.0')).toBe('weixin');
    expect(oauthAppFor(['weixin'], 'Mozilla/5.0 Chrome/120')).toBeNull();
    expect(oauthAppFor(undefined, '')).toBeNull();
  });

  it('the login page links to /api/oauth/weixinweb when the shop offers it', async () => {
    fakeFetch(commonWith({ oauth: ['weixinweb'] }));
    boot('/login', 'en');
    const button = await screen.findByTestId('wechat-login', {}, SLOW);
    expect(button.getAttribute('href')).toBe('/api/oauth/weixinweb');
    expect(button.textContent).toBe('WeChat (scan a QR code)');
  });

  it('a first-time WeChat user proves a phone with a login code and is logged in', async () => {
    const { calls } = fakeFetch({
      ...commonWith({}),
      'GET /api/oauth/callback/weixinweb': envelope({ bind: true, app: 'weixinweb', ticket: 'T.sig', nickname: '微信小明', avatar: '' }),
      'POST /api/sms': envelope([]),
      'POST /api/oauth/bind': envelope({ token_type: 'Bearer', expires_in: 900, access_token: 'NEW-TOKEN', refresh_token: 'r' }),
      'POST /api/auth/info': envelope({ id: 9, nickname: '微信小明', belong_id: 0 }),
      'GET /api/user/default': envelope({}),
    });
    boot('/oauth/callback/weixinweb?code=C1&state=S1');
    const form = await screen.findByTestId('wechat-bind', {}, SLOW);
    expect(form.textContent).toContain('你好，微信小明！');
    expect(calls.find((c) => c.url.startsWith('/api/oauth/callback/weixinweb'))!.url).toBe('/api/oauth/callback/weixinweb?code=C1&state=S1');
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13655550001' } });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/sms')).toBe(true));
    expect(String(calls.find((c) => c.url === '/api/sms')!.body)).toBe('phone=13655550001&name=login');
    fireEvent.change(screen.getByLabelText(/验证码/, { selector: 'input' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('NEW-TOKEN'));
    expect(String(calls.find((c) => c.url === '/api/oauth/bind')!.body)).toBe('ticket=T.sig&phone=13655550001&code=123456');
  });

  it('an expired login request says so and links back to the login page', async () => {
    fakeFetch({ ...commonWith({}), 'GET /api/oauth/callback/weixinweb': envelope(null, 422, '登录请求已失效，请重新发起微信登录。') });
    boot('/oauth/callback/weixinweb?code=C1&state=bad');
    expect(await screen.findByText('登录请求已失效，请重新发起微信登录。', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录页重新发起' }).getAttribute('href')).toBe('/login');
  });
});

describe('store map (AMap JS API)', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => {
    delete window.AMap;
    resetApp('/');
  });

  it('without a JS API key it says so and shows the point as text', async () => {
    fakeFetch(commonWith({ amap: { jsapi: '', script: 'https://webapi.amap.com/maps?v=2.0' } }));
    render(
      <IntlRoot>
        <MapView lng="116.482086" lat="39.990496" label="map" />
      </IntlRoot>,
    );
    const note = await screen.findByTestId('map-unavailable', {}, SLOW);
    expect(note.getAttribute('data-state')).toBe('off');
    expect(note.textContent).toContain('116.482086');
  });

  it('with a key it sets the security proxy, draws the point, and a click picks a new one', async () => {
    fakeFetch(commonWith({ amap: { jsapi: 'JS-KEY', script: '/amap-standin.js' } }));
    const handlers: ((e: { lnglat: { getLng(): number; getLat(): number } }) => void)[] = [];
    const made: { center: [number, number] }[] = [];
    const setPosition = vi.fn();
    window.AMap = {
      Map: class {
        constructor(_el: HTMLElement, options: { zoom: number; center: [number, number] }) {
          made.push(options);
        }
        add() {}
        setCenter() {}
        setZoom() {}
        on(_: 'click', handler: (e: { lnglat: { getLng(): number; getLat(): number } }) => void) {
          handlers.push(handler);
        }
        destroy() {}
      },
      Marker: class {
        setPosition = setPosition;
      },
    } as never;
    const picked = vi.fn();
    render(
      <IntlRoot>
        <MapView lng="116.482086" lat="39.990496" onPick={picked} label="store map" />
      </IntlRoot>,
    );
    const map = await screen.findByRole('application', { name: 'store map' }, SLOW);
    await waitFor(() => expect(map.getAttribute('data-state')).toBe('ready'));
    expect(made[0].center).toEqual([116.482086, 39.990496]);
    handlers[0]({ lnglat: { getLng: () => 121.4737, getLat: () => 31.2304 } });
    expect(picked).toHaveBeenCalledWith('121.473700', '31.230400');
  });
});

describe('the consoles\' order dialog', { timeout: 20000 }, () => {
  afterEach(() => resetApp('/'));

  it('a shipped order shows the store its parcel trace, asked with the seller token from /api/Seller/orders/express/find', async () => {
    localStorage.setItem('seller_token', 'stok');
    const { OrderDetailDialog } = await import('../../../src/backoffice/orders/OrderDetailDialog');
    const shipped = {
      id: 7, order_no: '20261126100000123456', order_name: '四件套', store_name: '棉语', buyer_name: 'demo', order_status: 3, order_status_cn: '等待收货',
      total_price: '469.00', order_price: '459.00', freight_money: '10.00', coupon_money: '0.00', payment_name: 'balance', payment_name_cn: '余额支付',
      receive_name: '张三', receive_tel: '13800000000', receive_area: '广东省', receive_address: '1 号', remark: '',
      delivery_code: 'sf', delivery_name: '顺丰速运', delivery_no: 'SF1234567890', created_at: '2026-11-26 10:00:00',
      pay_time: '2026-11-26 10:01:00', delivery_time: '2026-11-27 10:00:00', receipt_time: null, cancel_time: null, order_goods: [], logs: [], pay: null,
    };
    const { calls } = fakeFetch({
      'GET /api/Seller/orders/7': envelope(shipped),
      'POST /api/Seller/orders/express/find': envelope({ provider: 'kuaibao', test_mode: false, delivery_code: 'sf', delivery_name: '顺丰速运', delivery_no: 'SF1234567890', state: 'delivered', steps: [{ time: '2026-11-28 12:00:00', text: '已签收' }], fetched_at: '2026-11-28 12:05:00', stale: false }),
    });
    render(
      <IntlRoot>
        <OrderDetailDialog area={1} id={7} onClose={() => undefined} />
      </IntlRoot>,
    );
    const trace = await screen.findByTestId('parcel-trace', {}, SLOW);
    expect(trace.textContent).toContain('已签收');
    const asked = calls.find((c) => c.url === '/api/Seller/orders/express/find')!;
    expect(asked.body).toBe('id=7');
    expect(asked.headers.get('authorization')).toBe('Bearer stok');
  });
});
