import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins, stores, user_checks, users } from '../../db/schema';
import { fail } from '../../http/envelope';
import { defaultUrl } from '../menus/service';

type UserRow = typeof users.$inferSelect;
type AdminRow = typeof admins.$inferSelect;

/** Account rows never leave the server with their hashes. */
export function publicUser(row: UserRow) {
  const { password: _password, pay_password: _pay, ...rest } = row;
  return rest;
}

export function publicAdmin(row: AdminRow) {
  const { password: _password, ...rest } = row;
  return rest;
}

async function loadUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at)));
  if (!row) throw fail('unauthorized', undefined, 401);
  return row;
}

async function hasCheck(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: user_checks.id })
    .from(user_checks)
    .where(and(eq(user_checks.user_id, userId), isNull(user_checks.deleted_at)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Shopper profile: the user row minus secrets, plus `check` (identity verified) and
 * `pay_password_set` (whether a pay password exists; never the hash itself).
 */
export async function shopperInfo(db: Db, userId: number) {
  const row = await loadUser(db, userId);
  return { ...publicUser(row), pay_password_set: row.pay_password !== '', check: await hasCheck(db, userId) };
}

/** Seller profile: as the shopper's, plus `defaultUrl` and the store being worked on. */
/**
 * Seller profile: the shopper profile plus the store, where to land, and `store_status` (0: the
 * platform closed the store, which the seller centre tells its owner and staff, issue 15).
 */
export async function sellerInfo(db: Db, userId: number, storeId: number) {
  const [store] = await db.select({ store_status: stores.store_status }).from(stores).where(eq(stores.id, storeId));
  return { ...(await shopperInfo(db, userId)), store_id: storeId, store_status: store?.store_status ?? 0, defaultUrl: await defaultUrl(db, 'seller', userId) };
}

/** Admin profile: the admin row minus its hash, plus `defaultUrl`. */
export async function adminInfo(db: Db, adminId: number) {
  const [row] = await db
    .select()
    .from(admins)
    .where(and(eq(admins.id, adminId), isNull(admins.deleted_at)));
  if (!row) throw fail('unauthorized', undefined, 401);
  return { ...publicAdmin(row), defaultUrl: await defaultUrl(db, 'admin', adminId) };
}
