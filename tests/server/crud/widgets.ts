import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A test-only table with the project's column conventions (property = snake_case column). */
const stamp = () => timestamp({ precision: 0, mode: 'string' });

export const widgets = pgTable('widgets', {
  id: serial().primaryKey(),
  store_id: integer().notNull().default(0),
  pid: integer().notNull().default(0),
  name: varchar({ length: 50 }).notNull(),
  sku: varchar({ length: 40 }),
  note: text().notNull().default(''),
  qty: integer().notNull().default(0),
  price: numeric({ precision: 12, scale: 2 }).notNull().default('0.00'),
  is_open: smallint().notNull().default(1),
  released_at: stamp(),
  created_at: stamp().notNull().defaultNow(),
  updated_at: stamp()
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
  deleted_at: stamp(),
});

export const WIDGETS_DDL = [
  `create table widgets (
    id serial primary key,
    store_id integer not null default 0,
    pid integer not null default 0,
    name varchar(50) not null,
    sku varchar(40) unique,
    note text not null default '',
    qty integer not null default 0,
    price numeric(12,2) not null default 0,
    is_open smallint not null default 1,
    released_at timestamp(0),
    created_at timestamp(0) not null default now(),
    updated_at timestamp(0) not null default now(),
    deleted_at timestamp(0)
  )`,
  'create index widgets_store_id_id_idx on widgets (store_id, id)',
  'create index widgets_pid_idx on widgets (pid)',
];
