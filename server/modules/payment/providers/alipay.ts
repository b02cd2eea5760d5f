import { AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk';
import { fromCents, toCents } from '../../../db/money';
import type { GatewayProvider, IncomingNotify, QrRequest, RefundRequest, VerifiedNotify } from './types';
import { privateKeyType, readKeyFile } from './keys';

/** The fields of configs.pay.alipayscan this adapter reads (server/modules/admin-system/configs/groups.ts). */
export interface AlipaySettings {
  app_id?: string;
  /** The application's private key (PEM or bare base64). */
  app_secret_cert?: string;
  /** The Alipay public key (PEM), or in certificate mode the Alipay public key certificate. */
  alipay_public_cert_path?: string;
  /** Certificate mode: the application's public key certificate and Alipay's root certificate. */
  app_public_cert_path?: string;
  alipay_root_cert_path?: string;
  notify_url?: string;
}

export interface AlipayOptions {
  dataDir: string;
  /** Key files from the storage (`private/…` paths of files uploaded through the console). */
  files?: ReadonlyMap<string, string>;
  /** The gateway (`…/gateway.do`); the SDK's production gateway when absent. */
  gateway?: string;
}

/** The SDK's configuration, or null when the keys needed are not all there (the method runs in test mode). */
export function alipayConfig(settings: AlipaySettings, options: AlipayOptions): AlipaySdkConfig | null {
  const privateKey = settings.app_secret_cert?.trim();
  const alipayPublic = readKeyFile(settings.alipay_public_cert_path ?? '', options.dataDir, options.files);
  if (!settings.app_id || !privateKey || !alipayPublic) return null;
  const config: AlipaySdkConfig = { appId: settings.app_id, privateKey, keyType: privateKeyType(privateKey), signType: 'RSA2', timeout: 10_000 };
  if (options.gateway) config.gateway = options.gateway;
  const appCert = readKeyFile(settings.app_public_cert_path ?? '', options.dataDir, options.files);
  const rootCert = readKeyFile(settings.alipay_root_cert_path ?? '', options.dataDir, options.files);
  if (alipayPublic.includes('BEGIN CERTIFICATE') && appCert && rootCert) {
    config.appCertContent = appCert;
    config.alipayPublicCertContent = alipayPublic;
    config.alipayRootCertContent = rootCert;
  } else config.alipayPublicKey = alipayPublic;
  return config;
}

/** What Alipay expects to a notify: `success` stops the resending. */
export const alipayAnswers = {
  acknowledge: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
  reject: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' },
} satisfies Pick<GatewayProvider, 'acknowledge' | 'reject'>;

const SUCCESS_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

class AlipayError extends Error {}

/** Alipay face-to-face payment (precreate → QR), notify verification and refunds through the official SDK. */
export function alipayProvider(config: AlipaySdkConfig): GatewayProvider {
  const sdk = new AlipaySdk(config);
  const call = async (method: string, bizContent: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const result = await sdk.exec(method, { ...extra, bizContent }, { validateSign: true });
    if (result.code !== '10000') throw new AlipayError(`${method}: ${result.code} ${result.msg} ${result.subCode ?? ''} ${result.subMsg ?? ''}`);
    return result;
  };
  return {
    name: 'alipay',
    method: 'alipay',
    testMode: false,
    async createQr(request: QrRequest) {
      // whole minutes left, rounded down: the QR must not outlive the reservation (created_at is stored to the second)
      const minutes = Math.max(1, Math.floor((request.expiresAt.getTime() - Date.now()) / 60_000));
      const result = await call(
        'alipay.trade.precreate',
        { out_trade_no: request.payNo, total_amount: fromCents(request.totalCents), subject: request.subject, timeout_express: `${minutes}m` },
        { notifyUrl: request.notifyUrl },
      );
      if (typeof result.qrCode !== 'string' || !result.qrCode) throw new AlipayError('alipay.trade.precreate: no qr_code');
      return { codeUrl: result.qrCode };
    },
    async verifyNotify(notify: IncomingNotify): Promise<VerifiedNotify | null> {
      const form = Object.fromEntries(new URLSearchParams(notify.rawBody));
      if (!form.sign || form.app_id !== config.appId) return null;
      if (!sdk.checkNotifySignV2(form)) return null;
      if (!/^P\d{20}$/.test(form.out_trade_no ?? '') || !form.trade_no || !/^\d{1,10}(\.\d{1,2})?$/.test(form.total_amount ?? '')) return null;
      return { payNo: form.out_trade_no, tradeNo: form.trade_no, paidCents: toCents(form.total_amount), success: SUCCESS_STATES.has(form.trade_status) };
    },
    async refund(request: RefundRequest) {
      await call('alipay.trade.refund', {
        out_trade_no: request.payNo,
        trade_no: request.tradeNo,
        refund_amount: fromCents(request.refundCents),
        out_request_no: request.refundNo,
        refund_reason: request.reason,
      });
      return { refundId: request.refundNo };
    },
    ...alipayAnswers,
  };
}
