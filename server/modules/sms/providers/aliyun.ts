import DysmsapiModule, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { splitEndpoint } from './endpoint';
import { refusalKinds, SMS_TIMEOUT_MS, SmsRefusal, type SmsProvider } from './types';

/**
 * Aliyun SMS (Dysmsapi 2017-05-25 `SendSms`) through Alibaba Cloud's official SDK, which signs
 * with ACS3-HMAC-SHA256. ALIYUN_SMS_ENDPOINT (a URL or host) replaces dysmsapi.aliyuncs.com.
 * Template parameter: `{"code": "…"}` (the template's `${code}`).
 */
/**
 * The SDK is CommonJS with `exports.default = Client`: Node's own ESM loader hands over the whole
 * module.exports as the default import, Vite / Vitest the class itself.
 */
const Dysmsapi = (DysmsapiModule as unknown as { default?: typeof DysmsapiModule }).default ?? DysmsapiModule;

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint?: string;
  timeoutMs?: number;
}

/** Aliyun's codes for its flow control and for numbers it will not send to; anything else from it means our settings are wrong. */
const THROTTLED = /^isv\.(BUSINESS_LIMIT_CONTROL|DAY_LIMIT_CONTROL|MONTH_LIMIT_CONTROL)$|^Throttling/;
const PHONE = /^isv\.(MOBILE_NUMBER_ILLEGAL|MOBILE_COUNT_OVER_LIMIT|BLACK_KEY_CONTROL_LIMIT|PHONE_NUMBER_ILLEGAL)$/;

export const aliyunKind = refusalKinds(THROTTLED, PHONE);

interface SdkError {
  code?: string;
  message?: string;
  data?: { Code?: string; Message?: string };
  name?: string;
}

/** An error of the SDK as a refusal: an answer of Aliyun's (4xx/5xx with a Code) or no answer at all. */
function refusalOf(err: unknown): SmsRefusal {
  const e = (err ?? {}) as SdkError;
  const code = e.data?.Code ?? (typeof e.code === 'string' && /[A-Za-z]\./.test(e.code) ? e.code : '');
  if (code) return new SmsRefusal(aliyunKind(code), code, e.data?.Message ?? e.message ?? code);
  const timeout = /timeout/i.test(`${e.name ?? ''} ${e.code ?? ''} ${e.message ?? ''}`);
  return new SmsRefusal('unreachable', timeout ? 'timeout' : String(e.code ?? 'network'), e.message ?? 'no answer');
}

export function aliyunSmsProvider(options: AliyunSmsOptions): SmsProvider {
  const endpoint = splitEndpoint(options.endpoint) ?? { protocol: 'https', host: 'dysmsapi.aliyuncs.com' };
  const timeout = options.timeoutMs ?? SMS_TIMEOUT_MS;
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol,
      connectTimeout: timeout,
      readTimeout: timeout,
    }),
  );
  return {
    name: 'aliyun',
    testMode: false,
    async send({ phone, templateCode, sign, code }) {
      let body: { code?: string; message?: string } | undefined;
      try {
        const answer = await client.sendSms(
          new SendSmsRequest({ phoneNumbers: phone, signName: sign, templateCode, templateParam: JSON.stringify({ code }) }),
        );
        body = answer.body;
      } catch (err) {
        throw refusalOf(err);
      }
      // SendSms answers HTTP 200 with Code "OK", or 200 with the refusal's Code (isv.*)
      if (body?.code !== 'OK') {
        const providerCode = body?.code || 'unknown';
        throw new SmsRefusal(aliyunKind(providerCode), providerCode, body?.message || providerCode);
      }
    },
  };
}
