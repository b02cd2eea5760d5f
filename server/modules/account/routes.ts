import type { Context, Hono } from 'hono';
import { callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { langOf, ok } from '../../http/envelope';
import { parseInput } from '../../http/input';
import { shopperRoutes } from '../../http/routes';
import { accountMessage } from './messages';
import { realNameOf, realNameSchema, saveRealName } from './realName';
import { changePassword, changePhone } from './safe';
import { CHECK_PHOTO_FIELDS, documentRefs, uploaderOf, withSignedDocuments } from '../../storage/privateFiles';
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
  // ID photos: kept as their private keys (only the caller's own uploads), answered as signed addresses
  const secret = (c: Context<AppEnv>) => c.get('services').config.jwtSecret;
  const shown = <T extends Record<string, unknown>>(c: Context<AppEnv>, row: T | null) => (row ? withSignedDocuments(secret(c), row, CHECK_PHOTO_FIELDS) : row);
  shopper.get('/user/check', async (c) => ok(c, shown(c, await realNameOf(db(c), callerOf(c).accountId))));
  shopper.post('/user/check', async (c) => {
    const input = documentRefs(secret(c), await parseInput(c, realNameSchema), uploaderOf(callerOf(c)), CHECK_PHOTO_FIELDS);
    return ok(c, shown(c, await saveRealName(db(c), callerOf(c).accountId, input)));
  });
}
