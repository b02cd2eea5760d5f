import type { Db, Tx } from '../../../db/client';
import { readConfigJson, settingText, type ConfigObject } from '../../common/configJson';
import { aliyunSmsProvider } from './aliyun';
import { devSmsProvider } from './dev';
import { tencentSmsProvider } from './tencent';
import type { SmsProvider } from './types';

export { SmsRefusal, type SmsMessage, type SmsProvider, type SmsProviderName, type SmsRefusalKind } from './types';
export { devSmsProvider } from './dev';

/**
 * The SMS provider in use, from configs `sms` (短信配置): `provider` aliyun (the default, as the
 * reference) or tencent, `key` / `secret` (AccessKey ID / secret, or SecretId / SecretKey), `sign`,
 * and for Tencent `app_id` (SmsSdkAppId) and `region`. Without the keys it needs a provider is not
 * live and codes go to the dev provider (test mode). ALIYUN_SMS_ENDPOINT / TENCENT_SMS_ENDPOINT
 * point the SDKs at another host (a proxy, or the tests' stand-ins).
 */
export type SmsChoice = 'aliyun' | 'tencent';

export interface SmsSettings {
  provider: SmsChoice;
  key: string;
  secret: string;
  sign: string;
  appId: string;
  region: string;
}

export function smsSettings(raw: ConfigObject): SmsSettings {
  return {
    provider: raw.provider === 'tencent' ? 'tencent' : 'aliyun',
    key: settingText(raw.key),
    secret: settingText(raw.secret),
    sign: settingText(raw.sign),
    appId: settingText(raw.app_id),
    region: settingText(raw.region),
  };
}

/** True when the chosen provider has every key it needs (pure: the one rule for "live"). */
export function smsLive(settings: SmsSettings): boolean {
  if (!settings.key || !settings.secret) return false;
  return settings.provider === 'aliyun' || settings.appId !== '';
}

export function smsProviderOf(settings: SmsSettings, env: NodeJS.ProcessEnv = process.env): SmsProvider {
  if (!smsLive(settings)) return devSmsProvider;
  if (settings.provider === 'tencent') {
    return tencentSmsProvider({
      secretId: settings.key,
      secretKey: settings.secret,
      sdkAppId: settings.appId,
      region: settings.region || undefined,
      endpoint: env.TENCENT_SMS_ENDPOINT,
    });
  }
  return aliyunSmsProvider({ accessKeyId: settings.key, accessKeySecret: settings.secret, endpoint: env.ALIYUN_SMS_ENDPOINT });
}

export async function loadSmsSettings(db: Db | Tx): Promise<SmsSettings> {
  return smsSettings(await readConfigJson(db, 'sms'));
}
