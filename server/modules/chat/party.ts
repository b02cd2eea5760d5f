/* The chat's parties as types only: the live hub reads them without importing the request context. */

/**
 * Who a chat caller may speak as: a shopper (itself), and/or the store it answers for (its owner,
 * or a staff member whose roles hold the chats page). A shop token is a shopper, a seller token
 * the store; a `users` token (the reference's clients) may be both.
 */
export interface ChatParty {
  accountId: number;
  shopper: boolean;
  store: { id: number; ownerId: number } | null;
}

export type Side = 'user' | 'store';

/** One side of one (possible) conversation: the shopper, the store, and which of them is calling. */
export interface Pair {
  side: Side;
  userId: number;
  storeId: number;
  ownerId: number;
}
