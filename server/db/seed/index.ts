import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client';
import * as schema from '../schema';
import { seedAccounts } from './accounts';
import { seedCatalogue } from './catalogue';
import { seedChat } from './chat';
import { seedContent } from './content';
import { seedFreights } from './freights';
import { seedMarketing } from './marketing';
import { seedOrders } from './orders';
import { seedPoints } from './points';
import { seedPromotions } from './promotions';
import { seedRbac } from './rbac';
import { seedRefunds } from './refunds';
import { seedSettings } from './settings';
import { seedSettlements } from './settlements';

/** Seeds the demo data on the first start of an empty database. Safe when several instances start at once. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7204511)`);
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(schema.admins);
    if (row.n > 0) return false;
    await seedAll(tx);
    return true;
  });
}

/** Every demo row, in one transaction. */
export async function seedAll(tx: Tx): Promise<void> {
  await seedSettings(tx);
  await seedRbac(tx);
  await seedAccounts(tx);
  await seedContent(tx);
  await seedCatalogue(tx);
  await seedFreights(tx);
  await seedOrders(tx);
  await seedRefunds(tx);
  await seedSettlements(tx);
  await seedPoints(tx);
  await seedMarketing(tx);
  await seedPromotions(tx);
  await seedChat(tx);
  await syncSequences(tx);
}

/** Every Drizzle table of the schema (including tables other modules add later). */
export function allTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

/** Moves every `serial` sequence past the explicit ids the seed wrote. */
export async function syncSequences(tx: Tx): Promise<void> {
  for (const table of allTables()) {
    const { name, columns } = getTableConfig(table);
    const id = columns.find((column) => column.name === 'id');
    if (!id || id.columnType !== 'PgSerial') continue;
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${sql.identifier(name)}), 0) + 1, false)`,
    );
  }
}

/** Drops every row of every table and restarts the ids (`npm run seed -- --reset`). */
export async function resetDatabase(db: Db | Tx): Promise<void> {
  const names = allTables().map((table) => sql.identifier(getTableConfig(table).name));
  await db.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
}
