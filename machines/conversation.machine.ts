/**
 * One open chat thread (issue 27): the newest page first, older pages on demand (the view asks
 * when scrolled to the top), messages arriving live, and what I send: shown at once as
 * "sending", then replaced by the stored message, or marked "failed" with a retry that sends the
 * same client id again (the server stores it once). Sending itself goes through the
 * chatConnection outbox (`enqueue`), which reports back with MESSAGE.SENT / MESSAGE.FAILED.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ChatMessage, ChatOutgoing } from './chatConnection.machine';
import { errorMessage } from './errors';

export type MessageStatus = 'sent' | 'sending' | 'failed';

/** A message of the thread: a stored one, or one of mine not stored yet (id 0). */
export interface ThreadMessage extends ChatMessage {
  status: MessageStatus;
  error?: string;
}

export interface ChatPage {
  data: ChatMessage[];
  total: number;
  per_page: number;
}

export interface LoadPageInput {
  rid: number;
  beforeId?: number;
}

export interface ConversationContext {
  /** The other side's user id (a store's is its owner's). */
  rid: number | null;
  /** Oldest first. */
  messages: ThreadMessage[];
  hasMore: boolean;
  error: string | null;
}

export type ConversationEvent =
  | { type: 'OPEN'; rid: number }
  | { type: 'CLOSE' }
  | { type: 'RETRY' }
  | { type: 'LOAD_OLDER' }
  | { type: 'SEND'; clientId: string; content_type: ChatOutgoing['content_type']; content: string; card?: Record<string, unknown> | null; mine: { sid: number; from_store: number } }
  | { type: 'RESEND'; clientId: string }
  | { type: 'MESSAGE.RECEIVED'; message: ChatMessage }
  | { type: 'MESSAGE.SENT'; clientId: string; message: ChatMessage }
  | { type: 'MESSAGE.FAILED'; clientId: string; error: string };

export interface ConversationActionParams {
  enqueue: { message: ChatOutgoing };
  /** The other side's message `id` arrived while the thread is open: it is read. */
  markRead: { id: number };
}

export const PAGE_SIZE = 20;

/** `list` with `incoming` merged in: one row per id (a stored message replaces my pending one with its client id), oldest first. */
export function mergeMessages(list: readonly ThreadMessage[], incoming: readonly ChatMessage[]): ThreadMessage[] {
  const byKey = new Map<string, ThreadMessage>();
  const key = (m: ChatMessage) => (m.client_id ? `c:${m.client_id}` : `i:${m.id}`);
  for (const m of list) byKey.set(key(m), m);
  for (const m of incoming) byKey.set(key(m), { ...m, status: 'sent' });
  const seen = new Set<number>();
  return [...byKey.values()]
    .filter((m) => m.id === 0 || (!seen.has(m.id) && seen.add(m.id)))
    .sort((a, b) => (a.id === 0 ? Infinity : a.id) - (b.id === 0 ? Infinity : b.id));
}

const inThread = (rid: number | null, m: ChatMessage) => rid !== null && (m.sid === rid || m.rid === rid);

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
  },
  actors: {
    loadPage: fromPromise<ChatPage, LoadPageInput>(() => Promise.reject(new Error('conversation: actor "loadPage" is not provided'))),
  },
  actions: {
    enqueue: (_, _params: ConversationActionParams['enqueue']) => {},
    markRead: (_, _params: ConversationActionParams['markRead']) => {},
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    ofThread: ({ context, event }) => event.type === 'MESSAGE.RECEIVED' && inThread(context.rid, event.message),
    fromOtherSide: ({ context, event }) => event.type === 'MESSAGE.RECEIVED' && inThread(context.rid, event.message) && event.message.sid === context.rid,
    isFailed: ({ context, event }) => event.type === 'RESEND' && context.messages.some((m) => m.client_id === event.clientId && m.status === 'failed'),
  },
}).createMachine({
  id: 'conversation',
  context: { rid: null, messages: [], hasMore: false, error: null },
  initial: 'idle',
  on: {
    OPEN: { target: '.active', reenter: true, actions: assign({ rid: ({ event }) => event.rid, messages: [], hasMore: false, error: null }) },
    CLOSE: { target: '.idle', actions: assign({ rid: null, messages: [], hasMore: false, error: null }) },
  },
  states: {
    idle: {},
    active: {
      on: {
        SEND: {
          actions: [
            assign({
              messages: ({ context, event }) => [
                ...context.messages,
                {
                  id: 0,
                  conversation_id: 0,
                  sid: event.mine.sid,
                  rid: context.rid!,
                  from_store: event.mine.from_store,
                  user_id: 0,
                  store_id: 0,
                  content_type: event.content_type,
                  content: event.content,
                  card: event.card ?? null,
                  client_id: event.clientId,
                  created_at: '',
                  status: 'sending',
                },
              ],
            }),
            { type: 'enqueue', params: ({ context, event }) => ({ message: { clientId: event.clientId, rid: context.rid!, content_type: event.content_type, content: event.content } }) },
          ],
        },
        RESEND: {
          guard: 'isFailed',
          actions: [
            assign({
              messages: ({ context, event }) => context.messages.map((m) => (m.client_id === event.clientId ? { ...m, status: 'sending' as const, error: undefined } : m)),
            }),
            {
              type: 'enqueue',
              params: ({ context, event }) => {
                const m = context.messages.find((x) => x.client_id === event.clientId)!;
                return { message: { clientId: event.clientId, rid: context.rid!, content_type: m.content_type as ChatOutgoing['content_type'], content: m.content } };
              },
            },
          ],
        },
        'MESSAGE.RECEIVED': [
          {
            guard: 'fromOtherSide',
            actions: [assign({ messages: ({ context, event }) => mergeMessages(context.messages, [event.message]) }), { type: 'markRead', params: ({ event }) => ({ id: event.message.id }) }],
          },
          { guard: 'ofThread', actions: assign({ messages: ({ context, event }) => mergeMessages(context.messages, [event.message]) }) },
        ],
        'MESSAGE.SENT': {
          actions: assign({
            messages: ({ context, event }) =>
              context.messages.some((m) => m.client_id === event.clientId) ? mergeMessages(context.messages, [{ ...event.message, client_id: event.clientId }]) : context.messages,
          }),
        },
        'MESSAGE.FAILED': {
          actions: assign({
            messages: ({ context, event }) => context.messages.map((m) => (m.client_id === event.clientId && m.id === 0 ? { ...m, status: 'failed' as const, error: event.error } : m)),
          }),
        },
      },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ rid: context.rid! }),
            onDone: {
              target: 'ready',
              actions: assign({
                messages: ({ context, event }) => mergeMessages(context.messages, event.output.data),
                hasMore: ({ event }) => event.output.data.length < event.output.total,
              }),
            },
            onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        loadFailed: {
          on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
        },
        ready: {
          on: { LOAD_OLDER: { guard: 'hasMore', target: 'loadingOlder' } },
        },
        loadingOlder: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ rid: context.rid!, beforeId: context.messages.find((m) => m.id > 0)?.id }),
            onDone: {
              target: 'ready',
              actions: assign({
                messages: ({ context, event }) => mergeMessages(context.messages, event.output.data),
                hasMore: ({ event }) => event.output.data.length < event.output.total,
                error: null,
              }),
            },
            onError: { target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
    },
  },
});
