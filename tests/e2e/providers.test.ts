import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aliyunSms, amapRest, kuaidi100, wechatApi, type StandIn, type TraceRow } from '../server/providers/standins';
import { api, backofficeLogin, SHOTS, shoot, shopLogin } from './app';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';
import { dialog, rowOf } from './table';

// Issue 28 as a new operator and shopper would meet it: a fresh server (built SPA + API, seeded
// embedded database) whose provider endpoints point at local stand-ins (Aliyun SMS, kuaidi100,
// AMap web services and a stand-in of its JS API script); keys entered in the console.
const AK = 'LTAI5tE2eAccessKey';
const AK_SECRET = 'e2e-aliyun-secret';
const CUSTOMER = 'E2EKD100CUSTOMER';
const KD_KEY = 'e2e-kd100-key';
const WEB_KEY = 'e2e-amap-web-key';
const JS_KEY = 'e2e-amap-js-key';
const JSCODE = 'e2e-amap-security-code';
const WAYBILL = 'SF7700112233';
const WX_APPID = 'wxe2e0123456789abc';
const WX_SECRET = 'e2e-wechat-secret';
/** What the WeChat stand-in answers for a code: the identity the shopper "scanned" with. */
const wxCodes = new Map<string, { openid: string; unionid?: string; nickname: string }>();

const rows: TraceRow[] = [
  { time: '2026-12-07 09:12:00', context: '【上海市】快件已到达 上海浦东转运中心' },
  { time: '2026-12-06 21:40:00', context: '【深圳市】顺丰速运 已收取快件' },
];

let server: RunningServer;
let browser: Browser;
let sms: StandIn;
let kd: StandIn;
let amap: StandIn;
let script: Server;
let wx: StandIn;
/** WeChat's authorize page: the shopper "scans" at once and is sent back with a code, as WeChat does. */
let wxOpen: Server;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  mkdirSync(SHOTS, { recursive: true });
  [sms, kd, amap, wx] = await Promise.all([
    aliyunSms(AK, AK_SECRET),
    kuaidi100(CUSTOMER, KD_KEY, new Map([[WAYBILL, { state: '0', rows }]])),
    amapRest(WEB_KEY, JSCODE),
    wechatApi(WX_APPID, WX_SECRET, wxCodes),
  ]);
  wxOpen = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://wx');
    const ok = url.pathname === '/connect/qrconnect' && url.searchParams.get('appid') === WX_APPID && url.searchParams.get('scope') === 'snsapi_login';
    const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid/');
    const code = `code-${wxCodes.size + 1}`;
    wxCodes.set(code, { openid: 'o-e2e-web', unionid: 'u-e2e', nickname: 'E2E 微信' });
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(ok ? 302 : 400, ok ? { location: back.toString() } : {}).end();
  });
  await new Promise<void>((resolve) => wxOpen.listen(0, '127.0.0.1', resolve));
  const body = readFileSync(new URL('./fixtures/amap-standin.js', import.meta.url));
  script = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(body));
  await new Promise<void>((resolve) => script.listen(0, '127.0.0.1', resolve));
  const scriptUrl = `http://127.0.0.1:${(script.address() as AddressInfo).port}/maps?v=2.0`;
  [server, browser] = await Promise.all([
    startServer({
      ALIYUN_SMS_ENDPOINT: sms.url,
      KUAIDI100_ENDPOINT: `${kd.url}/poll/query.do`,
      AMAP_REST_BASE_URL: amap.url,
      AMAP_WEBAPI_BASE_URL: amap.url,
      AMAP_JS_URL: scriptUrl,
      WECHAT_API_BASE_URL: wx.url,
      WECHAT_OPEN_BASE_URL: `http://127.0.0.1:${(wxOpen.address() as AddressInfo).port}`,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  vi.resetConfig();
  await browser?.close();
  await server?.stop();
  await Promise.all([sms?.close(), kd?.close(), amap?.close(), wx?.close(), new Promise((r) => script?.close(r)), new Promise((r) => wxOpen?.close(r))]);
});

const page = (locale: 'zh-CN' | 'en-US' = 'en-US') => newPage(browser, server.url, locale);
const status = (p: Page, kind: string) => p.getByTestId(`provider-status-${kind}`);

describe('providers behind the settings', () => {
  it('the operator enters the keys: each page says test mode, then live', async () => {
    const { page: admin, context } = await page();
    await backofficeLogin(admin, 'Admin', 'admin');
    await admin.goto('/Admin/configs/sms');
    await expect.poll(() => status(admin, 'sms').getAttribute('data-live')).toBe('false');
    expect(await status(admin, 'sms').innerText()).toContain('Test mode:');
    await shoot(admin, 'providers-sms-test-mode');
    await admin.getByLabel(/AccessKey ID/).fill(AK);
    await admin.getByLabel(/AccessKey secret/).fill(AK_SECRET);
    await admin.getByLabel('SMS sign').fill('Souk商城');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(admin, 'sms').getAttribute('data-live')).toBe('true');
    expect(await status(admin, 'sms').innerText()).toContain('Live: codes are sent to shoppers through Aliyun SMS.');
    await shoot(admin, 'providers-sms-live');

    await admin.goto('/Admin/configs/web');
    await admin.getByRole('tab', { name: 'kuaidi100' }).click();
    await expect.poll(() => status(admin, 'tracking').getAttribute('data-live')).toBe('false');
    await admin.getByLabel('Customer ID').fill(CUSTOMER);
    await admin.getByLabel(/^Key/).fill(KD_KEY);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(admin, 'tracking').getAttribute('data-live')).toBe('true');
    await admin.getByRole('tab', { name: 'Map' }).click();
    await expect.poll(() => status(admin, 'map').getAttribute('data-live')).toBe('false');
    await admin.getByLabel(/AMap web key/).fill(WEB_KEY);
    await admin.getByLabel('AMap JSAPI key').fill(JS_KEY);
    await admin.getByLabel(/Security code/).fill(JSCODE);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(admin, 'map').getAttribute('data-live')).toBe('true');
    await shoot(admin, 'providers-map-live');
    // nothing the operator typed comes back from a read, nor from the public settings
    const read = JSON.stringify(await api(admin, 'GET', '/Admin/configs', 'admin_token'));
    const common = JSON.stringify(await api(admin, 'GET', '/common'));
    for (const secret of [AK, AK_SECRET, KD_KEY, WEB_KEY, JSCODE]) expect(read + common).not.toContain(secret);
    await context.close();
  });

  /** The register page's words in each language (locales auth.field.*, sms.*, auth.register.submit). */
  const REGISTER = {
    'en-US': { phone: 'Phone', password: 'Password', confirm: 'Confirm password', send: 'Send code', code: 'Verification code', submit: 'Register', throttled: 'Too many codes have been sent to this phone; please try again later.' },
    'zh-CN': { phone: '手机', password: '密码', confirm: '确认密码', send: '发送验证码', code: '验证码', submit: '注册', throttled: '该手机号获取验证码过于频繁，请稍后再试。' },
  } as const;

  // en-US first: the WeChat test below binds the phone registered here
  for (const [locale, phone, refusedPhone] of [['en-US', '13677778888', '13677770001'], ['zh-CN', '13677778899', '13677770002']] as const) {
    it(`a new shopper registers with the code Aliyun delivered; Aliyun's flow control is a clear message (${locale})`, async () => {
      const words = REGISTER[locale];
      const { page: shopper, context } = await page(locale);
      await shopper.goto('/register');
      const fill = async (number: string) => {
        await shopper.getByLabel(words.phone, { exact: true }).fill(number);
        await shopper.getByLabel(words.password, { exact: true }).fill('Tea-Garden-2026');
        await shopper.getByLabel(words.confirm, { exact: true }).fill('Tea-Garden-2026');
      };
      // Aliyun refuses (its hourly flow control for the phone): the shopper is told, no code is usable
      sms.mode = 'refuse';
      await fill(refusedPhone);
      const refusedAt = sms.seen.length;
      await shopper.getByRole('button', { name: words.send }).click();
      await expect.poll(() => shopper.getByText(words.throttled).count()).toBeGreaterThan(0);
      expect(sms.seen.length).toBe(refusedAt + 1);
      await shoot(shopper, `providers-register-refused-${locale}`);
      sms.mode = 'ok';

      await shopper.reload();
      await fill(phone);
      const before = sms.seen.length;
      await shopper.getByRole('button', { name: words.send }).click();
      await expect.poll(() => sms.seen.length).toBe(before + 1);
      const sent = sms.seen.at(-1)!;
      expect(sent.valid).toBe(true);
      expect(sent.query).toMatchObject({ PhoneNumbers: phone, SignName: 'Souk商城', TemplateCode: 'SMS_REGISTER' });
      const code = JSON.parse(sent.query.TemplateParam).code as string;
      // live: no test-mode label, and the code is not printed in the server log
      expect(await shopper.getByText(/test mode|测试模式/i).count()).toBe(0);
      expect(server.log()).not.toContain(`code ${code}`);
      await shopper.getByLabel(words.code, { exact: true }).fill(code);
      expect(await shoot(shopper, `providers-register-${locale}`)).toBeLessThanOrEqual(390);
      await shopper.getByRole('button', { name: words.submit, exact: true }).click();
      await shopper.waitForURL((u) => u.pathname === '/');
      expect((await api(shopper, 'POST', '/auth/info')).data.phone).toBe(phone);
      await context.close();
    });
  }

  it("a shipped order shows its kuaidi100 trace to its shopper and its store, and to no other shopper", { timeout: 180_000 }, async () => {
    const { page: buyer, context } = await page();
    await shopLogin(buyer);
    await buyer.goto('/goods/18');
    await buyer.getByRole('radiogroup', { name: '颜色' }).getByRole('radio', { name: '黑色' }).click();
    await buyer.getByRole('button', { name: 'Buy now' }).click();
    await buyer.waitForURL(/\/order\/before\//);
    await buyer.getByRole('button', { name: 'Submit order' }).click();
    await buyer.waitForURL(/\/order\/pay\//);
    const orderId = JSON.parse(Buffer.from(decodeURIComponent(new URL(buyer.url()).pathname.slice('/order/pay/'.length)), 'base64').toString('utf8')).order_id[0] as number;
    await buyer.getByText('Balance', { exact: true }).click();
    await buyer.getByLabel('Pay password (6 digits)').fill('123456');
    await buyer.getByRole('button', { name: 'Pay now' }).click();
    await buyer.waitForURL((u) => u.pathname === '/order/success');
    const orderNo = String((await api(buyer, 'GET', `/user/order/${orderId}`)).data.order_no);

    const { page: seller, context: sellerContext } = await page();
    await backofficeLogin(seller, 'Seller', '18888888888');
    await seller.goto('/Seller/orders');
    const row = rowOf(seller, orderNo);
    await row.getByRole('button', { name: 'Details' }).click();
    await dialog(seller).getByRole('button', { name: 'Ship' }).click();
    const ship = seller.getByRole('dialog', { name: `Ship order ${orderNo}` });
    await ship.getByRole('combobox', { name: 'Express company' }).fill('顺丰');
    await seller.getByRole('option', { name: '顺丰速运' }).click();
    await ship.getByLabel('Waybill no.').fill(WAYBILL);
    await ship.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => ship.count()).toBe(0);

    // the shopper's order page: the trace from kuaidi100, newest step first
    const asked = kd.seen.length;
    await buyer.goto(`/user/order/${orderId}`);
    const trace = buyer.getByTestId('parcel-trace');
    await expect.poll(() => trace.getAttribute('data-provider')).toBe('kuaidi100');
    expect(await trace.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('上海浦东转运中心'), expect.stringContaining('已收取快件')]);
    expect(kd.seen.length).toBe(asked + 1);
    expect(kd.seen.at(-1)!.valid).toBe(true);
    expect(JSON.parse(kd.seen.at(-1)!.form.param)).toMatchObject({ com: 'shunfeng', num: WAYBILL });
    await shoot(buyer, 'providers-user-order-trace');

    // the store's order dialog shows the same trace (from the cache: kuaidi100 is not asked again)
    await seller.goto('/Seller/orders');
    await rowOf(seller, orderNo).getByRole('button', { name: 'Details' }).click();
    await expect.poll(() => dialog(seller).getByTestId('parcel-trace').getAttribute('data-provider')).toBe('kuaidi100');
    await shoot(seller, 'providers-seller-order-trace');
    expect(kd.seen.length).toBe(asked + 1);
    await sellerContext.close();

    // another shopper: no trace of someone else's order
    const { page: other, context: otherContext } = await page();
    await shopLogin(other, '13677778888', 'Tea-Garden-2026');
    const refused = await api(other, 'POST', '/user/order/express', 'token', { id: String(orderId) });
    expect(refused.code).toBe(404);
    expect(JSON.stringify(refused)).not.toContain('上海');
    await otherContext.close();
    await context.close();
  });

  it('the store picks its point on the map (AMap JS API through the security proxy) and the store page shows it; without the script it says so', async () => {
    const { page: seller, context } = await page();
    await backofficeLogin(seller, 'Seller', '18888888888');
    await seller.goto('/Seller/stores');
    await seller.getByRole('tab', { name: 'Location' }).click();
    const map = seller.getByRole('application', { name: "Map of the store's location" });
    await expect.poll(() => map.getAttribute('data-state')).toBe('ready');
    const standin = await seller.evaluate(() => (window as unknown as { __amapStandin: { key: string; serviceHost: string; proxied: unknown } }).__amapStandin);
    expect(standin.key).toBe(JS_KEY);
    expect(standin.serviceHost).toBe(`${server.url}/api/_AMapService`);
    await expect.poll(() => seller.evaluate(() => (window as unknown as { __amapStandin: { proxied: { status?: string } | null } }).__amapStandin.proxied?.status)).toBe('1');
    expect(amap.seen.some((r) => r.path === '/v3/ip' && r.query.jscode === JSCODE)).toBe(true);
    await map.click({ position: { x: 40, y: 40 } });
    const lng = await seller.getByLabel('Longitude').inputValue();
    expect(lng).toMatch(/^\d+\.\d{6}$/);
    await seller.getByRole('button', { name: 'Locate by address' }).click();
    await expect.poll(() => seller.getByLabel('Longitude').inputValue()).toBe('116.482086');
    expect(await seller.getByLabel('Latitude').inputValue()).toBe('39.990496');
    await shoot(seller, 'providers-seller-map');
    const [saved] = await Promise.all([
      seller.waitForResponse((r) => r.url().endsWith('/api/Seller/stores/0') && r.request().method() === 'PUT'),
      seller.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect((await saved.json()).code).toBe(200);
    await context.close();

    const { page: visitor, context: visitorContext } = await page('zh-CN');
    await visitor.goto('/store/1');
    const storeMap = visitor.getByRole('application', { name: '店铺所在位置' });
    await expect.poll(() => storeMap.getAttribute('data-state')).toBe('ready');
    await shoot(visitor, 'providers-store-map');
    await visitorContext.close();

    // no internet: the script cannot be fetched → the page says so and keeps the coordinates
    const { page: offline, context: offlineContext } = await page('zh-CN');
    await offline.route('**/maps?v=2.0**', (route) => route.abort());
    await offline.goto('/store/1');
    const note = offline.getByTestId('map-unavailable');
    await expect.poll(() => note.getAttribute('data-state')).toBe('failed');
    expect(await note.innerText()).toContain('地图加载失败');
    expect(await note.innerText()).toContain('116.482086');
    await shoot(offline, 'providers-store-map-offline');
    await offlineContext.close();
  });

  it('WeChat login: the operator sets up the QR login; a first-time WeChat user binds the phone it registered with (SMS code) and logs in; the user centre shows the binding', async () => {
    const { page: admin, context: adminContext } = await page();
    await backofficeLogin(admin, 'Admin', 'admin');
    await admin.goto('/Admin/configs/oauth');
    await admin.getByRole('tab', { name: /QR/ }).click();
    await expect.poll(() => status(admin, 'oauth.weixinweb').getAttribute('data-live')).toBe('false');
    await admin.getByLabel('Client ID').fill(WX_APPID);
    await admin.getByLabel(/^Secret/).fill(WX_SECRET);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(admin, 'oauth.weixinweb').getAttribute('data-live')).toBe('true');
    await shoot(admin, 'providers-oauth-live');
    await adminContext.close();

    const { page: shopper, context } = await page();
    await shopper.goto('/login');
    const wechat = shopper.getByTestId('wechat-login');
    await expect.poll(() => wechat.count()).toBe(1);
    await shoot(shopper, 'providers-login-wechat');
    await wechat.click();
    // WeChat sent the shopper back to our page with a code: a first-time identity asks for a phone
    await shopper.waitForURL((u) => u.pathname === '/oauth/callback/weixinweb');
    const form = shopper.getByTestId('wechat-bind');
    await expect.poll(() => form.count()).toBe(1);
    expect(await form.innerText()).toContain('Hello, E2E 微信!');
    await shopper.getByLabel('Phone', { exact: true }).fill('13677778888');
    const before = sms.seen.length;
    await shopper.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => sms.seen.length).toBe(before + 1);
    expect(sms.seen.at(-1)!.query).toMatchObject({ PhoneNumbers: '13677778888', TemplateCode: 'SMS_LOGIN' });
    await shopper.getByLabel('Verification code').fill(JSON.parse(sms.seen.at(-1)!.query.TemplateParam).code);
    await shoot(shopper, 'providers-wechat-bind');
    await shopper.getByRole('button', { name: 'Confirm and log in' }).click();
    await shopper.waitForURL((u) => u.pathname === '/');
    expect((await api(shopper, 'POST', '/auth/info')).data.phone).toBe('13677778888');
    expect(wx.seen.every((r) => r.valid)).toBe(true);
    await shopper.goto('/user/oauth');
    const bound = shopper.getByTestId('oauth-weixinweb');
    await expect.poll(() => bound.innerText()).toContain('Linked to WeChat "E2E 微信"');
    await shoot(shopper, 'providers-user-oauth');
    await context.close();
  });
});
