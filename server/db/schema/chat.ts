import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { flag, id, stamp, str, uint } from './_columns';

/**
 * Customer-service chat (issue 27, DESIGN §9): a conversation is a shopper × a store; the
 * store's owner and its staff answer as the store. The tables are the truth; the socket only
 * delivers (server/live). Replaces the reference's chat_friends / chat_contents, whose identities
 * were free text (S14); the contract's sid/rid are still user ids (the store's is its owner's).
 */
export const chat_conversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    /** The shopper. */
    user_id: uint(),
    store_id: uint(),
    /** The store's owner (its identity in the contract's `rid`): kept here, a store's owner never changes. */
    owner_id: uint(),
    last_message_id: uint(),
    /** The newest message each side has read (their unread counts follow from it). */
    user_read_id: uint(),
    store_read_id: uint(),
    /** Messages from the other side above the read id: kept in step with every send and read. */
    user_unread: uint(),
    store_unread: uint(),
    created_at: stamp().notNull().defaultNow(),
    updated_at: stamp().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_pair_uq').on(t.user_id, t.store_id),
    index('chat_conversations_store_idx').on(t.store_id, t.updated_at),
    index('chat_conversations_user_idx').on(t.user_id, t.updated_at),
  ],
);

/**
 * One message. `from_store` says which side wrote it, `sender_id` which account (a staff member
 * writes as its store). `content` is text, an image URL of ours, or the id of the goods or order
 * shown as a card; `card` is what the card showed when it was sent. `client_id` is the sender's
 * own id for the message: a retried send with the same one stores nothing twice.
 * Ids are handed out in commit order (chat/send.ts takes a lock for it), so "every message above
 * id N" is exact for a client that saw N.
 */
export const chat_messages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversation_id: integer().notNull(),
    user_id: uint(),
    store_id: uint(),
    from_store: flag(0),
    sender_id: uint(),
    content_type: str(10, 'text'),
    content: text().notNull().default(''),
    card: jsonb(),
    client_id: varchar({ length: 64 }),
    created_at: stamp().notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversation_id, t.id),
    index('chat_messages_user_idx').on(t.user_id, t.id),
    index('chat_messages_store_idx').on(t.store_id, t.id),
    uniqueIndex('chat_messages_client_uq').on(t.sender_id, t.client_id).where(sql`${t.client_id} is not null`),
  ],
);
