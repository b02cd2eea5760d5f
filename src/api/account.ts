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
