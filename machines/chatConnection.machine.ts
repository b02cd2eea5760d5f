/**
 * The live chat connection of one area (issue 27, DESIGN §9): write over HTTP, hear over the
 * `/ws` socket. connecting → authenticating (first frame `{type:'auth', token, since}`) → open;
 * a lost socket reconnects with a growing delay (1 s, 2 s, 4 s … 30 s) and sends the last
 * message id it saw, so the server replays what it missed. A token the server refuses or that
 * expired (close 4001 / 4011) waits for a new one (TOKEN) instead of hammering the server.
 *
 * Sends go through an outbox, each with a client id of its own: while the connection is not
 * open they wait; when open they are posted one at a time; a post that fails for the network
 * is posted again later with the SAME client id, so the server stores it once even when the
 * first post did reach it. A refusal (4xx) leaves the outbox and is reported to the thread.
 */
import { assign, fromCallback, fromPromise, sendTo, setup, type AnyEventObject } from 'xstate';
import { errorMessage } from './errors';

export interface ChatOutgoing {
  clientId: string;
  rid: number;
  content_type: 'text' | 'image' | 'goods' | 'order';
  content: string;
}

/** A message as the server sends it (POST /api/Chat/send answer and socket `chat` frames). */
export interface ChatMessage {
  id: number;
  conversation_id: number;
  sid: number;
  rid: number;
  from_store: number;
  user_id: number;
  store_id: number;
  content_type: string;
  content: string;
  card: Record<string, unknown> | null;
  client_id: string | null;
  r_read?: number;
  created_at: string;
}

export interface ChatNotice {
  kind: string;
  order_id: number;
  order_no: string;
}

/** What the socket actor reports; it also takes `{type:'SEND_FRAME', frame}` from the machine. */
export type SocketEvent =
  | { type: 'SOCKET.OPENED' }
  | { type: 'SOCKET.CLOSED'; code: number; reason: string }
  | { type: 'SOCKET.FRAME'; frame: { type: string; data?: unknown; last_id?: number } };

export type ChatConnectionEvent =
  | { type: 'CONNECT'; token: string }
  | { type: 'DISCONNECT' }
  | { type: 'TOKEN'; token: string }
  | { type: 'RETRY' }
  | { type: 'SEND'; message: ChatOutgoing }
  | SocketEvent;

export interface ChatConnectionContext {
  token: string | null;
  /** The newest message id seen (null until the server said where we start). */
  since: number | null;
  /** Reconnection attempts since the last open socket. */
  attempt: number;
  outbox: ChatOutgoing[];
  /** Why the socket last closed (`token_expired`, `unauthorized`, …), for the view. */
  closeReason: string | null;
}

export interface ChatConnectionActionParams {
  deliver: { message: ChatMessage };
  notice: { notice: ChatNotice };
  sent: { clientId: string; message: ChatMessage };
  refused: { clientId: string; error: string };
}

/** Close codes after which the same token must not be tried again (server/live/socket.ts). */
export const TOKEN_CLOSES = [4001, 4011];
export const AUTH_TIMEOUT_MS = 10_000;
export const PING_EVERY_MS = 25_000;
export const PONG_WITHIN_MS = 10_000;
export const MAX_BACKOFF_MS = 30_000;

export const backoffMs = (attempt: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);

/** A refusal the server gave (an envelope with a 4xx code): sending again will not help. */
export function isRefusal(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' && code >= 400 && code < 500 && code !== 408 && code !== 429;
}

const frameOf = (event: AnyEventObject) => (event as Extract<ChatConnectionEvent, { type: 'SOCKET.FRAME' }>).frame;

export const chatConnectionMachine = setup({
  types: {
    context: {} as ChatConnectionContext,
    events: {} as ChatConnectionEvent,
  },
  actors: {
    /** Opens the socket; reports SocketEvents; sends the frames it is sent (`SEND_FRAME`); closes when stopped. */
    socket: fromCallback<AnyEventObject>(() => {
      throw new Error('chatConnection: actor "socket" is not provided');
    }),
    postMessage: fromPromise<ChatMessage, ChatOutgoing>(() => Promise.reject(new Error('chatConnection: actor "postMessage" is not provided'))),
  },
  actions: {
    deliver: (_, _params: ChatConnectionActionParams['deliver']) => {},
    notice: (_, _params: ChatConnectionActionParams['notice']) => {},
    sent: (_, _params: ChatConnectionActionParams['sent']) => {},
    refused: (_, _params: ChatConnectionActionParams['refused']) => {},
  },
  guards: {
    isReady: ({ event }) => event.type === 'SOCKET.FRAME' && frameOf(event).type === 'ready',
    isChat: ({ event }) => event.type === 'SOCKET.FRAME' && frameOf(event).type === 'chat',
    isNotice: ({ event }) => event.type === 'SOCKET.FRAME' && frameOf(event).type === 'notice',
    isPong: ({ event }) => event.type === 'SOCKET.FRAME' && frameOf(event).type === 'pong',
    tokenRefused: ({ event }) => event.type === 'SOCKET.CLOSED' && TOKEN_CLOSES.includes(event.code),
    hasOutbox: ({ context }) => context.outbox.length > 0,
    refusal: (_, params: { error: unknown }) => isRefusal(params.error),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempt),
    authTimeout: AUTH_TIMEOUT_MS,
    pingEvery: PING_EVERY_MS,
    pongWithin: PONG_WITHIN_MS,
    postRetry: ({ context }) => backoffMs(Math.min(context.attempt, 3)),
  },
}).createMachine({
  id: 'chatConnection',
  context: { token: null, since: null, attempt: 0, outbox: [], closeReason: null },
  initial: 'idle',
  on: {
    SEND: { actions: assign({ outbox: ({ context, event }) => [...context.outbox.filter((m) => m.clientId !== event.message.clientId), event.message] }) },
    DISCONNECT: { target: '.idle', actions: assign({ token: null, attempt: 0, since: null, outbox: [] }) },
  },
  states: {
    idle: {
      on: { CONNECT: { target: 'online', actions: assign({ token: ({ event }) => event.token, attempt: 0, closeReason: null }) } },
    },
    online: {
      invoke: { id: 'socket', src: 'socket' },
      initial: 'connecting',
      on: {
        'SOCKET.CLOSED': [
          { guard: 'tokenRefused', target: 'unauthorized', actions: assign({ closeReason: ({ event }) => event.reason }) },
          { target: 'reconnecting', actions: assign({ closeReason: ({ event }) => event.reason || null }) },
        ],
        TOKEN: { actions: assign({ token: ({ event }) => event.token }) },
      },
      states: {
        connecting: {
          on: {
            'SOCKET.OPENED': {
              target: 'authenticating',
              actions: sendTo('socket', ({ context }) => ({
                type: 'SEND_FRAME',
                frame: { type: 'auth', token: context.token, ...(context.since === null ? {} : { since: context.since }) },
              })),
            },
          },
        },
        authenticating: {
          after: { authTimeout: { target: '#chatConnection.reconnecting' } },
          on: {
            'SOCKET.FRAME': {
              guard: 'isReady',
              target: 'open',
              actions: assign({
                attempt: 0,
                closeReason: null,
                since: ({ context, event }) => context.since ?? Number(frameOf(event).last_id ?? 0),
              }),
            },
          },
        },
        open: {
          type: 'parallel',
          on: {
            'SOCKET.FRAME': [
              {
                guard: 'isChat',
                actions: [
                  assign({ since: ({ context, event }) => Math.max(context.since ?? 0, (frameOf(event).data as ChatMessage).id) }),
                  { type: 'deliver', params: ({ event }) => ({ message: frameOf(event).data as ChatMessage }) },
                ],
              },
              { guard: 'isNotice', actions: { type: 'notice', params: ({ event }) => ({ notice: frameOf(event).data as ChatNotice }) } },
            ],
            // a renewed token: the socket lives as long as the new one
            TOKEN: {
              actions: [
                assign({ token: ({ event }) => event.token }),
                sendTo('socket', ({ event }) => ({ type: 'SEND_FRAME', frame: { type: 'auth', token: (event as { token: string }).token } })),
              ],
            },
          },
          states: {
            outbox: {
              initial: 'waiting',
              states: {
                waiting: {
                  always: { guard: 'hasOutbox', target: 'posting' },
                },
                posting: {
                  invoke: {
                    src: 'postMessage',
                    input: ({ context }) => context.outbox[0],
                    onDone: {
                      target: 'waiting',
                      actions: [
                        { type: 'sent', params: ({ context, event }) => ({ clientId: context.outbox[0].clientId, message: event.output }) },
                        assign({ outbox: ({ context }) => context.outbox.slice(1) }),
                      ],
                    },
                    onError: [
                      {
                        guard: { type: 'refusal', params: ({ event }) => ({ error: event.error }) },
                        target: 'waiting',
                        actions: [
                          { type: 'refused', params: ({ context, event }) => ({ clientId: context.outbox[0].clientId, error: errorMessage(event.error) }) },
                          assign({ outbox: ({ context }) => context.outbox.slice(1) }),
                        ],
                      },
                      { target: 'pausing' },
                    ],
                  },
                },
                pausing: {
                  after: { postRetry: { target: 'posting' } },
                },
              },
            },
            heartbeat: {
              initial: 'quiet',
              states: {
                quiet: {
                  after: { pingEvery: { target: 'awaitingPong', actions: sendTo('socket', { type: 'SEND_FRAME', frame: { type: 'ping' } }) } },
                },
                awaitingPong: {
                  on: { 'SOCKET.FRAME': { guard: 'isPong', target: 'quiet' } },
                  after: { pongWithin: { target: '#chatConnection.reconnecting', actions: assign({ closeReason: 'heartbeat' }) } },
                },
              },
            },
          },
        },
      },
    },
    reconnecting: {
      after: { backoff: { target: 'online', actions: assign({ attempt: ({ context }) => context.attempt + 1 }) } },
      on: {
        RETRY: { target: 'online' },
        TOKEN: { actions: assign({ token: ({ event }) => event.token }) },
      },
    },
    unauthorized: {
      on: {
        TOKEN: { target: 'online', actions: assign({ token: ({ event }) => event.token, attempt: 0 }) },
      },
    },
  },
});
