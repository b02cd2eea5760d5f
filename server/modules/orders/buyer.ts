import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses, users } from '../../db/schema';
import { fail } from '../../http/envelope';
import './messages';

type Executor = Db | Tx;

export interface Buyer {
  id: number;
  /** For order histories: the nickname, else the username. */
  name: string;
}

/** The calling shopper; a staff sub-account (belong_id > 0) cannot order (403), as it cannot use the cart. */
export async function buyerOf(db: Executor, userId: number): Promise<Buyer> {
  const [user] = await db
    .select({ id: users.id, belong_id: users.belong_id, nickname: users.nickname, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!user) throw fail('unauthorized', undefined, 401);
  if (user.belong_id > 0) throw fail('orders.subAccount', undefined, 403);
  return { id: user.id, name: user.nickname || user.username };
}

export type AddressRow = typeof addresses.$inferSelect;

/**
 * The caller's address `id`, or their default address when no id is given (null when they have
 * none). An id that is not one of the caller's live addresses is a 422 naming address_id.
 */
export async function addressOf(db: Executor, userId: number, id: number | undefined): Promise<AddressRow | null> {
  const own = and(eq(addresses.user_id, userId), isNull(addresses.deleted_at));
  if (id !== undefined) {
    const [row] = await db.select().from(addresses).where(and(own, eq(addresses.id, id)));
    if (!row) throw fail('orders.addressNotFound', undefined, 422, { field: 'address_id' });
    return row;
  }
  const [row] = await db.select().from(addresses).where(own).orderBy(desc(addresses.is_default), desc(addresses.id)).limit(1);
  return row ?? null;
}

/**
 * The calling shopper and their address `addressId` in ONE query (order create: one round trip
 * instead of two). Refusals as buyerOf then addressOf: 401 without a live account, 403 for a
 * staff sub-account (it wins over the address's), 422 naming address_id when the id is not one
 * of the caller's live addresses.
 */
export async function buyerWithAddress(db: Executor, userId: number, addressId: number): Promise<[Buyer, AddressRow]> {
  const [row] = await buyerWithAddressQueryOf(db).execute({ userId, addressId });
  if (!row) throw fail('unauthorized', undefined, 401);
  if (row.belong_id > 0) throw fail('orders.subAccount', undefined, 403);
  if (!row.address) throw fail('orders.addressNotFound', undefined, 422, { field: 'address_id' });
  return [{ id: row.id, name: row.nickname || row.username }, row.address];
}

const buyerWithAddressQuery = (db: Executor) =>
  db
    .select({ id: users.id, belong_id: users.belong_id, nickname: users.nickname, username: users.username, address: getTableColumns(addresses) })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.id, sql.placeholder('addressId')), eq(addresses.user_id, users.id), isNull(addresses.deleted_at)))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deleted_at)))
    .prepare('');

/** Compiled once per database: building the query cost more CPU than running it. */
const buyerWithAddressQueries = new WeakMap<Executor, ReturnType<typeof buyerWithAddressQuery>>();

function buyerWithAddressQueryOf(db: Executor) {
  let query = buyerWithAddressQueries.get(db);
  if (!query) buyerWithAddressQueries.set(db, (query = buyerWithAddressQuery(db)));
  return query;
}
