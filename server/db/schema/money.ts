import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { flag, id, str, timestamps, uint } from './_columns';

/** Every balance change (reference §5.9). `user_id` is a stores.id when `is_belong` = 1. */
export const money_logs = pgTable(
  'money_logs',
  {
    id: id(),
    user_id: uint(),
    name: str(20, '未知变动'),
    ename: str(20, 'money'),
    /** Signed change. */
    money: numeric({ precision: 12, scale: 2 }).notNull().default('0.00'),
    /** 0 balance, 1 frozen money, 2 integral. */
    is_type: flag(),
    /** 0 user log, 1 store log. */
    is_belong: flag(),
    currency_id: integer().notNull().default(1),
    info: text().notNull().default(''),
    ...timestamps(),
  },
  // The lists of one owner's logs, newest first (admin user money logs, the seller's own): equality on
  // the owner and type, then id in index order, so a page reads 30 entries and no sort.
  (t) => [index('money_logs_owner_idx').on(t.is_belong, t.user_id, t.is_type, t.id).where(sql`${t.deleted_at} is null`)],
);
