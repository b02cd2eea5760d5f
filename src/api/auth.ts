import { AREAS, type AreaIndex as Area } from '../../machines/areas';
import type { LoginPayload, SessionUser } from '../../machines/session';
import { areaPath, request, type ApiResult, type RequestOptions } from './client';

export type { LoginPayload };
export type AccountUser = SessionUser;

export interface EditUserInput {
  nickname: string;
  password: string;
  /** The current password, needed with a new one. */
  old_password?: string;
  avatar?: string;
}

export const provider = (area: Area) => AREAS[area].provider;

/** POST /api/login; `area` tells the server which login page the request comes from. */
export function login(area: Area, username: string, password: string, options?: RequestOptions): Promise<ApiResult<LoginPayload>> {
  return request<LoginPayload>(area, 'POST', '/login', { username, password, provider: provider(area), area: AREAS[area].name }, options);
}

/** POST /api/logout {provider} with the area's bearer; the caller clears the session whatever the answer. */
export function logout(area: Area, options: RequestOptions = {}): Promise<ApiResult<unknown>> {
  return request(area, 'POST', '/logout', { provider: provider(area) }, { quiet: true, ...options });
}

export function fetchUser(area: Area, options?: RequestOptions): Promise<ApiResult<AccountUser>> {
  return request<AccountUser>(area, 'POST', areaPath(area, 'auth/info'), { provider: provider(area) }, options);
}

/** Spec §5: password '' means unchanged; avatar sent only if set. */
export function editUser(area: Area, input: EditUserInput, options?: RequestOptions): Promise<ApiResult<unknown>> {
  const payload: Record<string, unknown> = { provider: provider(area), nickname: input.nickname, password: input.password ?? '' };
  if (input.avatar) payload.avatar = input.avatar;
  if (input.password && input.old_password) payload.old_password = input.old_password;
  return request(area, 'POST', areaPath(area, 'auth/edit'), payload, options);
}
