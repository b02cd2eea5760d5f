import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chat_conversations, chat_messages, stores, users } from '../../db/schema';
import type { ChatParty, Pair, Side } from './party';
import type { ConversationRow, MessageRow } from './send';

/**
 * A message as the contract shows it (api.md §1.8): sid/rid are user ids, the store's being its
 * owner's; `from_store`, `user_id`, `store_id` and `client_id` say more for our own clients;
 * `r_read` (read by the receiver) when the conversation's read marks are known.
 */
export function presentMessage(m: MessageRow, ownerId: number, conversation?: Pick<ConversationRow, 'user_read_id' | 'store_read_id'>) {
  const fromStore = m.from_store === 1;
  const receiverRead = conversation ? (fromStore ? conversation.user_read_id : conversation.store_read_id) : 0;
  return {
    id: m.id,
    conversation_id: m.conversation_id,
    sid: fromStore ? ownerId : m.user_id,
    stype: 'users' as const,
    rid: fromStore ? m.user_id : ownerId,
    rtype: 'users' as const,
    from_store: m.from_store,
    user_id: m.user_id,
    store_id: m.store_id,
    content_type: m.content_type,
    content: m.content,
    card: m.card,
    client_id: m.client_id,
    s_read: 1,
    r_read: receiverRead >= m.id ? 1 : 0,
    created_at: m.created_at,
  };
}
export type ChatMessage = ReturnType<typeof presentMessage>;

const MESSAGE_COLUMNS = {
  id: chat_messages.id,
  conversation_id: chat_messages.conversation_id,
  user_id: chat_messages.user_id,
  store_id: chat_messages.store_id,
  from_store: chat_messages.from_store,
  sender_id: chat_messages.sender_id,
  content_type: chat_messages.content_type,
  content: chat_messages.content,
  card: chat_messages.card,
  client_id: chat_messages.client_id,
  created_at: chat_messages.created_at,
};

/**
 * The party's conversations, latest first, each from the caller's side: `sinfo` is me, `rinfo`
 * the other side (a store shows its name and logo, a shopper its nickname and avatar), the last
 * message and my unread count. `keyword` searches the other side's name.
 */
export async function listConversations(db: Db, party: ChatParty, opts: { keyword?: string; page: number; perPage: number }) {
  const c = chat_conversations;
  const sides: SQL[] = [];
  if (party.shopper) sides.push(eq(c.user_id, party.accountId));
  if (party.store) sides.push(eq(c.store_id, party.store.id));
  const asStore = party.store ? sql<boolean>`${c.store_id} = ${party.store.id}` : sql<boolean>`false`;
  const keyword = opts.keyword?.trim();
  const search = keyword
    ? sql`case when ${asStore} then ${ilike(users.nickname, `%${escapeLike(keyword)}%`)} else ${ilike(stores.store_name, `%${escapeLike(keyword)}%`)} end`
    : undefined;
  const rows = await db
    .select({
      conversation: c,
      as_store: asStore,
      user_nickname: users.nickname,
      user_username: users.username,
      user_avatar: users.avatar,
      store_name: stores.store_name,
      store_logo: stores.store_logo,
      last: MESSAGE_COLUMNS,
    })
    .from(c)
    .innerJoin(users, eq(users.id, c.user_id))
    .innerJoin(stores, eq(stores.id, c.store_id))
    .leftJoin(chat_messages, eq(chat_messages.id, c.last_message_id))
    .where(and(or(...sides), search))
    .orderBy(desc(c.updated_at), desc(c.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  return rows.map((r) => {
    const side: Side = r.as_store ? 'store' : 'user';
    const conv = r.conversation;
    const storeInfo = { nickname: r.store_name, avatar: r.store_logo };
    const userInfo = { nickname: r.user_nickname || r.user_username, avatar: r.user_avatar };
    const last = r.last?.id ? presentMessage(r.last as MessageRow, conv.owner_id, conv) : null;
    return {
      id: conv.id,
      as: side,
      sid: side === 'store' ? conv.owner_id : conv.user_id,
      stype: 'users' as const,
      sinfo: side === 'store' ? storeInfo : userInfo,
      rid: side === 'store' ? conv.user_id : conv.owner_id,
      rtype: 'users' as const,
      rinfo: side === 'store' ? userInfo : storeInfo,
      user_id: conv.user_id,
      store_id: conv.store_id,
      lastMsg: last && { id: last.id, content: last.content, content_type: last.content_type, card: last.card, from_store: last.from_store, s_read: last.s_read, r_read: last.r_read, created_at: last.created_at },
      unread: side === 'store' ? conv.store_unread : conv.user_unread,
      created_at: conv.created_at,
      updated_at: conv.updated_at,
    };
  });
}
export type ChatConversation = Awaited<ReturnType<typeof listConversations>>[number];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** One page of a conversation's messages, newest first; `beforeId` pages by id (stable while messages arrive). */
export async function pageMessages(db: Db, conversation: ConversationRow, opts: { page: number; perPage: number; beforeId?: number }) {
  const where = and(eq(chat_messages.conversation_id, conversation.id), opts.beforeId ? lt(chat_messages.id, opts.beforeId) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select(MESSAGE_COLUMNS)
      .from(chat_messages)
      .where(where)
      .orderBy(desc(chat_messages.id))
      .limit(opts.perPage)
      .offset(opts.beforeId ? 0 : (opts.page - 1) * opts.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(chat_messages).where(where),
  ]);
  return {
    data: (rows as MessageRow[]).map((m) => presentMessage(m, conversation.owner_id, conversation)),
    total: count.n,
    per_page: opts.perPage,
    current_page: opts.beforeId ? 1 : opts.page,
    last_page: Math.max(1, Math.ceil(count.n / opts.perPage)),
  };
}

/** The party's unread messages over all its conversations (the header's badge). */
export async function unreadTotal(db: Db, party: ChatParty): Promise<number> {
  const c = chat_conversations;
  const parts: SQL[] = [];
  if (party.shopper) parts.push(sql`coalesce((select sum(${c.user_unread}) from ${c} where ${c.user_id} = ${party.accountId}), 0)`);
  if (party.store) parts.push(sql`coalesce((select sum(${c.store_unread}) from ${c} where ${c.store_id} = ${party.store.id}), 0)`);
  const [row] = await db.select({ n: sql<number>`(${sql.join(parts, sql` + `)})::int` }).from(sql`(select 1) as one`);
  return row.n;
}

/** The newest message id of the party's conversations (0 for none): where a client's `since` starts. */
export async function lastMessageId(db: Db, party: ChatParty): Promise<number> {
  const m = chat_messages;
  const parts: SQL[] = [];
  if (party.shopper) parts.push(sql`coalesce((select max(${m.id}) from ${m} where ${m.user_id} = ${party.accountId}), 0)`);
  if (party.store) parts.push(sql`coalesce((select max(${m.id}) from ${m} where ${m.store_id} = ${party.store.id}), 0)`);
  const [row] = await db.select({ n: sql<number>`greatest(${sql.join(parts, sql`, `)})::int` }).from(sql`(select 1) as one`);
  return row.n;
}

/** Messages of `party`'s conversations with an id above `since`, oldest first (the socket's replay). */
export async function messagesSince(db: Db, party: ChatParty, since: number, limit: number) {
  const m = chat_messages;
  const sides: SQL[] = [];
  if (party.shopper) sides.push(eq(m.user_id, party.accountId));
  if (party.store) sides.push(eq(m.store_id, party.store.id));
  const rows = await db
    .select({ ...MESSAGE_COLUMNS, owner_id: chat_conversations.owner_id })
    .from(m)
    .innerJoin(chat_conversations, eq(chat_conversations.id, m.conversation_id))
    .where(and(sql`${m.id} > ${since}`, or(...sides)))
    .orderBy(m.id)
    .limit(limit);
  return rows.map(({ owner_id, ...row }) => presentMessage(row as MessageRow, owner_id));
}

export type { Pair };
