import type { LoginPayload } from './auth';
import { request, type ApiResult } from './client';

/** WeChat login (server/modules/oauth/routes.ts). */
export type OauthApp = 'weixin' | 'weixinweb';

/** Where the browser goes to start a WeChat login (a full-page navigation: the server redirects to WeChat). */
export const oauthStartUrl = (app: OauthApp) => `/api/oauth/${app}`;

export type CallbackAnswer = LoginPayload | { bind: true; app: OauthApp; ticket: string; nickname: string; avatar: string };

export const exchangeCode = (app: string, code: string, state: string): Promise<ApiResult<CallbackAnswer>> =>
  request<CallbackAnswer>(2, 'GET', `/oauth/callback/${encodeURIComponent(app)}`, { code, state }, { quiet: true, token: '' });

export const bindByPhone = (ticket: string, phone: string, code: string): Promise<ApiResult<LoginPayload>> =>
  request<LoginPayload>(2, 'POST', '/oauth/bind', { ticket, phone, code }, { quiet: true, token: '' });

export const bindToMe = (ticket: string) => request<unknown>(2, 'POST', '/user/oauth/bind', { ticket }, { quiet: true });

export const unbindApp = (name: string) => request<unknown>(2, 'POST', '/user/oauth/unbind', { name }, { quiet: true });

/** The app to offer: the official account inside WeChat's own browser, the QR login elsewhere; null when that one is not set up. */
export function oauthAppFor(offered: readonly string[] | undefined, userAgent: string): OauthApp | null {
  const app: OauthApp = /MicroMessenger/i.test(userAgent) ? 'weixin' : 'weixinweb';
  return offered?.includes(app) ? app : null;
}
