import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { clientIp } from '../../http/client-ip';
import { langOf, ok } from '../../http/envelope';
import { fields, parseInput } from '../../http/input';
import { smsMessages } from './messages';
import { sendCode } from './service';
import { documented } from '../../openapi/describe';

const sendSchema = z.object({
  phone: fields.phone(),
  name: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,30}$/)
    .default('register'),
});

/** POST /api/sms {phone, name}: sends a verification code. */
export function mountSms(api: Hono<AppEnv>) {
  api.post('/sms', documented('POST', { input: sendSchema }), async (c) => {
    const input = await parseInput(c, sendSchema);
    await sendCode(c.get('services').db, { ...input, ip: clientIp(c) });
    return ok(c, [], smsMessages('smsSent', langOf(c)));
  });
}
