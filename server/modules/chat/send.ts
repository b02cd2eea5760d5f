import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { chat_conversations, chat_messages, orders } from '../../db/schema';
import { fail } from '../../http/envelope';
import { announce } from '../../live/events';
import type { Card, ContentType } from './cards';
import type { Pair } from './party';
import './messages';

/**
 * One chat write at a time across every instance (a transaction-scoped advisory lock): ids are
 * then handed out in commit order, so a reader that sees message N sees every message below it,
 * and "every message above the last id I saw" (the socket's replay, server/live/hub.ts) is exact.
 */
const CHAT_WRITE_LOCK = 7204527;

export type MessageRow = typeof chat_messages.$inferSelect;
export type ConversationRow = typeof chat_conversations.$inferSelect;

/**
 * The conversation of `pair`, created when `create` allows: a shopper opens one with any open
 * store; a store with a shopper who has ordered from it (or who wrote first).
 */
export async function openConversation(db: Db | Tx, pair: Pair, create: boolean): Promise<ConversationRow | null> {
  const [found] = await db
    .select()
    .from(chat_conversations)
    .where(and(eq(chat_conversations.user_id, pair.userId), eq(chat_conversations.store_id, pair.storeId)));
  if (found || !create) return found ?? null;
  if (pair.side === 'store') {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.user_id, pair.userId), eq(orders.store_id, pair.storeId), isNull(orders.deleted_at)))
      .limit(1);
    if (!order) throw fail('chat.noConversation', undefined, 404, { field: 'rid' });
  }
  const [row] = await db
    .insert(chat_conversations)
    .values({ user_id: pair.userId, store_id: pair.storeId, owner_id: pair.ownerId })
    .onConflictDoUpdate({ target: [chat_conversations.user_id, chat_conversations.store_id], set: { updated_at: sql`${chat_conversations.updated_at}` } })
    .returning();
  return row;
}

export interface Outgoing {
  senderId: number;
  type: ContentType;
  content: string;
  card: Card | null;
  /** The sender's own id of the message: sent again, it is not stored twice. */
  clientId?: string;
}

/**
 * Stores one message and announces it on commit: the conversation (created if it may be), the
 * message, the conversation's last message, the other side's unread count and the sender's read
 * mark (writing is reading the thread), in one transaction. A repeated `clientId` of the same
 * sender returns the message stored the first time, and nothing is written.
 */
export async function sendMessage(db: Db, pair: Pair, out: Outgoing): Promise<{ message: MessageRow; conversation: ConversationRow; repeated: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_WRITE_LOCK})`);
    if (out.clientId) {
      const [before] = await tx
        .select()
        .from(chat_messages)
        .where(and(eq(chat_messages.sender_id, out.senderId), eq(chat_messages.client_id, out.clientId)));
      if (before) {
        const [conversation] = await tx.select().from(chat_conversations).where(eq(chat_conversations.id, before.conversation_id));
        return { message: before, conversation, repeated: true };
      }
    }
    const conversation = (await openConversation(tx, pair, true))!;
    const fromStore = pair.side === 'store';
    const [message] = await tx
      .insert(chat_messages)
      .values({
        conversation_id: conversation.id,
        user_id: pair.userId,
        store_id: pair.storeId,
        from_store: fromStore ? 1 : 0,
        sender_id: out.senderId,
        content_type: out.type,
        content: out.content,
        card: out.card,
        client_id: out.clientId ?? null,
      })
      .returning();
    const c = chat_conversations;
    const [updated] = await tx
      .update(c)
      .set(
        fromStore
          ? { last_message_id: message.id, updated_at: sql`now()`, user_unread: sql`${c.user_unread} + 1`, store_read_id: message.id, store_unread: 0 }
          : { last_message_id: message.id, updated_at: sql`now()`, store_unread: sql`${c.store_unread} + 1`, user_read_id: message.id, user_unread: 0 },
      )
      .where(eq(c.id, conversation.id))
      .returning();
    await announce(tx, { t: 'chat', id: message.id });
    return { message, conversation: updated, repeated: false };
  });
}

/**
 * Marks the conversation read by `side` up to message `upTo` (never backwards); its unread count
 * becomes the other side's messages above the new mark.
 */
export async function markRead(db: Db, conversationId: number, side: 'user' | 'store', upTo: number): Promise<number> {
  const c = chat_conversations;
  const readCol = side === 'user' ? c.user_read_id : c.store_read_id;
  const unreadCol = side === 'user' ? 'user_unread' : 'store_unread';
  const readKey = side === 'user' ? 'user_read_id' : 'store_read_id';
  const fromOther = side === 'user' ? 1 : 0;
  const [row] = await db
    .update(c)
    .set({
      [readKey]: sql`greatest(${readCol}, ${upTo})`,
      [unreadCol]: sql`(select count(*)::int from ${chat_messages} m where m.conversation_id = ${c.id} and m.from_store = ${fromOther} and m.id > greatest(${readCol}, ${upTo}))`,
    })
    .where(eq(c.id, conversationId))
    .returning({ unread: side === 'user' ? c.user_unread : c.store_unread });
  return row?.unread ?? 0;
}
