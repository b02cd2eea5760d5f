import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { sampledLog } from '../../http/sampledLog';
import { order_pays } from '../../db/schema';
import { gatewayFor } from './providers';
import { alipayAnswers } from './providers/alipay';
import { verifyDevNotify } from './providers/dev';
import { wechatAnswers } from './providers/wechat';
import type { GatewayMethod, GatewayProvider, NotifyAnswer, VerifiedNotify } from './providers/types';
import { originOf } from './origin';
import { paySuccess } from './success';

/**
 * POST /api/payment/notify/{alipay|wechat|dev}: no login; the gateway's signature is the
 * authority. A verified success notify runs pay success (once per pay_no, however often it is
 * delivered), and every delivery of a genuine notify is answered with the gateway's success body
 * so it stops resending (reference bug B14 answered repeats with an error). A bad signature, an
 * unknown payment, a method mismatch or a wrong amount is refused and changes nothing.
 */
export type NotifyKind = GatewayMethod | 'dev';

/**
 * Refused notifies, which anyone can send: counted, and sampled in the log (the first of a kind
 * per minute, then a count). A signed notify refused for its amount is an error worth a look.
 */
export const refusedNotifies = sampledLog({ prefix: '[payment]' });
const refusedSigned = sampledLog({ prefix: '[payment]', out: (line) => console.error(line) });

const answer = (c: Context<AppEnv>, a: NotifyAnswer) => c.body(a.body, a.status as 200, { 'content-type': a.contentType });

export async function handleNotify(c: Context<AppEnv>, kind: NotifyKind): Promise<Response> {
  const { db, config } = c.get('services');
  const rawBody = await c.req.text();
  const incoming = { rawBody, header: (name: string) => c.req.header(name) };
  const ctx = { db, config, origin: originOf(c) };

  let verified: VerifiedNotify | null;
  let method: GatewayMethod;
  let gateway: GatewayProvider;
  if (kind === 'dev') {
    verified = verifyDevNotify(config.jwtSecret, rawBody);
    const [pay] = verified ? await db.select({ method: order_pays.payment_name }).from(order_pays).where(eq(order_pays.pay_no, verified.payNo)) : [];
    method = pay?.method === 'wechat' ? 'wechat' : 'alipay';
    gateway = (await gatewayFor(ctx, method)).provider;
    // a dev notify only counts while that method really is in test mode
    if (!pay || (pay.method !== 'alipay' && pay.method !== 'wechat') || !gateway.testMode) verified = null;
  } else {
    method = kind;
    gateway = (await gatewayFor(ctx, kind)).provider;
    // without keys there is nothing to verify a real gateway's notify with
    verified = gateway.testMode ? null : await gateway.verifyNotify(incoming);
  }
  // answer in the shape of the gateway that sent it (the dev provider's for dev notifies)
  const answers = kind === 'alipay' ? alipayAnswers : kind === 'wechat' ? wechatAnswers : gateway;
  if (!verified) {
    refusedNotifies.write(`refused ${kind} notifies (bad signature or payload)`, `[payment] refused a ${kind} notify: signature or payload did not check out`);
    return answer(c, answers.reject);
  }
  if (!verified.success) return answer(c, answers.acknowledge);

  const [pay] = await db.select({ method: order_pays.payment_name }).from(order_pays).where(eq(order_pays.pay_no, verified.payNo));
  if (!pay || pay.method !== method) {
    refusedNotifies.write(`refused ${kind} notifies (no such payment)`, `[payment] refused a ${kind} notify for ${verified.payNo}: no such ${method} payment`);
    return answer(c, answers.reject);
  }
  try {
    const result = await db.transaction((tx) => paySuccess(tx, verified));
    if (!result.applied && result.reason !== 'alreadyPaid') {
      refusedSigned.write(`refused ${kind} notifies (${result.reason})`, `[payment] refused a ${kind} notify for ${verified.payNo}: ${result.reason}`);
      return answer(c, answers.reject);
    }
  } catch (err) {
    // the gateway retries later; nothing was written
    console.error(`[payment] ${kind} notify for ${verified.payNo} failed:`, err);
    return answer(c, { ...answers.reject, status: 500 });
  }
  if (kind === 'dev' && /text\/html/.test(c.req.header('accept') ?? '')) return c.redirect(`/api/payment/dev/${verified.payNo}`, 303);
  return answer(c, answers.acknowledge);
}
