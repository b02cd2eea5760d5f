import type { LoginPayload } from '../../machines/session';
import { request, type ApiResult } from './client';

/**
 * Registration and password reset (the /register and /forget_password pages): apart from the
 * session's calls in auth.ts, so that the entry every page loads does not carry them.
 */

export interface RegisterInput {
  username: string;
  password: string;
  re_password: string;
  code: string;
  inviter_id?: string;
}

export function register(input: RegisterInput): Promise<ApiResult<LoginPayload>> {
  const payload: Record<string, unknown> = { ...input, type: 'phone' };
  if (!input.inviter_id) delete payload.inviter_id;
  return request<LoginPayload>(2, 'POST', '/register', payload, { quiet: true });
}

export function forgetPassword(input: Omit<RegisterInput, 'inviter_id'>): Promise<ApiResult<LoginPayload>> {
  return request<LoginPayload>(2, 'POST', '/forget_password', { ...input, type: 'phone' }, { quiet: true });
}

/** PUT /api/user/pay_password {code, pay_password}: sets or resets the pay password (user centre /user/safe). */
export function setPayPassword(input: { code: string; pay_password: string }): Promise<ApiResult<unknown>> {
  return request<unknown>(2, 'PUT', '/user/pay_password', input, { quiet: true });
}

/** POST /api/auth/edit: the user centre's profile (nickname, avatar, sex, birthday). */
export function saveProfile(input: { nickname: string; avatar: string; sex: number; birthday: string }): Promise<ApiResult<unknown>> {
  return request<unknown>(2, 'POST', '/auth/edit', { provider: 'users', ...input }, { quiet: true });
}

/** PUT /api/user/password {password, re_password, code}: a new login password, proved by an SMS code. */
export function changePassword(input: { password: string; re_password: string; code?: string; old_password?: string }): Promise<ApiResult<unknown>> {
  return request<unknown>(2, 'PUT', '/user/password', input, { quiet: true });
}

/** PUT /api/user/phone {phone, code, new_code}: a new phone, with codes to the current and the new phone. */
export function changePhone(input: { phone: string; code?: string; new_code: string }): Promise<ApiResult<unknown>> {
  return request<unknown>(2, 'PUT', '/user/phone', input, { quiet: true });
}

export interface OauthBinding {
  provider: 'weixin' | 'weixinweb';
  name: string;
  configured: boolean;
  bound: boolean;
  /** The WeChat account's nickname and avatar when bound. */
  nickname: string;
  avatar: string;
  bound_at: string | null;
}

export const loadOauth = () => request<OauthBinding[]>(2, 'GET', '/user/oauth', undefined, { quiet: true });

export interface ArticleTitle {
  id: number;
  pid: number;
  name: string;
}

export interface Article extends ArticleTitle {
  content: string;
  click: number;
  updated_at: string;
}

export const loadArticleTitles = () => request<ArticleTitle[]>(2, 'GET', '/articles', undefined, { quiet: true });
export const loadArticle = (name: string) => request<Article>(2, 'GET', `/article/${encodeURIComponent(name)}`, undefined, { quiet: true });

