import { createActor, fromCallback, fromPromise, type Actor, type AnyEventObject } from 'xstate';
import type { AreaIndex as Area } from '../../machines/areas';
import { chatConnectionMachine, type ChatMessage, type ChatNotice, type ChatOutgoing } from '../../machines/chatConnection.machine';
import { registerForLab } from '../app/devRegistry';
import { emitNotice } from '../app/liveNotices';
import { getInspect } from '../app/inspectHook';
import { getSession } from '../app/sessionActors';
import { loadUnread, postMessage } from '../api/chat';
import type { ApiResult } from '../api/client';

/**
 * The live connection of one area (the shop's, or the seller centre's), shared by every chat
 * view and notice of the tab: the chatConnection statechart bound to a browser WebSocket on
 * `/ws` and to POST /api/Chat/send. It follows the area's session: connects once logged in,
 * sends renewed tokens on, and disconnects at logout. Views subscribe to what it hears.
 */
type SendResult = { clientId: string; message: ChatMessage } | { clientId: string; error: string };

export interface ChatLive {
  actor: Actor<typeof chatConnectionMachine>;
  area: Area;
  send(message: ChatOutgoing): void;
  onMessage(fn: (m: ChatMessage) => void): () => void;
  onNotice(fn: (n: ChatNotice) => void): () => void;
  onSendResult(fn: (r: SendResult) => void): () => void;
  /** Unread messages over all conversations (header and menu badges). */
  unread: { get(): number; subscribe(fn: () => void): () => void; refresh(): void };
}

/** Rejections the machine understands: a refusal `{code, msg}` (not retried), or a network error (retried). */
export function rejection(result: ApiResult): unknown {
  if (result.kind === 'fail') return { code: result.code, msg: result.msg };
  if (result.kind === 'forbidden') return { code: 403, msg: result.msg };
  if (result.kind === 'unauthorized') return { code: 401, msg: result.msg };
  if (result.kind === 'throttled') return { code: 429, msg: result.msg };
  return new Error(result.kind === 'transport' ? result.message : result.kind);
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws`;
}

/** The browser's WebSocket as the machine's socket actor. */
const browserSocket = fromCallback<AnyEventObject>(({ sendBack, receive }) => {
  const ws = new WebSocket(socketUrl());
  let done = false;
  ws.onopen = () => sendBack({ type: 'SOCKET.OPENED' });
  ws.onmessage = (event) => {
    try {
      sendBack({ type: 'SOCKET.FRAME', frame: JSON.parse(String(event.data)) });
    } catch {
      // not a frame of ours
    }
  };
  ws.onclose = (event) => {
    if (!done) sendBack({ type: 'SOCKET.CLOSED', code: event.code, reason: event.reason });
  };
  receive((event) => {
    if (event.type === 'SEND_FRAME' && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify((event as unknown as { frame: unknown }).frame));
  });
  return () => {
    done = true;
    ws.close(1000, 'bye');
  };
});

function listeners<T>() {
  const set = new Set<(value: T) => void>();
  return {
    add(fn: (value: T) => void) {
      set.add(fn);
      return () => void set.delete(fn);
    },
    emit(value: T) {
      for (const fn of set) fn(value);
    },
  };
}

const lives = new Map<Area, ChatLive>();

export function chatLive(area: Area): ChatLive {
  const existing = lives.get(area);
  if (existing) return existing;
  const messages = listeners<ChatMessage>();
  const notices = listeners<ChatNotice>();
  const results = listeners<SendResult>();
  const unreadListeners = listeners<void>();
  let unread = 0;
  let refreshing: Promise<void> | null = null;
  const refresh = () => {
    refreshing ??= loadUnread(area)
      .then((r) => {
        if (r.kind === 'ok' && r.data.unread !== unread) {
          unread = r.data.unread;
          unreadListeners.emit();
        }
      })
      .finally(() => (refreshing = null));
  };

  const actor = createActor(
    chatConnectionMachine.provide({
      actors: {
        socket: browserSocket,
        postMessage: fromPromise(async ({ input }: { input: ChatOutgoing }) => {
          const result = await postMessage(area, input);
          if (result.kind !== 'ok') throw rejection(result);
          return result.data;
        }),
      },
      actions: {
        deliver: (_, { message }) => {
          messages.emit(message);
          refresh();
        },
        notice: (_, { notice }) => {
          notices.emit(notice);
          emitNotice(notice);
        },
        sent: (_, { clientId, message }) => results.emit({ clientId, message }),
        refused: (_, { clientId, error }) => results.emit({ clientId, error }),
      },
    }),
    { inspect: getInspect() },
  );
  actor.start();
  registerForLab(`chatConnection:${area}`, actor);
  let wasOpen = false;
  actor.subscribe((s) => {
    const open = s.matches({ online: 'open' });
    if (open && !wasOpen) refresh();
    wasOpen = open;
  });

  // follow the area's session: its token while logged in
  const session = getSession(area);
  let token: string | null = null;
  const follow = () => {
    const s = session.getSnapshot();
    const next = s.matches('loggedIn') ? s.context.token : null;
    if (next === token) return;
    const before = token;
    token = next;
    if (!next) actor.send({ type: 'DISCONNECT' });
    else if (!before || actor.getSnapshot().matches('idle')) actor.send({ type: 'CONNECT', token: next });
    else actor.send({ type: 'TOKEN', token: next });
  };
  session.subscribe(follow);
  follow();

  const live: ChatLive = {
    actor,
    area,
    send: (message) => actor.send({ type: 'SEND', message }),
    onMessage: messages.add,
    onNotice: notices.add,
    onSendResult: results.add,
    unread: { get: () => unread, subscribe: (fn) => unreadListeners.add(fn), refresh },
  };
  lives.set(area, live);
  return live;
}

/** A client id for a message: unique per tab and time, sent again with a retried send. */
export function newClientId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : Math.random().toString(36).slice(2);
  return `${Date.now().toString(36)}-${random.slice(0, 20)}`;
}
