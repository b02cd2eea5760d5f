import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the Alipay and WeChat Pay gateways for the adapter tests (these machines
 * cannot reach the real ones): tiny HTTP servers on 127.0.0.1 that check each request's signature
 * and shape the way the gateway does and answer in its format, signed with the gateway's own
 * (generated) key; and the gateways' notifies, built and signed independently of the SDKs.
 */
export interface Keys {
  privatePem: string;
  publicPem: string;
  publicKey: KeyObject;
  privateKey: KeyObject;
}

export function rsaKeys(): Keys {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
  };
}

const sign = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const verify = (text: string, signature: string, key: KeyObject) => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export interface Recorded {
  path: string;
  params: Record<string, string>;
  body: Record<string, unknown>;
  signatureValid: boolean;
}

export interface StandIn {
  url: string;
  requests: Recorded[];
  /** Make the next answers fail like the gateway refusing the call. */
  failNext: boolean;
  /** While set, requests are recorded at once but answered only when it settles (a slow gateway). */
  hold?: Promise<void>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Alipay's `gateway.do`: RSA2 over the sorted parameters (sign excluded), JSON answers signed over the `*_response` object. */
export async function alipayGateway(appPublic: KeyObject, alipay: Keys): Promise<StandIn> {
  const requests: Recorded[] = [];
  const state: StandIn = { url: '', requests, failNext: false, close: async () => {} };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(await readBody(req))) };
    const { sign: signature = '', ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    const signatureValid = params.sign_type === 'RSA2' && verify(content, signature, appPublic);
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    requests.push({ path: url.pathname, params, body: biz, signatureValid });
    if (state.hold) await state.hold;
    const key = `${(params.method ?? '').replaceAll('.', '_')}_response`;
    let payload: Record<string, unknown>;
    if (!signatureValid) payload = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    else if (state.failNext) payload = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' };
    else if (params.method === 'alipay.trade.precreate') payload = { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/test${biz.out_trade_no}` };
    else if (params.method === 'alipay.trade.refund')
      payload = { code: '10000', msg: 'Success', trade_no: biz.trade_no, out_trade_no: biz.out_trade_no, refund_fee: biz.refund_amount, fund_change: 'Y' };
    else payload = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.UNKNOWN_METHOD' };
    const json = JSON.stringify(payload);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${json},"sign":"${sign(json, alipay.privateKey)}"}`);
  });
  state.url = `${await listen(server)}/gateway.do`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

/** An Alipay trade notify (form-encoded), signed like Alipay: RSA2 over the sorted fields without sign and sign_type. */
export function alipayNotify(fields: Record<string, string>, key: KeyObject): string {
  const all: Record<string, string> = { notify_type: 'trade_status_sync', notify_id: randomBytes(8).toString('hex'), charset: 'utf-8', version: '1.0', ...fields };
  const content = Object.keys(all)
    .sort()
    .map((k) => `${k}=${all[k]}`)
    .join('&');
  return new URLSearchParams({ ...all, sign_type: 'RSA2', sign: sign(content, key) }).toString();
}

/** WeChat Pay APIv3: checks the merchant's Authorization signature and serial, answers signed with the platform key. */
export async function wechatGateway(merchantPublic: KeyObject, merchant: { mchid: string; serial: string }, platform: Keys & { id: string }): Promise<StandIn> {
  const requests: Recorded[] = [];
  const state: StandIn = { url: '', requests, failNext: false, close: async () => {} };
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const parts = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${req.method}\n${url.pathname}${url.search}\n${parts.timestamp}\n${parts.nonce_str}\n${raw}\n`;
    const signatureValid = parts.mchid === merchant.mchid && parts.serial_no === merchant.serial && verify(message, parts.signature ?? '', merchantPublic);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    requests.push({ path: url.pathname, params: parts, body, signatureValid });
    let status = 200;
    let payload: Record<string, unknown>;
    if (!signatureValid) [status, payload] = [401, { code: 'SIGN_ERROR', message: '签名错误' }];
    else if (state.failNext) [status, payload] = [500, { code: 'SYSTEM_ERROR', message: '系统错误' }];
    else if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') payload = { code_url: `weixin://wxpay/bizpayurl?pr=${body.out_trade_no}` };
    else if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds')
      payload = { refund_id: `50000${Date.now()}`, out_refund_no: body.out_refund_no, out_trade_no: body.out_trade_no, status: 'PROCESSING', amount: body.amount };
    else [status, payload] = [404, { code: 'NOT_FOUND', message: 'no such API' }];
    const text = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    res.writeHead(status, {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': platform.id,
      'wechatpay-signature': sign(`${timestamp}\n${nonce}\n${text}\n`, platform.privateKey),
    });
    res.end(text);
  });
  state.url = `${await listen(server)}/`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

/** A WeChat Pay payment notify: the transaction AES-256-GCM encrypted with the APIv3 key, the body signed with the platform key. */
export function wechatNotify(transaction: Record<string, unknown>, apiV3Key: string, platform: { id: string; privateKey: KeyObject }, opts: { timestamp?: number } = {}) {
  const nonce = randomBytes(6).toString('hex');
  const aad = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce)).setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  const body = JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: aad, nonce },
  });
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const headerNonce = randomBytes(16).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-serial': platform.id,
      'wechatpay-signature': sign(`${timestamp}\n${headerNonce}\n${body}\n`, platform.privateKey),
    },
  };
}
