import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { geocode, GeocodeError } from '../../../server/modules/maps/geocode';
import { freshIp, loginAdmin, loginOwnerSeller, loginShopper, openTestServer, type TestServer } from '../helpers';
import { amapRest, type StandIn } from './standins';

/**
 * AMap: geocoding against a stand-in of its web-service API, the JS API security proxy (the
 * security code added on the server, never sent to a browser), and what the public answers carry.
 */
const WEB_KEY = 'amap-web-service-key';
const JS_KEY = 'amap-js-api-key';
const JSCODE = 'amap-security-code-0001';

let s: TestServer;
let amap: StandIn;
let admin: string;
const saved = { rest: process.env.AMAP_REST_BASE_URL, web: process.env.AMAP_WEBAPI_BASE_URL, js: process.env.AMAP_JS_URL };

beforeAll(async () => {
  [s, amap] = await Promise.all([openTestServer(), amapRest(WEB_KEY, JSCODE)]);
  process.env.AMAP_REST_BASE_URL = amap.url;
  process.env.AMAP_WEBAPI_BASE_URL = amap.url;
  process.env.AMAP_JS_URL = '/amap-standin.js';
  admin = await loginAdmin(s);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  for (const [key, value] of [['AMAP_REST_BASE_URL', saved.rest], ['AMAP_WEBAPI_BASE_URL', saved.web], ['AMAP_JS_URL', saved.js]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await Promise.all([s.close(), amap.close()]);
});
beforeEach(() => {
  amap.mode = 'ok';
});

describe('geocoding adapter', () => {
  it('asks /v3/geocode/geo with the key and the address; reads "lng,lat"', async () => {
    const point = await geocode(WEB_KEY, '北京市朝阳区阜通东大街6号', '北京', { base: amap.url });
    expect(point).toEqual({ lng: '116.482086', lat: '39.990496', address: '北京市朝阳区阜通东大街6号' });
    expect(amap.seen.at(-1)?.query).toMatchObject({ key: WEB_KEY, address: '北京市朝阳区阜通东大街6号', city: '北京' });
  });

  it('refusals: a wrong key (INVALID_USER_KEY), no match, a timeout', async () => {
    await expect(geocode('wrong', '北京', '', { base: amap.url })).rejects.toMatchObject({ kind: 'rejected', providerCode: '10001 INVALID_USER_KEY' });
    await expect(geocode(WEB_KEY, '月球背面', '', { base: amap.url })).rejects.toMatchObject({ kind: 'notFound' });
    amap.mode = 'hang';
    const err = await geocode(WEB_KEY, '北京', '', { base: amap.url, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GeocodeError);
    expect(err).toMatchObject({ kind: 'unreachable', providerCode: 'timeout' });
  });
});

describe('POST /api/map/geocode and the JS API security proxy', () => {
  it('says the map is not set up before the keys are saved', async () => {
    const seller = await loginOwnerSeller(s);
    const res = await s.call('POST', '/api/map/geocode', { token: seller, body: { address: '北京市朝阳区' } });
    expect(res.code).toBe(422);
    expect(res.msg).toBe('地图服务未配置，请直接填写经纬度。');
    expect((await s.app.request('/api/_AMapService/v3/place/text?keywords=x')).status).toBe(404);
    expect((await s.call('GET', '/api/Admin/configs/providers', { token: admin })).data.map).toMatchObject({ live: false, geocode: false });
  });

  it('with the keys saved: a store or a shopper geocodes; anonymous callers and bad input are refused', async () => {
    const save = await s.call('PUT', '/api/Admin/configs/update', { token: admin, body: { 'amap[key]': WEB_KEY, 'amap[jsapi]': JS_KEY, 'amap[security]': JSCODE } });
    expect(save.code).toBe(200);
    expect(save.data.amap).toMatchObject({ key: '', key_set: true, jsapi: JS_KEY, security: '', security_set: true });
    const seller = await loginOwnerSeller(s);
    const res = await s.call('POST', '/api/map/geocode', { token: seller, body: { address: '北京市朝阳区阜通东大街6号' } });
    expect(res.data).toEqual({ lng: '116.482086', lat: '39.990496', address: '北京市朝阳区阜通东大街6号' });
    const shopper = await loginShopper(s);
    const none = await s.call('POST', '/api/map/geocode', { token: shopper, body: { address: '月球背面' }, lang: 'en' });
    expect(none.code).toBe(422);
    expect(none.msg).toBe('No place was found for this address; check it or pick the point on the map.');
    expect((await s.call('POST', '/api/map/geocode', { body: { address: '北京' } })).code).toBe(401);
    const blank = await s.call('POST', '/api/map/geocode', { token: shopper, body: { address: '' } });
    expect(blank.code).toBe(422);
    expect(JSON.stringify(blank.data)).toContain('address');
    amap.mode = 'refuse';
    const refused = await s.call('POST', '/api/map/geocode', { token: seller, body: { address: '北京' } });
    expect(refused.code).toBe(503);
    expect(refused.msg).toBe('地图服务暂不可用，请稍后再试或直接填写经纬度。');
  });

  it('the proxy forwards the JS API calls with jscode added; the code is in no public answer', async () => {
    const res = await s.app.request('/api/_AMapService/v3/place/text?keywords=%E5%92%96%E5%95%A1&key=' + JS_KEY, { headers: { 'x-forwarded-for': freshIp() } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; path: string; query: Record<string, string> };
    expect(body).toMatchObject({ status: '1', path: '/v3/place/text' });
    expect(body.query).toMatchObject({ keywords: '咖啡', key: JS_KEY });
    expect(amap.seen.at(-1)?.query.jscode).toBe(JSCODE);
    expect(amap.seen.at(-1)?.valid).toBe(true);
    const styles = await s.app.request('/api/_AMapService/v4/map/styles?styleid=1', { headers: { 'x-forwarded-for': freshIp() } });
    expect(((await styles.json()) as { path: string }).path).toBe('/v4/map/styles');
    expect((await s.app.request('/api/_AMapService/..%2F..%2Fetc', { headers: { 'x-forwarded-for': freshIp() } })).status).toBe(400);

    const common = await s.call('GET', '/api/common');
    expect(common.data.common.amap).toEqual({ jsapi: JS_KEY, script: '/amap-standin.js' });
    const everything = JSON.stringify(common.data) + JSON.stringify((await s.call('GET', '/api/Admin/configs', { token: admin })).data);
    expect(everything).not.toContain(JSCODE);
    expect(everything).not.toContain(WEB_KEY);
    expect((await s.call('GET', '/api/Admin/configs/providers', { token: admin })).data.map).toEqual({ provider: 'amap', live: true, geocode: true, security: true });
  });
});
