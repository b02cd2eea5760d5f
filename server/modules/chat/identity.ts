import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stores, users } from '../../db/schema';
import type { Reach } from '../../http/context';
import { sellerCanOpen } from '../../http/crud-guards';
import { fail } from '../../http/envelope';
import { findApprovedStore } from '../../http/seller';
import './messages';
import type { ChatParty, Pair } from './party';

/** The seller menu whose grant lets a staff member answer the store's chats. */
export const CHAT_PAGE = '/Seller/chats';

/** The store `accountId` may answer chats for, or null (staff need the chats page in their roles). */
export async function chatStoreOf(db: Db, accountId: number): Promise<ChatParty['store']> {
  const store = await findApprovedStore(db, accountId);
  if (!store) return null;
  if (store.staff && !(await sellerCanOpen(db, accountId, [CHAT_PAGE], true))) return null;
  return { id: store.id, ownerId: store.user_id };
}

/** The chat party of a caller with a token of `reach` (403 when it may speak as nobody). */
export async function partyOf(db: Db, accountId: number, reach: Reach): Promise<ChatParty> {
  const shopper = reach === 'user' || reach === 'users';
  const store = reach === 'seller' || reach === 'users' ? await chatStoreOf(db, accountId) : null;
  // a staff sub-account is never a shopper (the shop refuses it)
  const staff = shopper && store === null && reach === 'users' ? await isStaff(db, accountId) : false;
  const party = { accountId, shopper: shopper && !staff && !(store && store.ownerId !== accountId), store };
  if (!party.shopper && !party.store) throw fail(reach === 'seller' ? 'chat.noStore' : 'forbidden', undefined, 403);
  return party;
}

async function isStaff(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db.select({ belong_id: users.belong_id }).from(users).where(eq(users.id, accountId));
  return (row?.belong_id ?? 0) > 0;
}

/** My identity in the contract: my own user id as a shopper, the store's owner as the store. */
export function identityOf(party: ChatParty): { sid: number; stype: 'users' } {
  return { sid: party.store && !party.shopper ? party.store.ownerId : party.accountId, stype: 'users' };
}

/**
 * The conversation `party` means by the other side's user id `rid`: with a store's owner, as a
 * shopper; with anyone else, as the party's store. The other account must be live and active
 * (404 otherwise); a shopper talks only to an approved store (a closed one: 422), never its own.
 */
export async function pairWith(db: Db, party: ChatParty, rid: number): Promise<Pair & { storeOpen: boolean }> {
  if (rid === party.accountId || (party.store && rid === party.store.ownerId)) throw fail('chat.self', undefined, 422, { field: 'rid' });
  const [other] = await db
    .select({ status: users.status, belong_id: users.belong_id, store_id: stores.id, store_status: stores.store_status })
    .from(users)
    .leftJoin(stores, and(eq(stores.user_id, users.id), eq(stores.store_verify, 4), isNull(stores.deleted_at)))
    .where(and(eq(users.id, rid), isNull(users.deleted_at)))
    .limit(1);
  if (!other || other.status !== 1) throw fail('chat.noParty', undefined, 404, { field: 'rid' });
  if (party.shopper && other.store_id !== null) {
    return { side: 'user', userId: party.accountId, storeId: other.store_id, ownerId: rid, storeOpen: other.store_status === 1 };
  }
  if (party.store && other.belong_id === 0) {
    return { side: 'store', userId: rid, storeId: party.store.id, ownerId: party.store.ownerId, storeOpen: true };
  }
  throw fail('chat.noParty', undefined, 404, { field: 'rid' });
}

/** `sql` true for rows of conversations the party is in (either side). */
export function partyScope(party: ChatParty, userCol: unknown, storeCol: unknown) {
  const mine = party.shopper ? sql`${userCol} = ${party.accountId}` : sql`false`;
  const store = party.store ? sql`${storeCol} = ${party.store.id}` : sql`false`;
  return sql`(${mine} or ${store})`;
}
