/** Types shared by the session machine and the SPA that provides its side effects. */
import type { AreaIndex } from './areas';

export interface SessionUser {
  id?: number;
  username?: string;
  nickname?: string;
  avatar?: string;
  belong_id?: number;
  /** Where to land after a back-office login (first menu path the account can see). */
  defaultUrl?: string;
  [field: string]: unknown;
}

/** What a login (or register / forget_password) answer carries. */
export interface LoginPayload {
  token_type?: string;
  expires_in?: number;
  access_token: string;
  refresh_token?: string;
}

export interface LoginInput { area: AreaIndex; username: string; password: string }
export interface FetchUserInput { area: AreaIndex; token: string }
export interface EditUserInput { area: AreaIndex; token: string; nickname: string; password: string; old_password?: string; avatar?: string }
export interface LogoutInput { area: AreaIndex; token: string }

/** Error codes the session keeps in `context.error` besides a server message. */
export const SUB_ACCOUNT_ERROR = 'subAccount';

/** True for a shopper-area account that is a sub-account (may not log in or buy). */
export function isSubAccount(area: AreaIndex, user: SessionUser | null | undefined): boolean {
  return area === 2 && Number(user?.belong_id ?? 0) > 0;
}

/** The edit payload the server expects: password '' when unchanged, avatar only when set. */
export function editPayload(fields: { nickname: string; password?: string; old_password?: string; avatar?: string }) {
  const payload: { nickname: string; password: string; old_password?: string; avatar?: string } = {
    nickname: fields.nickname.trim(),
    password: fields.password ?? '',
  };
  // a new password is proven with the current one (the server refuses it otherwise)
  if (payload.password && fields.old_password) payload.old_password = fields.old_password;
  if (fields.avatar) payload.avatar = fields.avatar;
  return payload;
}
