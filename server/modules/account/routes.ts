import type { Context, Hono } from 'hono';
import { callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { langOf, ok } from '../../http/envelope';
import { parseInput } from '../../http/input';
import { shopperRoutes } from '../../http/routes';
import { accountMessage } from './messages';
import { realNameOf, realNameSchema, saveRealName } from './realName';
import { changePassword, changePhone } from './safe';
import { passwordSchema, phoneSchema } from './schemas';

/**
 * The shopper's own account (docs/reviews-api.md "Account"): PUT /api/user/password,
 * PUT /api/user/phone, GET/POST /api/user/check (the real-name check withdrawals are paid by).
 * The WeChat bindings of /api/user/oauth are modules/oauth's. The profile itself (nickname,
 * avatar, sex, birthday) is POST /api/auth/edit.
 */
export function mountAccount(api: Hono<AppEnv>) {
  const shopper = shopperRoutes(api);
  const db = (c: Context<AppEnv>) => c.get('services').db;
  shopper.put('/user/password', async (c) => {
    await changePassword(db(c), callerOf(c), await parseInput(c, passwordSchema));
    return ok(c, [], accountMessage('account.passwordChanged', langOf(c)));
  });
  shopper.put('/user/phone', async (c) => {
    await changePhone(db(c), callerOf(c), await parseInput(c, phoneSchema));
    return ok(c, [], accountMessage('account.phoneChanged', langOf(c)));
  });
  shopper.get('/user/check', async (c) => ok(c, await realNameOf(db(c), callerOf(c).accountId)));
  shopper.post('/user/check', async (c) => ok(c, await saveRealName(db(c), callerOf(c).accountId, await parseInput(c, realNameSchema))));
}
