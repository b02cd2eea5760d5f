import { index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, ip, stamp, str, timestamps } from './_columns';

/**
 * One row per login: the access token's `sid`. Logout sets `revoked_at`; the refresh token is
 * stored only as its SHA-256.
 */
export const auth_sessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    area: varchar({ length: 10 }).notNull(),
    provider: varchar({ length: 10 }).notNull(),
    account_id: integer().notNull(),
    refresh_hash: str(64),
    ip: ip(),
    expires_at: stamp().notNull(),
    revoked_at: stamp(),
    ...timestamps(),
  },
  (t) => [index('auth_sessions_account_idx').on(t.provider, t.account_id)],
);

/** Fixed-window counters shared by every instance (login failures, SMS sends, resend guard). */
export const rate_limits = pgTable(
  'rate_limits',
  {
    id: id(),
    key: varchar({ length: 200 }).notNull(),
    window_start: stamp().notNull().defaultNow(),
    count: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('rate_limits_key_uq').on(t.key), index('rate_limits_window_idx').on(t.window_start)],
);
