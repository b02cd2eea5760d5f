import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { callerOf } from '../../http/auth';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import { formText } from '../../http/crud';
import { validateIn } from '../../http/crud/validate';
import { fail, langOf, ok } from '../../http/envelope';
import { fields, readInput } from '../../http/input';
import { enforce } from '../../http/rate-limit';
import { shopperRoutes } from '../../http/routes';
import { originOf } from '../payment/origin';
import { oauthMessages } from './messages';
import { bindByPhone, bindToUser, bindingsOf, linkedUser, unbind } from './service';
import { OAUTH_APPS, isOauthApp, loadOauthApp, oauthAppLive, type OauthApp } from './settings';
import { issueTicket, readTicket } from './ticket';
import { authorizeUrl, identityOf, WechatError } from './wechat';
import { readConfigJson, settingSection } from '../common/configJson';
import { startSession } from '../../http/auth';

/**
 * WeChat login (docs/decisions.md "WeChat login"):
 *   GET  /api/oauth/{weixin|weixinweb}   → 302 to WeChat with a fresh `state`, kept in an HttpOnly cookie;
 *   GET  /api/oauth/callback/{name}?code&state (called by the SPA page WeChat returns to) → the login
 *        payload of the linked user, or {bind: true, ticket, nickname, avatar} for a first-time identity;
 *   POST /api/oauth/bind {ticket, phone, code}  → binds it to the phone's account (created if none), logs in;
 *   GET  /api/user/oauth · POST /api/user/oauth/bind {ticket} · POST /api/user/oauth/unbind {name}.
 */
const STATE_COOKIE = 'souk_oauth_state';
const STATE_SECONDS = 600;
export const OAUTH_PER_IP_PER_HOUR = 30;

function appOf(c: Context<AppEnv>): OauthApp {
  const name = c.req.param('name') ?? '';
  if (!isOauthApp(name)) throw fail('oauth.unknownApp', undefined, 404, { field: 'name' });
  return name;
}

async function configured(c: Context<AppEnv>, name: OauthApp) {
  const app = await loadOauthApp(c.get('services').db, name);
  if (!app) throw fail('oauth.notConfigured', undefined, 404);
  return app;
}

const redirectUriOf = (c: Context<AppEnv>, name: OauthApp, returnUrl: string) => returnUrl || `${originOf(c)}/oauth/callback/${name}`;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const callbackSchema = z.object({ code: formText({ min: 1, max: 128 }), state: formText({ min: 1, max: 128 }) });
const bindSchema = z.object({ ticket: formText({ min: 1, max: 2000 }), phone: fields.phone(), code: formText({ min: 4, max: 8 }) });
const ticketSchema = z.object({ ticket: formText({ min: 1, max: 2000 }) });
const nameSchema = z.object({ name: z.enum(OAUTH_APPS) });

function wechatFailure(err: unknown) {
  if (!(err instanceof WechatError)) return err;
  console.warn(`[oauth:wechat] ${err.kind}: ${err.providerCode}`);
  if (err.kind === 'code') return fail('oauth.badCode', undefined, 422, { field: 'code' });
  return fail(err.kind === 'rejected' ? 'oauth.rejected' : 'oauth.unreachable', undefined, 503);
}

export function mountOauth(api: Hono<AppEnv>) {
  api.get('/oauth/callback/:name', async (c) => {
    const name = appOf(c);
    const { db, config } = c.get('services');
    const input = validateIn(callbackSchema, await readInput(c), langOf(c));
    const saved = getCookie(c, STATE_COOKIE) ?? '';
    deleteCookie(c, STATE_COOKIE, { path: '/api/oauth' });
    if (!sameText(saved, `${name}.${input.state}`)) throw fail('oauth.badState', undefined, 422, { field: 'state' });
    await enforce(db, `oauth-ip:${clientIp(c)}`, OAUTH_PER_IP_PER_HOUR, 3600);
    const app = await configured(c, name);
    let identity;
    try {
      identity = await identityOf(app, input.code);
    } catch (err) {
      throw wechatFailure(err);
    }
    const userId = await linkedUser(db, name, identity);
    if (userId !== null) return ok(c, await startSession(db, config, { area: 'users', accountId: userId, ip: clientIp(c) }));
    return ok(c, { bind: true, app: name, ticket: issueTicket(config.jwtSecret, { app: name, ...identity }), nickname: identity.nickname, avatar: identity.avatar });
  });

  api.post('/oauth/bind', async (c) => {
    const { db, config } = c.get('services');
    const input = validateIn(bindSchema, await readInput(c), langOf(c));
    await enforce(db, `oauth-ip:${clientIp(c)}`, OAUTH_PER_IP_PER_HOUR, 3600);
    const ticket = readTicket(config.jwtSecret, input.ticket);
    if (!ticket) throw fail('oauth.badTicket', undefined, 422, { field: 'ticket' });
    return ok(c, await bindByPhone({ db, config, ip: clientIp(c) }, ticket, input));
  });

  api.get('/oauth/:name', async (c) => {
    const name = appOf(c);
    const app = await configured(c, name);
    const state = randomBytes(16).toString('hex');
    setCookie(c, STATE_COOKIE, `${name}.${state}`, {
      path: '/api/oauth',
      httpOnly: true,
      sameSite: 'Lax',
      secure: originOf(c).startsWith('https:'),
      maxAge: STATE_SECONDS,
    });
    return c.redirect(authorizeUrl(name, app, redirectUriOf(c, name, app.returnUrl), state), 302);
  });

  const shopper = shopperRoutes(api);
  shopper.get('/user/oauth', async (c) => {
    const { db } = c.get('services');
    const [apps, bound] = await Promise.all([readConfigJson(db, 'oauth'), bindingsOf(db, callerOf(c).accountId)]);
    return ok(
      c,
      OAUTH_APPS.map((provider) => {
        const row = bound.get(provider);
        return {
          provider,
          name: oauthMessages(`oauth.app.${provider}`, langOf(c)),
          configured: oauthAppLive(settingSection(apps[provider])),
          bound: Boolean(row),
          nickname: row?.nickname ?? '',
          avatar: row?.avatar ?? '',
          bound_at: row?.bound_at ?? null,
        };
      }),
    );
  });
  shopper.post('/user/oauth/bind', async (c) => {
    const { db, config } = c.get('services');
    const input = validateIn(ticketSchema, await readInput(c), langOf(c));
    const ticket = readTicket(config.jwtSecret, input.ticket);
    if (!ticket) throw fail('oauth.badTicket', undefined, 422, { field: 'ticket' });
    await bindToUser(db, callerOf(c).accountId, ticket);
    return ok(c, [], oauthMessages('oauth.bound', langOf(c)));
  });
  shopper.post('/user/oauth/unbind', async (c) => {
    const input = validateIn(nameSchema, await readInput(c), langOf(c));
    if (!(await unbind(c.get('services').db, callerOf(c).accountId, input.name))) throw fail('oauth.notBound', undefined, 404, { field: 'name' });
    return ok(c, [], oauthMessages('oauth.unbound', langOf(c)));
  });
}
