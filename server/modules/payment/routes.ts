import type { Context, Hono } from 'hono';
import { callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { langOf, ok } from '../../http/envelope';
import { parseInput } from '../../http/input';
import { shopperRoutes } from '../../http/routes';
import { devConfirmPage } from './devPage';
import { paymentMessage } from './messages';
import { handleNotify } from './notify';
import { originOf } from './origin';
import { setPayPassword } from './password';
import { checkSchema, payPasswordSchema, paySchema } from './schemas';
import { checkPaid, createPayment } from './service';

/** Payment routes (docs/orders-api.md "Payment"). */
export function mountPayment(api: Hono<AppEnv>) {
  const shopper = shopperRoutes(api);
  const ctx = (c: Context<AppEnv>) => ({ db: c.get('services').db, config: c.get('services').config, origin: originOf(c), userId: callerOf(c).accountId });

  shopper.post('/user/order/pay', async (c) => ok(c, await createPayment(ctx(c), await parseInput(c, paySchema))));
  shopper.post('/user/order/check', async (c) => ok(c, await checkPaid(c.get('services').db, callerOf(c).accountId, await parseInput(c, checkSchema))));
  shopper.put('/user/pay_password', async (c) => {
    await setPayPassword(c.get('services').db, callerOf(c).accountId, await parseInput(c, payPasswordSchema));
    return ok(c, [], paymentMessage('payment.passwordSet', langOf(c)));
  });

  api.post('/payment/notify/alipay', (c) => handleNotify(c, 'alipay'));
  api.post('/payment/notify/wechat', (c) => handleNotify(c, 'wechat'));
  api.post('/payment/notify/dev', (c) => handleNotify(c, 'dev'));
  api.get('/payment/dev/:pay_no', devConfirmPage);
}
