import { sms } from 'tencentcloud-sdk-nodejs-sms';
import { splitEndpoint } from './endpoint';
import { refusalKinds, SMS_TIMEOUT_MS, SmsRefusal, type SmsProvider } from './types';

/**
 * Tencent Cloud SMS (2021-01-11 `SendSms`) through Tencent Cloud's official SDK (TC3-HMAC-SHA256).
 * TENCENT_SMS_ENDPOINT (a URL or host) replaces sms.tencentcloudapi.com. The template's one
 * parameter is the code.
 */
export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId, the SMS application's id (1400…). */
  sdkAppId: string;
  region?: string;
  endpoint?: string;
  timeoutMs?: number;
}

const THROTTLED = /^LimitExceeded\.(PhoneNumber|DeliveryFrequency|AppDailyLimit|AppCountryOrRegionDailyLimit|AppMainlandChinaDailyLimit)|^RequestLimitExceeded/;
const PHONE = /^(InvalidParameterValue\.IncorrectPhoneNumber|FailedOperation\.PhoneNumberInBlacklist|FailedOperation\.PhoneNumberParseFail|UnsupportedOperation\.)/;

export const tencentKind = refusalKinds(THROTTLED, PHONE);

interface SdkError {
  code?: string;
  message?: string;
  name?: string;
}

export function tencentSmsProvider(options: TencentSmsOptions): SmsProvider {
  const endpoint = splitEndpoint(options.endpoint) ?? { protocol: 'https', host: 'sms.tencentcloudapi.com' };
  const client = new sms.v20210111.Client({
    credential: { secretId: options.secretId, secretKey: options.secretKey },
    region: options.region || 'ap-guangzhou',
    profile: {
      httpProfile: {
        endpoint: endpoint.host,
        protocol: `${endpoint.protocol}://`,
        reqTimeout: Math.max(1, Math.ceil((options.timeoutMs ?? SMS_TIMEOUT_MS) / 1000)),
      },
    },
  });
  return {
    name: 'tencent',
    testMode: false,
    async send({ phone, templateCode, sign, code }) {
      let status: { Code?: string; Message?: string } | undefined;
      try {
        const answer = await client.SendSms({
          PhoneNumberSet: [`+86${phone}`],
          SmsSdkAppId: options.sdkAppId,
          SignName: sign,
          TemplateId: templateCode,
          TemplateParamSet: [code],
        });
        status = answer.SendStatusSet?.[0];
      } catch (err) {
        const e = (err ?? {}) as SdkError;
        // an answer of Tencent's carries a code such as AuthFailure.SecretIdNotFound; anything else is no answer
        if (e.code && /^[A-Z][A-Za-z]+(\.[A-Za-z]+)?$/.test(e.code)) throw new SmsRefusal(tencentKind(e.code), e.code, e.message ?? e.code);
        const timeout = /timeout|aborted/i.test(`${e.name ?? ''} ${e.message ?? ''}`);
        throw new SmsRefusal('unreachable', timeout ? 'timeout' : 'network', e.message ?? 'no answer');
      }
      // the call succeeds as a whole; each number has its own status ("Ok" when sent)
      if (status?.Code !== 'Ok') {
        const providerCode = status?.Code || 'unknown';
        throw new SmsRefusal(tencentKind(providerCode), providerCode, status?.Message || providerCode);
      }
    },
  };
}
