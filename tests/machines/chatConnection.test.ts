import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, type AnyEventObject } from 'xstate';
import { AUTH_TIMEOUT_MS, backoffMs, chatConnectionMachine, isRefusal, PING_EVERY_MS, PONG_WITHIN_MS, type ChatMessage, type ChatOutgoing } from '../../machines/chatConnection.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

/** A fake socket actor: each run is one socket; the test opens, closes and feeds it frames. */
function fakeSocket() {
  const runs: { frames: Record<string, unknown>[]; back: (event: AnyEventObject) => void; stopped: boolean }[] = [];
  const logic = fromCallback<AnyEventObject>(({ sendBack, receive }) => {
    const run = { frames: [] as Record<string, unknown>[], back: sendBack, stopped: false };
    runs.push(run);
    receive((event) => {
      if (event.type === 'SEND_FRAME') run.frames.push((event as unknown as { frame: Record<string, unknown> }).frame);
    });
    return () => {
      run.stopped = true;
    };
  });
  return {
    logic,
    runs,
    get current() {
      return runs[runs.length - 1];
    },
    open: () => runs[runs.length - 1].back({ type: 'SOCKET.OPENED' }),
    frame: (frame: Record<string, unknown>) => runs[runs.length - 1].back({ type: 'SOCKET.FRAME', frame }),
    close: (code = 1006, reason = '') => runs[runs.length - 1].back({ type: 'SOCKET.CLOSED', code, reason }),
  };
}

const message = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 1,
  sid: 4,
  rid: 1,
  from_store: 0,
  user_id: 4,
  store_id: 1,
  content_type: 'text',
  content: `m${id}`,
  card: null,
  client_id: null,
  created_at: '2026-12-07 18:00:00',
  ...extra,
});
const outgoing = (clientId: string): ChatOutgoing => ({ clientId, rid: 1, content_type: 'text', content: clientId });

function setup() {
  const socket = fakeSocket();
  const post = manualActor<ChatMessage, ChatOutgoing>();
  const log = recordActions(['deliver', 'notice', 'sent', 'refused']);
  const actor = createTestActor(chatConnectionMachine.provide({ actors: { socket: socket.logic, postMessage: post.logic }, actions: log.actions }));
  actor.start();
  const state = () => actor.getSnapshot();
  /** Connects and authenticates; the server says its newest id is `lastId`. */
  const openWith = (lastId = 10) => {
    actor.send({ type: 'CONNECT', token: 't1' });
    socket.open();
    socket.frame({ type: 'ready', last_id: lastId });
  };
  return { actor, socket, post, log, state, openWith };
}

describe('chatConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects, authenticates with the first frame, opens on ready and starts from the server\'s newest id', () => {
    const { actor, socket, state } = setup();
    expect(state().value).toBe('idle');
    actor.send({ type: 'CONNECT', token: 't1' });
    expect(state().matches({ online: 'connecting' })).toBe(true);
    socket.open();
    expect(state().matches({ online: 'authenticating' })).toBe(true);
    expect(socket.current.frames).toEqual([{ type: 'auth', token: 't1' }]);
    socket.frame({ type: 'pong' }); // anything but ready is ignored while authenticating
    expect(state().matches({ online: 'authenticating' })).toBe(true);
    socket.frame({ type: 'ready', last_id: 42 });
    expect(state().matches({ online: 'open' })).toBe(true);
    expect(state().context).toMatchObject({ since: 42, attempt: 0 });
  });

  it('delivers chat frames and notices, remembering the newest id; reconnects with since and backoff', () => {
    const { actor, socket, log, state, openWith } = setup();
    openWith(10);
    socket.frame({ type: 'chat', data: message(11) });
    socket.frame({ type: 'notice', data: { kind: 'order_paid', order_id: 7, order_no: 'N7' } });
    expect(log.calls).toEqual([
      { type: 'deliver', params: { message: message(11) } },
      { type: 'notice', params: { notice: { kind: 'order_paid', order_id: 7, order_no: 'N7' } } },
    ]);
    expect(state().context.since).toBe(11);
    socket.close(1006);
    expect(state().value).toBe('reconnecting');
    expect(socket.runs[0].stopped).toBe(true);
    vi.advanceTimersByTime(backoffMs(0));
    expect(state().matches({ online: 'connecting' })).toBe(true);
    expect(state().context.attempt).toBe(1);
    // the next try fails too: it waits twice as long
    socket.close(1006);
    vi.advanceTimersByTime(backoffMs(1) - 1);
    expect(state().value).toBe('reconnecting');
    vi.advanceTimersByTime(1);
    socket.open();
    expect(socket.current.frames).toEqual([{ type: 'auth', token: 't1', since: 11 }]);
    socket.frame({ type: 'ready', last_id: 99 });
    expect(state().context).toMatchObject({ since: 11, attempt: 0 });
    expect(backoffMs(10)).toBe(30_000);
  });

  it('RETRY reconnects at once; a silent authentication gives up after its timeout', () => {
    const { actor, socket, state } = setup();
    actor.send({ type: 'CONNECT', token: 't1' });
    socket.open();
    vi.advanceTimersByTime(AUTH_TIMEOUT_MS);
    expect(state().value).toBe('reconnecting');
    actor.send({ type: 'TOKEN', token: 't2' });
    actor.send({ type: 'RETRY' });
    socket.open();
    expect(socket.current.frames).toEqual([{ type: 'auth', token: 't2' }]);
  });

  it('a refused or expired token waits for a new one; a renewed token is sent on the open socket', () => {
    const { actor, socket, state, openWith } = setup();
    openWith();
    actor.send({ type: 'TOKEN', token: 't2' });
    expect(socket.current.frames.at(-1)).toEqual({ type: 'auth', token: 't2' });
    socket.close(4011, 'token_expired');
    expect(state().value).toBe('unauthorized');
    expect(state().context.closeReason).toBe('token_expired');
    vi.advanceTimersByTime(60_000);
    expect(state().value).toBe('unauthorized');
    actor.send({ type: 'TOKEN', token: 't3' });
    expect(state().matches({ online: 'connecting' })).toBe(true);
    // a token changed while connecting is the one the auth frame carries
    actor.send({ type: 'TOKEN', token: 't4' });
    socket.open();
    expect(socket.current.frames).toEqual([{ type: 'auth', token: 't4', since: 10 }]);
  });

  it('pings while open; a missing pong reconnects', () => {
    const { socket, state, openWith } = setup();
    openWith();
    vi.advanceTimersByTime(PING_EVERY_MS);
    expect(socket.current.frames.at(-1)).toEqual({ type: 'ping' });
    socket.frame({ type: 'chat', data: message(12) }); // not a pong: still waiting
    expect(state().matches({ online: { open: { heartbeat: 'awaitingPong' } } })).toBe(true);
    socket.frame({ type: 'pong' });
    expect(state().matches({ online: { open: { heartbeat: 'quiet' } } })).toBe(true);
    vi.advanceTimersByTime(PING_EVERY_MS + PONG_WITHIN_MS);
    expect(state().value).toBe('reconnecting');
    expect(state().context.closeReason).toBe('heartbeat');
  });

  it('queues sends while offline and posts them in order once open, each once', async () => {
    const { actor, post, log, state, openWith } = setup();
    actor.send({ type: 'SEND', message: outgoing('a') });
    actor.send({ type: 'SEND', message: outgoing('b') });
    expect(post.calls).toHaveLength(0);
    openWith();
    expect(post.calls.map((c) => c.input.clientId)).toEqual(['a']);
    post.last().resolve(message(20, { client_id: 'a' }));
    await flush();
    expect(post.calls.map((c) => c.input.clientId)).toEqual(['a', 'b']);
    post.last().resolve(message(21, { client_id: 'b' }));
    await flush();
    expect(log.paramsOf('sent')).toEqual([
      { clientId: 'a', message: message(20, { client_id: 'a' }) },
      { clientId: 'b', message: message(21, { client_id: 'b' }) },
    ]);
    expect(state().context.outbox).toEqual([]);
    expect(state().matches({ online: { open: { outbox: 'waiting' } } })).toBe(true);
  });

  it('a post lost to the network is posted again with the same client id; a refusal leaves the outbox', async () => {
    const { actor, post, log, state, openWith } = setup();
    openWith();
    actor.send({ type: 'SEND', message: outgoing('x') });
    post.last().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(state().matches({ online: { open: { outbox: 'pausing' } } })).toBe(true);
    vi.advanceTimersByTime(backoffMs(0));
    expect(post.calls.map((c) => c.input.clientId)).toEqual(['x', 'x']);
    post.last().reject({ code: 422, msg: '消息内容不能为空。' });
    await flush();
    expect(log.paramsOf('refused')).toEqual([{ clientId: 'x', error: '消息内容不能为空。' }]);
    expect(state().context.outbox).toEqual([]);
    // a socket lost while posting: the message waits and goes again on the next socket
    actor.send({ type: 'SEND', message: outgoing('y') });
    expect(post.calls).toHaveLength(3);
    actor.send({ type: 'SOCKET.CLOSED', code: 1006, reason: '' });
    expect(state().context.outbox.map((m) => m.clientId)).toEqual(['y']);
    vi.advanceTimersByTime(backoffMs(0));
    actor.send({ type: 'SOCKET.OPENED' });
    actor.send({ type: 'SOCKET.FRAME', frame: { type: 'ready', last_id: 10 } });
    expect(post.calls.map((c) => c.input.clientId)).toEqual(['x', 'x', 'y', 'y']);
    expect(isRefusal({ code: 429 })).toBe(false);
    expect(isRefusal({ code: 403 })).toBe(true);
  });

  it('DISCONNECT closes the socket and forgets the session', () => {
    const { actor, socket, state, openWith } = setup();
    openWith();
    actor.send({ type: 'SEND', message: outgoing('z') });
    actor.send({ type: 'DISCONNECT' });
    expect(state().value).toBe('idle');
    expect(socket.current.stopped).toBe(true);
    expect(state().context).toMatchObject({ token: null, since: null, outbox: [] });
  });
});
