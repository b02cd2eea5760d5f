import { sql } from 'drizzle-orm';
import { integer, numeric, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Column conventions shared by every table (reference §5.1):
 * - property names are the snake_case column names, so rows go out in the contract's shape;
 * - `id serial` first, `created_at`, `updated_at`, `deleted_at` (soft delete) last;
 * - timestamps are `timestamp(0)` read as 'YYYY-MM-DD HH:MM:SS' strings in the database
 *   session time zone (set by the client, config.timeZone);
 * - money is numeric(12,2), read as a 2-decimal string, handled as cents (db/money.ts).
 */
export const stamp = () => timestamp({ precision: 0, mode: 'string' });

export const id = () => serial().primaryKey();

export const timestamps = () => ({
  created_at: stamp().notNull().defaultNow(),
  updated_at: stamp()
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
  deleted_at: stamp(),
});

export const money = () => numeric({ precision: 12, scale: 2 }).notNull().default('0.00');
export const uint = () => integer().notNull().default(0);
export const flag = (value = 0) => smallint().notNull().default(value);
export const str = (length: number, value = '') => varchar({ length }).notNull().default(value);
export const ip = () => varchar({ length: 45 }).notNull().default('0.0.0.0');
