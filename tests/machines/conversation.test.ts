import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../machines/chatConnection.machine';
import { conversationMachine, mergeMessages, type ChatPage, type LoadPageInput } from '../../machines/conversation.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const STORE = 1; // the store owner's id: the other side of the shopper's thread
const ME = 4;
const msg = (id: number, fromStore = false, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 9,
  sid: fromStore ? STORE : ME,
  rid: fromStore ? ME : STORE,
  from_store: fromStore ? 1 : 0,
  user_id: ME,
  store_id: 1,
  content_type: 'text',
  content: `m${id}`,
  card: null,
  client_id: null,
  created_at: '2026-12-07 18:00:00',
  ...extra,
});
const page = (ids: number[], total: number): ChatPage => ({ data: ids.map((id) => msg(id, id % 2 === 0)).reverse(), total, per_page: 20 });

function setup() {
  const load = manualActor<ChatPage, LoadPageInput>();
  const log = recordActions(['enqueue', 'markRead']);
  const actor = createTestActor(conversationMachine.provide({ actors: { loadPage: load.logic }, actions: log.actions }));
  actor.start();
  const state = () => actor.getSnapshot();
  const ids = () => state().context.messages.map((m) => m.id);
  return { actor, load, log, state, ids };
}

describe('conversation', () => {
  it('opens on the newest page, oldest first; older pages come on demand until there are none', async () => {
    const { actor, load, state, ids } = setup();
    expect(state().value).toBe('idle');
    actor.send({ type: 'OPEN', rid: STORE });
    expect(state().matches({ active: 'loading' })).toBe(true);
    expect(load.last().input).toEqual({ rid: STORE });
    load.last().resolve(page([3, 4, 5], 5));
    await flush();
    expect(state().matches({ active: 'ready' })).toBe(true);
    expect(ids()).toEqual([3, 4, 5]);
    expect(state().context.hasMore).toBe(true);
    actor.send({ type: 'LOAD_OLDER' });
    expect(state().matches({ active: 'loadingOlder' })).toBe(true);
    expect(load.last().input).toEqual({ rid: STORE, beforeId: 3 });
    load.last().resolve(page([1, 2], 2));
    await flush();
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    expect(state().context.hasMore).toBe(false);
    actor.send({ type: 'LOAD_OLDER' });
    expect(state().matches({ active: 'ready' })).toBe(true);
    expect(load.calls).toHaveLength(2);
  });

  it('a failed first page can be retried; a failed older page keeps the thread', async () => {
    const { actor, load, state } = setup();
    actor.send({ type: 'OPEN', rid: STORE });
    load.last().reject({ msg: '网络错误' });
    await flush();
    expect(state().matches({ active: 'loadFailed' })).toBe(true);
    expect(state().context.error).toBe('网络错误');
    actor.send({ type: 'RETRY' });
    expect(state().matches({ active: 'loading' })).toBe(true);
    load.last().resolve(page([5], 2));
    await flush();
    actor.send({ type: 'LOAD_OLDER' });
    load.last().reject(new Error('offline'));
    await flush();
    expect(state().matches({ active: 'ready' })).toBe(true);
    expect(state().context).toMatchObject({ error: 'offline', hasMore: true });
    expect(state().context.messages.map((m) => m.id)).toEqual([5]);
  });

  it('sends: shown at once as sending, replaced by the stored message; a failure can be resent with the same client id', async () => {
    const { actor, load, log, state } = setup();
    actor.send({ type: 'OPEN', rid: STORE });
    load.last().resolve(page([5], 1));
    await flush();
    actor.send({ type: 'SEND', clientId: 'c1', content_type: 'text', content: '你好', mine: { sid: ME, from_store: 0 } });
    expect(state().context.messages.at(-1)).toMatchObject({ id: 0, status: 'sending', content: '你好', client_id: 'c1', sid: ME, rid: STORE });
    expect(log.paramsOf('enqueue')).toEqual([{ message: { clientId: 'c1', rid: STORE, content_type: 'text', content: '你好' } }]);
    // the socket may bring my own message before the post answers: one row either way
    actor.send({ type: 'MESSAGE.RECEIVED', message: msg(6, false, { content: '你好', client_id: 'c1' }) });
    actor.send({ type: 'MESSAGE.SENT', clientId: 'c1', message: msg(6, false, { content: '你好', client_id: 'c1' }) });
    expect(state().context.messages.map((m) => [m.id, m.status])).toEqual([
      [5, 'sent'],
      [6, 'sent'],
    ]);
    actor.send({ type: 'SEND', clientId: 'c2', content_type: 'goods', content: '12', card: { id: 12, name: '耳机' }, mine: { sid: ME, from_store: 0 } });
    actor.send({ type: 'MESSAGE.FAILED', clientId: 'c2', error: '该商品不能发送。' });
    expect(state().context.messages.at(-1)).toMatchObject({ status: 'failed', error: '该商品不能发送。', card: { id: 12 } });
    actor.send({ type: 'RESEND', clientId: 'c1' }); // not failed: ignored
    actor.send({ type: 'RESEND', clientId: 'c2' });
    expect(state().context.messages.at(-1)).toMatchObject({ status: 'sending', client_id: 'c2' });
    expect(log.paramsOf('enqueue').at(-1)).toEqual({ message: { clientId: 'c2', rid: STORE, content_type: 'goods', content: '12' } });
    expect(log.paramsOf('enqueue')).toHaveLength(3);
    // an answer for a message of another thread changes nothing
    actor.send({ type: 'MESSAGE.SENT', clientId: 'elsewhere', message: msg(7) });
    expect(state().context.messages).toHaveLength(3);
  });

  it('live messages of this thread join it (the other side\'s are marked read); other threads\' are ignored', async () => {
    const { actor, load, log, state, ids } = setup();
    actor.send({ type: 'OPEN', rid: STORE });
    // one arrives while the first page loads: kept, and not doubled by the page
    actor.send({ type: 'MESSAGE.RECEIVED', message: msg(6, true) });
    load.last().resolve(page([5, 6], 2));
    await flush();
    expect(ids()).toEqual([5, 6]);
    actor.send({ type: 'MESSAGE.RECEIVED', message: msg(8, true) });
    actor.send({ type: 'MESSAGE.RECEIVED', message: msg(7, false) });
    actor.send({ type: 'MESSAGE.RECEIVED', message: msg(9, true, { sid: 2, rid: ME }) });
    expect(ids()).toEqual([5, 6, 7, 8]);
    expect(log.paramsOf('markRead')).toEqual([{ id: 6 }, { id: 8 }]);
  });

  it('another thread opened, or the thread closed, starts over', async () => {
    const { actor, load, state } = setup();
    actor.send({ type: 'OPEN', rid: STORE });
    load.last().resolve(page([5], 1));
    await flush();
    actor.send({ type: 'OPEN', rid: 2 });
    expect(state().matches({ active: 'loading' })).toBe(true);
    expect(state().context).toMatchObject({ rid: 2, messages: [] });
    actor.send({ type: 'CLOSE' });
    expect(state().value).toBe('idle');
    expect(state().context.rid).toBeNull();
  });

  it('mergeMessages keeps one row per id and my pending ones last', () => {
    const pending = { ...msg(0, false, { client_id: 'p' }), status: 'sending' as const };
    const merged = mergeMessages([pending, { ...msg(3), status: 'sent' }], [msg(2), msg(3)]);
    expect(merged.map((m) => m.id)).toEqual([2, 3, 0]);
  });
});
