import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { configs } from '../../../db/schema';
import { alipayConfig, alipayProvider, type AlipaySettings } from './alipay';
import { devProvider } from './dev';
import type { GatewayMethod, GatewayProvider } from './types';
import { wechatConfig, wechatProvider, type WechatSettings } from './wechat';
import { keyFilesOf } from './keys';
import { storageOf } from '../../../storage/settings';

export type { GatewayMethod, GatewayProvider, PaymentMethod } from './types';

/**
 * The provider of a gateway method: the real adapter when `configs.pay["<method>scan"]` holds its
 * keys (the PC QR channels alipayscan / wechatscan), else the development provider (test mode).
 * ALIPAY_GATEWAY and WECHATPAY_BASE_URL point the SDKs at another host (a sandbox, or the local
 * stand-in gateways of the tests).
 */
export const DEVICE = 'scan';

type Settings = Record<string, unknown>;

export async function paySettings(db: Db | Tx, method: GatewayMethod): Promise<Settings> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, 'pay'), isNull(configs.deleted_at)));
  if (!row) return {};
  try {
    const value = (JSON.parse(row.content) as Record<string, unknown>)?.[`${method}${DEVICE}`];
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Settings) : {};
  } catch {
    return {};
  }
}

export interface ProviderContext {
  db: Db | Tx;
  config: Config;
  /** This server's public origin, for the dev confirm page and default notify URLs. */
  origin: string;
  env?: NodeJS.ProcessEnv;
}

export interface ResolvedGateway {
  provider: GatewayProvider;
  notifyUrl: string;
}

export async function gatewayFor(ctx: ProviderContext, method: GatewayMethod): Promise<ResolvedGateway> {
  const settings = await paySettings(ctx.db, method);
  const env = ctx.env ?? process.env;
  // certificates uploaded through the console live in the storage (the disk or the bucket)
  const files = await keyFilesOf(await storageOf({ db: ctx.db as Db, config: ctx.config }), settings);
  const configured = typeof settings.notify_url === 'string' && settings.notify_url ? settings.notify_url : '';
  if (method === 'alipay') {
    const sdkConfig = alipayConfig(settings as AlipaySettings, { dataDir: ctx.config.dataDir, files, gateway: env.ALIPAY_GATEWAY || undefined });
    if (sdkConfig) return { provider: alipayProvider(sdkConfig), notifyUrl: configured || `${ctx.origin}/api/payment/notify/alipay` };
  } else {
    const wxConfig = wechatConfig(settings as WechatSettings, { dataDir: ctx.config.dataDir, files, baseURL: env.WECHATPAY_BASE_URL || undefined });
    if (wxConfig) return { provider: wechatProvider(wxConfig), notifyUrl: configured || `${ctx.origin}/api/payment/notify/wechat` };
  }
  return { provider: devProvider(method, { secret: ctx.config.jwtSecret, origin: ctx.origin }), notifyUrl: `${ctx.origin}/api/payment/notify/dev` };
}
