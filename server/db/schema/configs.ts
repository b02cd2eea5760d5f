import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, str, timestamps } from './_columns';

/** Site configuration (reference §7.3): `content` is a string, or JSON when `is_type` = 1. */
export const configs = pgTable(
  'configs',
  {
    id: id(),
    name: str(30),
    content: text().notNull().default(''),
    description: str(30),
    is_type: flag(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('configs_name_uq').on(t.name).where(sql`${t.deleted_at} is null`)],
);
