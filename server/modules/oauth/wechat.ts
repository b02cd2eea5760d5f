import { wechatApiBase, wechatOpenBase, type OauthApp, type OauthAppSettings } from './settings';

/**
 * WeChat's documented OAuth 2.0 web login (there is no official Node SDK for it):
 *   authorize  open.weixin.qq.com/connect/qrconnect (website app, scope snsapi_login) or
 *              /connect/oauth2/authorize (official account, scope snsapi_userinfo), with state;
 *   exchange   api.weixin.qq.com/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
 *              → {access_token, openid, unionid?} or {errcode, errmsg};
 *   profile    api.weixin.qq.com/sns/userinfo?access_token&openid → {openid, unionid?, nickname, headimgurl}.
 */
export interface WechatIdentity {
  openid: string;
  unionid: string;
  nickname: string;
  avatar: string;
}

export class WechatError extends Error {
  constructor(
    readonly kind: 'code' | 'rejected' | 'unreachable',
    readonly providerCode: string,
  ) {
    super(`${kind}: ${providerCode}`);
  }
}

export const WECHAT_TIMEOUT_MS = 5000;

export function authorizeUrl(name: OauthApp, app: OauthAppSettings, redirectUri: string, state: string): string {
  const path = name === 'weixinweb' ? '/connect/qrconnect' : '/connect/oauth2/authorize';
  const query = new URLSearchParams({
    appid: app.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: name === 'weixinweb' ? 'snsapi_login' : 'snsapi_userinfo',
    state,
  });
  return `${wechatOpenBase()}${path}?${query.toString()}#wechat_redirect`;
}

async function getJson(url: string, timeoutMs: number): Promise<Record<string, unknown>> {
  let text: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new WechatError('unreachable', `http ${response.status}`);
    text = await response.text();
  } catch (err) {
    if (err instanceof WechatError) throw err;
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new WechatError('unreachable', timeout ? 'timeout' : 'network');
  }
  try {
    // WeChat answers JSON, sometimes labelled text/plain
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw new WechatError('unreachable', 'bad answer');
}

/** errcode 40029 (invalid code), 40163 (code used), 41008 (no code) are the shopper's code; the rest our app's settings. */
const CODE_ERRORS = new Set([40029, 40163, 41008]);

function refused(body: Record<string, unknown>): WechatError | null {
  const code = Number(body.errcode ?? 0);
  if (!code) return null;
  return new WechatError(CODE_ERRORS.has(code) ? 'code' : 'rejected', `${code} ${String(body.errmsg ?? '')}`.trim());
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function identityOf(app: OauthAppSettings, code: string, timeoutMs = WECHAT_TIMEOUT_MS): Promise<WechatIdentity> {
  const api = wechatApiBase();
  const tokenQuery = new URLSearchParams({ appid: app.clientId, secret: app.key, code, grant_type: 'authorization_code' });
  const token = await getJson(`${api}/sns/oauth2/access_token?${tokenQuery.toString()}`, timeoutMs);
  const tokenError = refused(token);
  if (tokenError) throw tokenError;
  const openid = text(token.openid);
  const accessToken = text(token.access_token);
  if (!openid || !accessToken) throw new WechatError('unreachable', 'no openid');
  const infoQuery = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' });
  const info = await getJson(`${api}/sns/userinfo?${infoQuery.toString()}`, timeoutMs);
  // without the profile (a scope the shopper declined) the login still works by openid
  const profile = refused(info) ? {} : info;
  return {
    openid,
    unionid: text(token.unionid) || text(profile.unionid),
    nickname: text(profile.nickname).slice(0, 100),
    avatar: text(profile.headimgurl).slice(0, 255),
  };
}
