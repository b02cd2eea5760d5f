import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the providers' documented HTTP APIs (these machines cannot reach the real
 * ones). Each checks what we send the way the provider does — Aliyun's ACS3-HMAC-SHA256 and
 * Tencent's TC3-HMAC-SHA256 signatures recomputed here from the raw request, kuaidi100's and
 * Kuaibao's MD5 signs, WeChat's and AMap's query parameters — records it, and answers in the
 * provider's format. `mode` makes the next answers a refusal of the provider's or a hang (timeout).
 */
export type Mode = 'ok' | 'refuse' | 'hang' | string;

export interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  form: Record<string, string>;
  /** The stand-in's verdict on the signature (or the credentials for unsigned APIs). */
  valid: boolean;
}

export interface StandIn {
  url: string;
  host: string;
  seen: Seen[];
  mode: Mode;
  close(): Promise<void>;
}

type Handler = (seen: Seen, state: StandIn, res: ServerResponse) => void | Promise<void>;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export function json(res: ServerResponse, body: unknown, status = 200, contentType = 'application/json;charset=utf-8') {
  res.writeHead(status, { 'content-type': contentType });
  res.end(JSON.stringify(body));
}

async function standIn(check: (seen: Omit<Seen, 'valid'>) => boolean, handle: Handler): Promise<StandIn> {
  const held: ServerResponse[] = [];
  const state: StandIn = { url: '', host: '', seen: [], mode: 'ok', close: async () => {} };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand.in');
    const body = await readBody(req);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
    const form = headers['content-type']?.includes('x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(body)) : {};
    const raw = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body, form, rawQuery: url.search.slice(1) };
    const seen: Seen = { ...raw, valid: check(raw as Omit<Seen, 'valid'>) };
    state.seen.push(seen);
    if (state.mode === 'hang') {
      held.push(res);
      return;
    }
    await handle(seen, state, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${port}`;
  state.host = `127.0.0.1:${port}`;
  state.close = async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

/** RFC 3986 percent-encoding (unreserved A-Z a-z 0-9 - _ . ~ kept), as Aliyun canonicalises. */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun's V3 signature (ACS3-HMAC-SHA256) of a request, per its "签名机制 V3" documentation. */
export function aliyunV3Valid(seen: Omit<Seen, 'valid'> & { rawQuery?: string }, accessKeyId: string, secret: string): boolean {
  const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(seen.headers.authorization ?? '');
  if (!auth || auth[1] !== accessKeyId) return false;
  const signedHeaders = auth[2].split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-acs-date') || !signedHeaders.includes('x-acs-content-sha256')) return false;
  const pairs = (seen.rawQuery ?? '')
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((x) => decodeURIComponent(x.replace(/\+/g, '%20'))) as [string, string?])
    .map(([k, v = '']) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalQuery = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${(seen.headers[h] ?? '').trim()}\n`).join('');
  const payloadHash = sha256(seen.body);
  if (seen.headers['x-acs-content-sha256'] !== payloadHash) return false;
  const canonical = [seen.method, seen.path || '/', canonicalQuery, canonicalHeaders, auth[2], payloadHash].join('\n');
  const expected = hmac(secret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex');
  return expected === auth[3];
}

/**
 * Dysmsapi SendSms. Modes: ok → {Code: OK}; 'refuse' → 200 with isv.BUSINESS_LIMIT_CONTROL (flow
 * control); 'template' → 200 with isv.SMS_TEMPLATE_ILLEGAL; a wrong AccessKey ID → 404
 * InvalidAccessKeyId.NotFound, a bad signature → 400 SignatureDoesNotMatch, as Aliyun answers.
 */
export async function aliyunSms(accessKeyId: string, secret: string): Promise<StandIn> {
  return standIn(
    (seen) => aliyunV3Valid(seen, accessKeyId, secret),
    (seen, state, res) => {
      const requestId = `REQ${state.seen.length}`;
      if (!/^ACS3-HMAC-SHA256 Credential=/.test(seen.headers.authorization ?? '')) return json(res, { Code: 'MissingAuthorization', Message: 'no auth', RequestId: requestId }, 400);
      if (!seen.headers.authorization.includes(`Credential=${accessKeyId},`)) return json(res, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.', RequestId: requestId }, 404);
      if (!seen.valid) return json(res, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: requestId }, 400);
      if (seen.headers['x-acs-action'] !== 'SendSms' || seen.headers['x-acs-version'] !== '2017-05-25') return json(res, { Code: 'InvalidAction.NotFound', Message: 'no action', RequestId: requestId }, 404);
      if (state.mode === 'refuse') return json(res, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5', RequestId: requestId });
      if (state.mode === 'template') return json(res, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板', RequestId: requestId });
      return json(res, { Code: 'OK', Message: 'OK', BizId: `BIZ${state.seen.length}`, RequestId: requestId });
    },
  );
}

/** Tencent Cloud API 3.0's TC3-HMAC-SHA256 signature, per its "签名方法 v3" documentation. */
export function tencentTc3Valid(seen: Omit<Seen, 'valid'>, secretId: string, secretKey: string): boolean {
  const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(seen.headers.authorization ?? '');
  if (!auth || auth[1] !== secretId) return false;
  const [, , date, service, signedHeaders, signature] = auth;
  const timestamp = seen.headers['x-tc-timestamp'] ?? '';
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  if (service !== (seen.headers.host ?? '').split(/[.:]/)[0]) return false;
  // the host is canonicalised without a port (Tencent's hosts have none; the stand-in's does)
  const value = (h: string) => (h === 'host' ? (seen.headers.host ?? '').replace(/:\d+$/, '') : (seen.headers[h] ?? '').trim().toLowerCase());
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((h) => `${h}:${value(h)}\n`)
    .join('');
  const canonical = [seen.method, '/', seen.method === 'GET' ? new URLSearchParams(seen.query).toString() : '', canonicalHeaders, signedHeaders, sha256(seen.body)].join('\n');
  const toSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256(canonical)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  return hmac(signing, toSign).toString('hex') === signature;
}

/**
 * SMS 2021-01-11 SendSms. Modes: ok → SendStatusSet Code "Ok"; 'refuse' → the number's status
 * LimitExceeded.PhoneNumberDailyLimit; a bad signature → Error AuthFailure.SignatureFailure, an
 * unknown SecretId → AuthFailure.SecretIdNotFound (HTTP 200 with Response.Error, as Tencent answers).
 */
export async function tencentSms(secretId: string, secretKey: string): Promise<StandIn> {
  return standIn(
    (seen) => tencentTc3Valid(seen, secretId, secretKey),
    (seen, state, res) => {
      const RequestId = `req-${state.seen.length}`;
      const error = (Code: string, Message: string) => json(res, { Response: { Error: { Code, Message }, RequestId } });
      if (!(seen.headers.authorization ?? '').includes(`Credential=${secretId}/`)) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
      if (!seen.valid) return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
      if (seen.headers['x-tc-action'] !== 'SendSms' || seen.headers['x-tc-version'] !== '2021-01-11') return error('InvalidAction', 'no action');
      const body = JSON.parse(seen.body || '{}') as { PhoneNumberSet?: string[] };
      const phone = body.PhoneNumberSet?.[0] ?? '';
      const status =
        state.mode === 'refuse'
          ? { SerialNo: '', PhoneNumber: phone, Fee: 0, SessionContext: '', Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'the number of sms messages sent from a single mobile number every day exceeds the upper limit', IsoCode: 'CN' }
          : { SerialNo: `sn-${state.seen.length}`, PhoneNumber: phone, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' };
      return json(res, { Response: { SendStatusSet: [status], RequestId } });
    },
  );
}

export interface TraceRow {
  time: string;
  context: string;
}

/**
 * kuaidi100 poll/query.do: checks customer and sign = upper MD5(param + key + customer). Answers
 * the trace set in `traces` by waybill (newest first, as kuaidi100 with order desc); 'refuse' →
 * returnCode 601 (key expired / no balance); an unknown waybill → returnCode 500 (no result).
 */
export async function kuaidi100(customer: string, key: string, traces: Map<string, { state: string; rows: TraceRow[] }>): Promise<StandIn> {
  return standIn(
    (seen) => seen.form.customer === customer && seen.form.sign === md5(`${seen.form.param ?? ''}${key}${customer}`).toUpperCase(),
    (seen, state, res) => {
      if (!seen.valid) return json(res, { result: false, returnCode: '503', message: '验证签名失败' });
      if (state.mode === 'refuse') return json(res, { result: false, returnCode: '601', message: 'POLL:KEY已过期或账号余额不足' });
      const param = JSON.parse(seen.form.param ?? '{}') as { com?: string; num?: string };
      const trace = traces.get(param.num ?? '');
      if (!trace || !param.com) return json(res, { result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' });
      return json(res, {
        message: 'ok',
        nu: param.num,
        ischeck: trace.state === '3' ? '1' : '0',
        com: param.com,
        status: '200',
        condition: 'F00',
        state: trace.state,
        data: trace.rows.map((row) => ({ time: row.time, ftime: row.time, context: row.context, location: '' })),
      });
    },
  );
}

/** Kuaibao express.info.get: checks app_id, method, ts and sign = MD5(app_id + method + ts + appkey); answers {code 0, data: [{no, status, data}]} oldest first; 'refuse' → code 1002. */
export async function kuaibao(appId: string, appKey: string, traces: Map<string, { status: string; rows: TraceRow[] }>): Promise<StandIn> {
  return standIn(
    (seen) =>
      seen.form.app_id === appId && seen.form.method === 'express.info.get' && /^\d{10}$/.test(seen.form.ts ?? '') && seen.form.sign === md5(`${appId}express.info.get${seen.form.ts}${appKey}`),
    (seen, state, res) => {
      if (!seen.valid) return json(res, { code: 1001, msg: '签名验证失败', data: [] });
      if (state.mode === 'refuse') return json(res, { code: 1002, msg: '调用次数已用完', data: [] });
      const data = JSON.parse(seen.form.data ?? '{}') as { waybill_no?: string; exp_company_code?: string };
      const trace = traces.get(data.waybill_no ?? '');
      if (!trace) return json(res, { code: 0, msg: '', data: [] });
      return json(res, { code: 0, msg: 'success', data: [{ no: data.waybill_no, brand: data.exp_company_code, status: trace.status, data: [...trace.rows].reverse() }] });
    },
  );
}

/**
 * WeChat's OAuth API host: /sns/oauth2/access_token (appid, secret, code, grant_type) and
 * /sns/userinfo (access_token, openid). `codes` maps a code to the identity it stands for; a
 * wrong secret → errcode 40125, an unknown code → 40029, 'refuse' → 40164 (IP not whitelisted).
 */
export async function wechatApi(appid: string, secret: string, codes: Map<string, { openid: string; unionid?: string; nickname: string }>): Promise<StandIn> {
  const tokens = new Map<string, { openid: string; unionid?: string; nickname: string }>();
  return standIn(
    (seen) =>
      seen.path === '/sns/oauth2/access_token'
        ? seen.query.appid === appid && seen.query.secret === secret && seen.query.grant_type === 'authorization_code' && Boolean(seen.query.code)
        : seen.path === '/sns/userinfo' && tokens.has(seen.query.access_token ?? '') && tokens.get(seen.query.access_token)?.openid === seen.query.openid,
    (seen, state, res) => {
      const plain = 'text/plain';
      if (seen.path === '/sns/oauth2/access_token') {
        if (state.mode === 'refuse') return json(res, { errcode: 40164, errmsg: 'invalid ip, not in whitelist' }, 200, plain);
        if (seen.query.appid !== appid) return json(res, { errcode: 40013, errmsg: 'invalid appid' }, 200, plain);
        if (seen.query.secret !== secret) return json(res, { errcode: 40125, errmsg: 'invalid appsecret' }, 200, plain);
        const who = codes.get(seen.query.code ?? '');
        if (!who) return json(res, { errcode: 40029, errmsg: 'invalid code' }, 200, plain);
        codes.delete(seen.query.code ?? '');
        const token = `AT${state.seen.length}`;
        tokens.set(token, who);
        return json(res, { access_token: token, expires_in: 7200, refresh_token: 'RT', openid: who.openid, scope: 'snsapi_login', ...(who.unionid ? { unionid: who.unionid } : {}) }, 200, plain);
      }
      if (seen.path === '/sns/userinfo') {
        if (!seen.valid) return json(res, { errcode: 40001, errmsg: 'invalid credential' }, 200, plain);
        const who = tokens.get(seen.query.access_token ?? '')!;
        return json(res, { openid: who.openid, nickname: who.nickname, sex: 0, province: '', city: '', country: 'CN', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/x/132', privilege: [], ...(who.unionid ? { unionid: who.unionid } : {}) });
      }
      return json(res, { errcode: 404, errmsg: 'not found' }, 404);
    },
  );
}

/**
 * AMap web services: /v3/geocode/geo (key, address) → a point for any address containing 北京,
 * none for others; a wrong key → status 0 INVALID_USER_KEY 10001. Any other path (what the JS API
 * security proxy forwards) answers {status 1, path, query without jscode} when `jscode` is the
 * expected code, INVALID_USER_SCODE otherwise.
 */
export async function amapRest(key: string, jscode: string): Promise<StandIn> {
  return standIn(
    (seen) => (seen.path === '/v3/geocode/geo' ? seen.query.key === key && Boolean(seen.query.address) : seen.query.jscode === jscode),
    (seen, state, res) => {
      if (seen.path === '/v3/geocode/geo') {
        if (seen.query.key !== key || state.mode === 'refuse') return json(res, { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' });
        if (!(seen.query.address ?? '').includes('北京')) return json(res, { status: '1', info: 'OK', infocode: '10000', count: '0', geocodes: [] });
        return json(res, { status: '1', info: 'OK', infocode: '10000', count: '1', geocodes: [{ formatted_address: '北京市朝阳区阜通东大街6号', location: '116.482086,39.990496', level: '门牌号' }] });
      }
      if (!seen.valid) return json(res, { status: '0', info: 'INVALID_USER_SCODE', infocode: '10008' });
      const { jscode: _code, ...query } = seen.query;
      return json(res, { status: '1', info: 'OK', path: seen.path, query });
    },
  );
}
