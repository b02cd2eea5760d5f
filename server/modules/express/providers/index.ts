import type { Db, Tx } from '../../../db/client';
import { readConfigJson, settingText } from '../../common/configJson';
import { devTrackingProvider } from './dev';
import { kuaibaoProvider } from './kuaibao';
import { kuaidi100Provider } from './kuaidi100';
import type { TrackingProvider } from './types';

export * from './types';

/**
 * The tracking provider in use: configs `logistics.provider` (物流配置) picks kuaidi100 (the
 * default) or kuaibao; the chosen one is live when its keys are saved (`kuaidi100` {customer, key},
 * `kuaibao` {appid, appkey}), else the dev provider answers (test mode). KUAIDI100_ENDPOINT and
 * KUAIBAO_ENDPOINT point them at another URL (a proxy, the tests' stand-ins).
 */
export type TrackingChoice = 'kuaidi100' | 'kuaibao';

export interface TrackingSettings {
  provider: TrackingChoice;
  kuaidi100: { customer: string; key: string };
  kuaibao: { appId: string; appKey: string };
}

export async function loadTrackingSettings(db: Db | Tx): Promise<TrackingSettings> {
  const [logistics, kuaidi100, kuaibao] = await Promise.all(['logistics', 'kuaidi100', 'kuaibao'].map((name) => readConfigJson(db, name)));
  return {
    provider: logistics.provider === 'kuaibao' ? 'kuaibao' : 'kuaidi100',
    kuaidi100: { customer: settingText(kuaidi100.customer), key: settingText(kuaidi100.key) },
    kuaibao: { appId: settingText(kuaibao.appid), appKey: settingText(kuaibao.appkey) },
  };
}

/** True when the chosen provider has its keys (the one rule for "live"). */
export function trackingLive(settings: TrackingSettings): boolean {
  if (settings.provider === 'kuaibao') return settings.kuaibao.appId !== '' && settings.kuaibao.appKey !== '';
  return settings.kuaidi100.customer !== '' && settings.kuaidi100.key !== '';
}

export function trackingProviderOf(settings: TrackingSettings, env: NodeJS.ProcessEnv = process.env): TrackingProvider {
  if (!trackingLive(settings)) return devTrackingProvider();
  if (settings.provider === 'kuaibao') return kuaibaoProvider({ ...settings.kuaibao, endpoint: env.KUAIBAO_ENDPOINT || undefined });
  return kuaidi100Provider({ ...settings.kuaidi100, endpoint: env.KUAIDI100_ENDPOINT || undefined });
}
