import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sms, sms_logs, users } from '../../db/schema';
import { fail } from '../../http/envelope';
import { claim, enforce } from '../../http/rate-limit';
import { loadSmsSettings, smsProviderOf, SmsRefusal, type SmsProvider, type SmsRefusalKind } from './providers';
import './messages';

export const SMS_RESEND_SECONDS = 30;
export const SMS_CODE_TTL_SECONDS = 600;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_PER_IP_PER_HOUR = 10;
/** Codes one phone may receive per hour over every IP and template (no SMS bombing from many IPs). */
export const SMS_PER_PHONE_PER_HOUR = 6;

/** Templates whose phone must already belong to an account (the others must not). */
const NEEDS_ACCOUNT = new Set(['forget_password', 'edit_user', 'pay_password']);
/** Templates whose phone must not belong to any account yet (a new account, a phone change). */
const FOR_NEW_PHONE = new Set(['register', 'new_phone']);

export async function phoneIsRegistered(db: Db | Tx, phone: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.deleted_at), or(eq(users.phone, phone), eq(users.username, phone))))
    .limit(1);
  return rows.length > 0;
}

/**
 * Sends a 6-digit code: at most SMS_PER_IP_PER_HOUR sends per IP, one per phone and template
 * every SMS_RESEND_SECONDS, SMS_PER_PHONE_PER_HOUR per phone from any IP (code 429 otherwise).
 * `register` and `new_phone` refuse known phones, `forget_password` / `edit_user` / `pay_password` unknown ones.
 */
export async function sendCode(
  db: Db,
  input: { phone: string; name: string; ip: string },
  /** Tests pass a provider; otherwise the one of the settings (configs `sms`). */
  provider?: SmsProvider,
): Promise<void> {
  const [template] = await db
    .select()
    .from(sms)
    .where(and(eq(sms.name, input.name), isNull(sms.deleted_at)));
  if (!template) throw fail('smsTemplateUnknown', undefined, 422, { field: 'name' });
  await enforce(db, `sms-ip:${input.ip}`, SMS_PER_IP_PER_HOUR, 3600);
  const registered = await phoneIsRegistered(db, input.phone);
  if (FOR_NEW_PHONE.has(input.name) && registered) throw fail('phoneTaken', undefined, 409, { field: 'phone' });
  if (NEEDS_ACCOUNT.has(input.name) && !registered) throw fail('phoneUnknown', undefined, 404, { field: 'phone' });

  if (!(await claim(db, `sms-resend:${input.phone}:${input.name}`, SMS_RESEND_SECONDS))) throw fail('smsTooFrequent', undefined, 429);
  await enforce(db, `sms-phone:${input.phone}`, SMS_PER_PHONE_PER_HOUR, 3600);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const active = await senderOf(db, template.content, provider);
  // written unusable (status 0) and made usable only once the provider accepted it
  const [log] = await db
    .insert(sms_logs)
    .values({ phone: input.phone, name: input.name, content: code, status: 0, ip: input.ip, provider: active.provider.name })
    .returning({ id: sms_logs.id });
  try {
    await active.provider.send({ phone: input.phone, name: input.name, templateCode: template.code, sign: active.sign, code });
  } catch (err) {
    const refusal = err instanceof SmsRefusal ? err : new SmsRefusal('unreachable', 'error', String(err instanceof Error ? err.message : err));
    await db
      .update(sms_logs)
      .set({ provider_code: refusal.providerCode.slice(0, 64), error_msg: refusal.message.slice(0, 500) })
      .where(eq(sms_logs.id, log.id));
    console.warn(`[sms:${active.provider.name}] refused: ${refusal.providerCode} ${refusal.message}`);
    throw refusalError(refusal.kind);
  }
  await db.update(sms_logs).set({ status: 1 }).where(eq(sms_logs.id, log.id));
}

/** The provider to send with and the signature: the settings' sign, else the template's own. */
async function senderOf(db: Db, templateSign: string, given?: SmsProvider): Promise<{ provider: SmsProvider; sign: string }> {
  if (given) return { provider: given, sign: templateSign };
  const settings = await loadSmsSettings(db);
  try {
    return { provider: smsProviderOf(settings), sign: settings.sign || templateSign };
  } catch (err) {
    // a provider that cannot even be set up with the saved settings: the operator must act
    console.error(`[sms] provider set-up failed: ${err instanceof Error ? err.message : String(err)}`);
    throw refusalError('rejected');
  }
}

/** What the shopper is told when the provider did not send. */
function refusalError(kind: SmsRefusalKind) {
  if (kind === 'throttled') return fail('smsProviderThrottled', undefined, 422, { field: 'phone' });
  if (kind === 'phone') return fail('smsPhoneRefused', undefined, 422, { field: 'phone' });
  if (kind === 'unreachable') return fail('smsProviderUnreachable', undefined, 503);
  return fail('smsProviderRejected', undefined, 503);
}

export type CodeCheck = 'ok' | 'invalid' | 'locked';

/**
 * Checks and consumes the latest usable code of phone+template in one statement: a right code
 * is marked used (status 2) so it works once; a wrong one counts an attempt and the fifth
 * wrong attempt locks it (status 3). Run it inside the transaction that uses the code, and
 * commit before reporting a failure so the attempt is counted.
 */
export async function consumeCode(tx: Db | Tx, phone: string, name: string, code: string): Promise<CodeCheck> {
  const latest = tx
    .select({ id: sms_logs.id })
    .from(sms_logs)
    .where(
      and(
        eq(sms_logs.phone, phone),
        eq(sms_logs.name, name),
        eq(sms_logs.status, 1),
        isNull(sms_logs.deleted_at),
        gt(sms_logs.created_at, sql`now() - make_interval(secs => ${SMS_CODE_TTL_SECONDS})`),
      ),
    )
    .orderBy(desc(sms_logs.id))
    .limit(1);
  const right = sql`${sms_logs.content} = ${code}`;
  const [row] = await tx
    .update(sms_logs)
    .set({
      attempts: sql`${sms_logs.attempts} + case when ${right} then 0 else 1 end`,
      status: sql`case when ${right} then 2 when ${sms_logs.attempts} + 1 >= ${SMS_MAX_ATTEMPTS} then 3 else 1 end`,
      used_at: sql`case when ${right} then now() else ${sms_logs.used_at} end`,
    })
    .where(and(inArray(sms_logs.id, latest), eq(sms_logs.status, 1)))
    .returning({ status: sms_logs.status });
  if (!row) return 'invalid';
  if (row.status === 2) return 'ok';
  return row.status === 3 ? 'locked' : 'invalid';
}

/** The envelope error for a failed code check. */
export function codeError(check: Exclude<CodeCheck, 'ok'>) {
  return fail(check === 'locked' ? 'smsCodeLocked' : 'smsCodeInvalid', undefined, 422, { field: 'code' });
}

