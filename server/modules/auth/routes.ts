import type { Context, Hono } from 'hono';
import { callerOf, refreshSession, resolveCaller, revokeSession } from '../../http/auth';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { parseInput } from '../../http/input';
import { adminRoutes, sellerRoutes, shopperRoutes } from '../../http/routes';
import { assertCaptchaSign, mountCaptcha } from './captcha';
import { authMessages } from './messages';
import { adminInfo, sellerInfo, shopperInfo } from './profile';
import { editSchema, forgetPasswordSchema, loginSchema, providerSchema, refreshSchema, registerSchema } from './schemas';
import { editProfile, forgetPassword, login, register } from './service';
import { documented, withInput } from '../../openapi/describe';

const ctx = (c: Context<AppEnv>) => ({ db: c.get('services').db, config: c.get('services').config, ip: clientIp(c) });

/** Login, logout, registration, password reset, token refresh, and own profile per area. */
export function mountAuth(api: Hono<AppEnv>) {
  mountCaptcha(api);
  api.post('/login', documented('POST', { input: loginSchema }), async (c) => {
    const input = await parseInput(c, loginSchema);
    assertCaptchaSign(c.get('services').config.jwtSecret, input.username, input.sign);
    return ok(c, await login(ctx(c), input), authMessages('loginOk', langOf(c)));
  });
  api.post('/register', documented('POST', { input: registerSchema }), async (c) => ok(c, await register(ctx(c), await parseInput(c, registerSchema))));
  api.post('/forget_password', documented('POST', { input: forgetPasswordSchema }), async (c) => ok(c, await forgetPassword(ctx(c), await parseInput(c, forgetPasswordSchema))));
  api.post('/refresh_token', documented('POST', { input: refreshSchema }), async (c) => {
    const { refresh_token } = await parseInput(c, refreshSchema);
    const next = await refreshSession(c.get('services').db, c.get('services').config, refresh_token);
    if (!next) throw fail('unauthorized', undefined, 401);
    return ok(c, next);
  });

  api.post('/logout', documented('POST', { input: providerSchema }), async (c) => {
    // The token names its own session: the reference's clients send `provider=admins` with a
    // shopper's token too, and expect that session to end. `provider` is only validated.
    await parseInput(c, providerSchema);
    const caller = await resolveCaller(c);
    if (!caller) throw fail('unauthorized', undefined, 401);
    await revokeSession(c.get('services').db, caller.sessionId);
    return ok(c, []);
  });
  api.get('/is_login', documented('GET', { input: providerSchema }), async (c) => {
    const { provider } = await parseInput(c, providerSchema);
    const caller = await resolveCaller(c, { provider: provider ?? 'users' });
    return caller ? ok(c, caller.accountId) : ok(c, [], authMessages('notLoggedIn', langOf(c)));
  });

  const editOwn = async (c: Context<AppEnv>) => {
    await editProfile(c.get('services').db, callerOf(c), await parseInput(c, editSchema));
    return ok(c, 1);
  };
  const infoInput = (c: Context<AppEnv>) => parseInput(c, providerSchema);

  const shopper = shopperRoutes(api);
  shopper.on(['GET', 'POST'], '/auth/info', async (c) => {
    await infoInput(c);
    return ok(c, await shopperInfo(c.get('services').db, callerOf(c).accountId));
  });
  shopper.on(['POST', 'PUT'], '/auth/edit', withInput(editSchema, editOwn));

  const seller = sellerRoutes(api);
  seller.on(['GET', 'POST'], '/auth/info', async (c) => {
    await infoInput(c);
    const caller = callerOf(c);
    return ok(c, await sellerInfo(c.get('services').db, caller.accountId, caller.storeId as number));
  });
  seller.on(['POST', 'PUT'], '/auth/edit', editOwn);

  const admin = adminRoutes(api);
  admin.on(
    ['GET', 'POST'],
    '/auth/info',
    'admin.auth.info',
    async (c) => {
      await infoInput(c);
      return ok(c, await adminInfo(c.get('services').db, callerOf(c).accountId));
    },
    { self: true },
  );
  admin.on(['POST', 'PUT'], '/auth/edit', 'admin.auth.edit', editOwn, { self: true });
}
