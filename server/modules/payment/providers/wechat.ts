import { X509Certificate, createPublicKey, type KeyObject } from 'node:crypto';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import type { GatewayProvider, IncomingNotify, QrRequest, RefundRequest, VerifiedNotify } from './types';
import { readKeyFile } from './keys';

/** The fields of configs.pay.wechatscan this adapter reads (server/modules/admin-system/configs/groups.ts). */
export interface WechatSettings {
  /** The appid of the Native order: the official account's (mp_app_id, what the admin page's scan tab edits) or app_id. */
  mp_app_id?: string;
  app_id?: string;
  mch_id?: string;
  /** The APIv3 key (32 bytes): decrypts notify resources. */
  mch_secret_key?: string;
  /** Path of the merchant API private key (apiclient_key.pem). */
  mch_secret_cert?: string;
  /** Path of the merchant API certificate (apiclient_cert.pem): its serial number, unless mch_serial_no is given. */
  mch_public_cert_path?: string;
  mch_serial_no?: string;
  /** Path of the WeChat Pay public key (or a platform certificate), and its ID (or the certificate's serial). */
  wechat_public_key_path?: string;
  wechat_public_key_id?: string;
  notify_url?: string;
}

export interface WechatOptions {
  dataDir: string;
  /** Key files from the storage (`private/…` paths of files uploaded through the console). */
  files?: ReadonlyMap<string, string>;
  /** The API's base URL; the SDK's production host when absent. */
  baseURL?: string;
}

export interface WechatConfig {
  appId: string;
  mchId: string;
  apiV3Key: string;
  serial: string;
  privateKey: string;
  platformId: string;
  platformKey: KeyObject;
  baseURL?: string;
}

const serialOf = (pem: string) => new X509Certificate(pem).serialNumber.toUpperCase();

/** The adapter's configuration, or null when the keys needed are not all there (the method runs in test mode). */
export function wechatConfig(settings: WechatSettings, options: WechatOptions): WechatConfig | null {
  const privateKey = readKeyFile(settings.mch_secret_cert ?? '', options.dataDir, options.files);
  const platform = readKeyFile(settings.wechat_public_key_path ?? '', options.dataDir, options.files);
  const appId = settings.mp_app_id?.trim() || settings.app_id?.trim();
  if (!appId || !settings.mch_id || !privateKey || !platform || Buffer.byteLength(settings.mch_secret_key ?? '') !== 32) return null;
  const merchantCert = readKeyFile(settings.mch_public_cert_path ?? '', options.dataDir, options.files);
  const serial = settings.mch_serial_no?.trim() || (merchantCert ? serialOf(merchantCert) : '');
  const platformId = settings.wechat_public_key_id?.trim() || (platform.includes('BEGIN CERTIFICATE') ? serialOf(platform) : '');
  if (!serial || !platformId) return null;
  return {
    appId,
    mchId: settings.mch_id,
    apiV3Key: settings.mch_secret_key as string,
    serial,
    privateKey,
    platformId,
    platformKey: createPublicKey(platform),
    baseURL: options.baseURL,
  };
}

/** What WeChat Pay expects to a notify: HTTP 200 stops the resending, a 4xx/5xx with code FAIL asks for it again. */
export const wechatAnswers = {
  acknowledge: { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) },
  reject: { status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '签名错误' }) },
} satisfies Pick<GatewayProvider, 'acknowledge' | 'reject'>;

/** Notifies older than this (or from the future) are refused, as the SDK does for answers. */
const MAX_CLOCK_OFFSET = 300;

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number };
}

/** WeChat Pay APIv3: Native order (code_url), notify verification (signature + AES-GCM resource) and refunds, through wechatpay-axios-plugin. */
export function wechatProvider(config: WechatConfig): GatewayProvider {
  const wxpay = new Wechatpay({
    mchid: config.mchId,
    serial: config.serial,
    privateKey: config.privateKey,
    certs: { [config.platformId]: config.platformKey },
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    timeout: 10_000,
  });
  return {
    name: 'wechat',
    method: 'wechat',
    testMode: false,
    async createQr(request: QrRequest) {
      const { data } = await wxpay.v3.pay.transactions.native.post({
        appid: config.appId,
        mchid: config.mchId,
        description: request.subject,
        out_trade_no: request.payNo,
        time_expire: rfc3339(request.expiresAt),
        notify_url: request.notifyUrl,
        amount: { total: request.totalCents, currency: 'CNY' },
      });
      const codeUrl = (data as { code_url?: unknown })?.code_url;
      if (typeof codeUrl !== 'string' || !codeUrl) throw new Error('wechat native: no code_url');
      return { codeUrl };
    },
    async verifyNotify(notify: IncomingNotify): Promise<VerifiedNotify | null> {
      const timestamp = notify.header('wechatpay-timestamp') ?? '';
      const nonce = notify.header('wechatpay-nonce') ?? '';
      const signature = notify.header('wechatpay-signature') ?? '';
      const serial = notify.header('wechatpay-serial') ?? '';
      if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature || serial !== config.platformId) return null;
      if (Math.abs(Number(Formatter.timestamp()) - Number(timestamp)) > MAX_CLOCK_OFFSET) return null;
      if (!Rsa.verify(Formatter.response(timestamp, nonce, notify.rawBody), signature, config.platformKey)) return null;
      let transaction: Transaction;
      try {
        const body = JSON.parse(notify.rawBody) as { resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } };
        const resource = body.resource;
        if (resource?.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce) return null;
        transaction = JSON.parse(Aes.AesGcm.decrypt(resource.ciphertext, config.apiV3Key, resource.nonce, resource.associated_data ?? '')) as Transaction;
      } catch {
        return null;
      }
      const total = transaction.amount?.total;
      if (transaction.mchid !== config.mchId || !/^P\d{20}$/.test(transaction.out_trade_no ?? '') || !transaction.transaction_id) return null;
      if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) return null;
      return { payNo: transaction.out_trade_no as string, tradeNo: transaction.transaction_id, paidCents: total, success: transaction.trade_state === 'SUCCESS' };
    },
    async refund(request: RefundRequest) {
      const { data } = await wxpay.v3.refund.domestic.refunds.post({
        out_trade_no: request.payNo,
        transaction_id: request.tradeNo,
        out_refund_no: request.refundNo,
        reason: request.reason,
        amount: { refund: request.refundCents, total: request.totalCents, currency: 'CNY' },
      });
      const refundId = (data as { refund_id?: unknown })?.refund_id;
      if (typeof refundId !== 'string' || !refundId) throw new Error('wechat refund: no refund_id');
      return { refundId };
    },
    ...wechatAnswers,
  };
}

/** RFC 3339 in China time, as the API wants (2018-06-08T10:34:56+08:00). */
function rfc3339(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
