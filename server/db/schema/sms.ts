import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, ip, stamp, str, timestamps } from './_columns';

/** SMS templates, looked up by `name` (register, forget_password, edit_user…). */
export const sms = pgTable(
  'sms',
  {
    id: id(),
    name: str(30),
    /** Provider template code. */
    code: str(30),
    /** Signature sent to the provider. */
    content: str(25),
    description: str(30),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sms_name_uq').on(t.name).where(sql`${t.deleted_at} is null`)],
);

/**
 * Codes sent. `status`: 1 usable, 0 not sent (the provider refused, or it is still sending),
 * 2 used, 3 locked after too many wrong tries. `content` holds the code (6 digits); `provider`
 * the provider that sent it (dev, aliyun, tencent), `provider_code` the code of its refusal.
 */
export const sms_logs = pgTable(
  'sms_logs',
  {
    id: id(),
    phone: str(15),
    name: str(30),
    content: str(15),
    status: flag(),
    error_msg: text().notNull().default(''),
    provider: str(20),
    provider_code: str(64),
    ip: ip(),
    attempts: flag(),
    used_at: stamp(),
    ...timestamps(),
  },
  (t) => [index('sms_logs_lookup_idx').on(t.phone, t.name, t.id)],
);
