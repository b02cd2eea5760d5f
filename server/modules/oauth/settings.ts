import type { Db, Tx } from '../../db/client';
import { readConfigJson, settingSection, settingText, type ConfigObject } from '../common/configJson';

/**
 * WeChat login apps, configs `oauth` (第三方登录): `weixin` the official account (login inside the
 * WeChat browser, scope snsapi_userinfo), `weixinweb` the open-platform website app (QR login on
 * PC, scope snsapi_login); each {client_id (AppID), key (AppSecret), return_url (our page WeChat
 * sends the shopper back to; default <origin>/oauth/callback/<name>)}. An app without AppID and
 * AppSecret is not offered. WECHAT_OPEN_BASE_URL (open.weixin.qq.com, the authorize pages) and
 * WECHAT_API_BASE_URL (api.weixin.qq.com, code exchange and profile) move the hosts.
 */
export const OAUTH_APPS = ['weixin', 'weixinweb'] as const;
export type OauthApp = (typeof OAUTH_APPS)[number];

export const isOauthApp = (name: string): name is OauthApp => (OAUTH_APPS as readonly string[]).includes(name);

export interface OauthAppSettings {
  clientId: string;
  key: string;
  returnUrl: string;
}

export const oauthAppLive = (app: ConfigObject) => settingText(app.client_id) !== '' && settingText(app.key) !== '';

export async function loadOauthApp(db: Db | Tx, name: OauthApp): Promise<OauthAppSettings | null> {
  const app = settingSection((await readConfigJson(db, 'oauth'))[name]);
  if (!oauthAppLive(app)) return null;
  return { clientId: settingText(app.client_id), key: settingText(app.key), returnUrl: settingText(app.return_url) };
}

export const wechatOpenBase = (env: NodeJS.ProcessEnv = process.env) => (env.WECHAT_OPEN_BASE_URL || 'https://open.weixin.qq.com').replace(/\/+$/, '');
export const wechatApiBase = (env: NodeJS.ProcessEnv = process.env) => (env.WECHAT_API_BASE_URL || 'https://api.weixin.qq.com').replace(/\/+$/, '');
