import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OauthApp } from './settings';
import type { WechatIdentity } from './wechat';

/**
 * A first-time WeChat identity waiting to be bound (to an account proven by an SMS code, or to the
 * logged-in shopper): the identity and an expiry, signed with an HMAC of the server's secret, so
 * no table holds half-finished logins and a ticket cannot be forged or reused after TICKET_SECONDS.
 */
export const TICKET_SECONDS = 15 * 60;

export interface BindTicket extends WechatIdentity {
  app: OauthApp;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('souk/oauth/ticket').digest();
const mac = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export function issueTicket(secret: string, ticket: BindTicket, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...ticket, exp: Math.floor(now / 1000) + TICKET_SECONDS })).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

export function readTicket(secret: string, value: string, now = Date.now()): BindTicket | null {
  const [body, signature, extra] = value.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as BindTicket & { exp: number };
    if (typeof data.exp !== 'number' || data.exp < now / 1000 || typeof data.openid !== 'string' || !data.openid) return null;
    return { app: data.app, openid: data.openid, unionid: data.unionid ?? '', nickname: data.nickname ?? '', avatar: data.avatar ?? '' };
  } catch {
    return null;
  }
}
