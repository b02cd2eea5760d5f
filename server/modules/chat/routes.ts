import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { bearerOf, renewIfOld, resolveCaller } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput, validate } from '../../http/input';
import { enforce } from '../../http/rate-limit';
import { CONTENT_TYPES, cardChoices, checkContent } from './cards';
import { identityOf, pairWith, partyOf } from './identity';
import type { ChatParty } from './party';
import { listConversations, pageMessages, presentMessage, unreadTotal } from './read';
import { markRead, openConversation, sendMessage } from './send';

/**
 * Customer-service chat (reference api.md §1.8, issue 27), every route POST under /api/Chat:
 *   add {rid?, rtype?}                 → {sid, stype} (my identity; with rid, the conversation opened)
 *   friends {keyword?, page?, per_page?} → my conversations, latest first, with `unread`
 *   friend_content {rid, rtype, page?, per_page?, before_id?} → messages newest first; marks them read
 *   send {rid, rtype, content_type, content, client_id?} → the stored message
 *   read {rid, rtype, id}              → marks read up to message `id` (a live message seen in an open thread)
 *   unread                             → {unread} over all my conversations
 *   cards {rid, type: goods|order, keyword?} → the cards I may send in that conversation
 * The token comes in the Authorization header or, as the reference's clients send it, in the
 * body's `token` field. No token, no chat (401): there is no anonymous identity (reference S14).
 */

/** Messages one account may send in SEND_WINDOW seconds (every instance counts together). */
export const SEND_LIMIT = 20;
export const SEND_WINDOW = 10;

const id = () => z.coerce.number().int().min(1).max(2_147_483_647);
const rtype = z.enum(['users']).default('users');
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(50);

const addSchema = z.object({ rid: id().optional(), rtype });
const friendsSchema = z.object({ keyword: z.string().max(30).optional(), page, per_page: perPage });
const contentSchema = z.object({ rid: id(), rtype, page, per_page: perPage, before_id: id().optional() });
const sendSchema = z.object({
  rid: id(),
  rtype,
  content_type: z.enum(CONTENT_TYPES),
  content: z.string(),
  client_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
});
const readSchema = z.object({ rid: id(), rtype, id: id() });
const cardsSchema = z.object({ rid: id(), rtype, type: z.enum(['goods', 'order']), keyword: z.string().max(30).optional() });

/** The caller's chat party from the header's token or the body's, renewing an old token. */
async function chatParty(c: Context<AppEnv>, input: Record<string, unknown>): Promise<ChatParty> {
  const token = bearerOf(c) ?? (typeof input.token === 'string' ? input.token : null);
  const caller = await resolveCaller(c, { areas: ['user', 'seller'], provider: 'users' }, token);
  if (!caller) throw fail('unauthorized', undefined, 401);
  const { claims, allowed: _allowed, ...rest } = caller;
  c.set('caller', rest);
  await renewIfOld(c, claims);
  return partyOf(c.get('services').db, caller.accountId, claims.area);
}

/** Reads the input, then the caller, then validates: a bad token is a 401 before any field is judged. */
async function begin<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<{ party: ChatParty; input: z.infer<S> }> {
  const raw = await readInput(c);
  const party = await chatParty(c, raw);
  return { party, input: validate(schema, raw) };
}

export function mountChat(api: Hono<AppEnv>) {
  const dbOf = (c: Context<AppEnv>) => c.get('services').db;

  api.post('/Chat/add', async (c) => {
    const { party, input } = await begin(c, addSchema);
    if (input.rid === undefined) return ok(c, identityOf(party));
    const pair = await pairWith(dbOf(c), party, input.rid);
    if (pair.side === 'user' && !pair.storeOpen) throw fail('chat.storeClosed', undefined, 422, { field: 'rid' });
    const conversation = await openConversation(dbOf(c), pair, true);
    return ok(c, { sid: pair.side === 'store' ? pair.ownerId : party.accountId, stype: 'users', conversation_id: conversation!.id, store_id: pair.storeId, user_id: pair.userId });
  });

  api.post('/Chat/friends', async (c) => {
    const { party, input } = await begin(c, friendsSchema);
    return ok(c, await listConversations(dbOf(c), party, { keyword: input.keyword, page: input.page, perPage: input.per_page }));
  });

  api.post('/Chat/friend_content', async (c) => {
    const { party, input } = await begin(c, contentSchema);
    const db = dbOf(c);
    const pair = await pairWith(db, party, input.rid);
    const conversation = await openConversation(db, pair, false);
    if (!conversation) return ok(c, { data: [], total: 0, per_page: input.per_page, current_page: 1, last_page: 1 });
    const result = await pageMessages(db, conversation, { page: input.page, perPage: input.per_page, beforeId: input.before_id });
    const newest = result.data[0];
    if (newest && input.before_id === undefined && input.page === 1) await markRead(db, conversation.id, pair.side, newest.id);
    return ok(c, result);
  });

  api.post('/Chat/send', async (c) => {
    const { party, input } = await begin(c, sendSchema);
    const { db, config } = c.get('services');
    const pair = await pairWith(db, party, input.rid);
    if (pair.side === 'user' && !pair.storeOpen) throw fail('chat.storeClosed', undefined, 422, { field: 'rid' });
    await enforce(db, `chat:${party.accountId}`, SEND_LIMIT, SEND_WINDOW);
    const { content, card } = await checkContent(db, config.uploadsDir, pair, input.content_type, input.content);
    const { message, conversation } = await sendMessage(db, pair, { senderId: party.accountId, type: input.content_type, content, card, clientId: input.client_id });
    return ok(c, presentMessage(message, conversation.owner_id, conversation));
  });

  api.post('/Chat/read', async (c) => {
    const { party, input } = await begin(c, readSchema);
    const db = dbOf(c);
    const pair = await pairWith(db, party, input.rid);
    const conversation = await openConversation(db, pair, false);
    if (!conversation) throw fail('chat.noConversation', undefined, 404, { field: 'rid' });
    return ok(c, { unread: await markRead(db, conversation.id, pair.side, Math.min(input.id, conversation.last_message_id)) });
  });

  api.post('/Chat/cards', async (c) => {
    const { party, input } = await begin(c, cardsSchema);
    const db = dbOf(c);
    const pair = await pairWith(db, party, input.rid);
    return ok(c, await cardChoices(db, pair, input.type, input.keyword));
  });

  api.post('/Chat/unread', async (c) => {
    const { party } = await begin(c, z.object({}));
    return ok(c, { unread: await unreadTotal(dbOf(c), party) });
  });
}
