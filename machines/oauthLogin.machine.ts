/**
 * The page WeChat sends a shopper back to (/oauth/callback/{name}?code&state, issue 28): exchange
 * the code once → a known WeChat account is logged in (`deliverToken`); a first-time one is bound
 * to the signed-in shopper when there is one (`link`), else to an account proven by an SMS code
 * (`bind`: the phone's account, created when it has none). A refusal of the exchange or the link
 * ends on `failed` with the server's message (a code works once: the shopper starts again); a
 * refused binding stays on the form with its message. Effects are the actors `exchange`, `bind`,
 * `link` and the actions `deliverToken`, `notifyLinked`, provided by src/.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';

/** What the server answers to the exchange: a login, or a ticket for a first-time identity. */
export type OauthExchange =
  | { kind: 'token'; token: string }
  | { kind: 'bind'; ticket: string; nickname: string; avatar: string };

export interface OauthLoginContext {
  /** The shopper was signed in when the page opened (binding from the user centre). */
  signedIn: boolean;
  ticket: string;
  nickname: string;
  avatar: string;
  error: string | null;
  /** The field a refused binding names (phone, code). */
  field: string | null;
}

export type OauthLoginEvent = { type: 'BIND.SUBMIT'; phone: string; code: string };

const refusedField = (error: unknown): string | null => {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' ? field : null;
};

export const oauthLoginMachine = setup({
  types: {
    context: {} as OauthLoginContext,
    events: {} as OauthLoginEvent,
    input: {} as { signedIn: boolean },
  },
  actors: {
    exchange: fromPromise<OauthExchange>(() => Promise.reject(new Error('oauthLogin: actor "exchange" is not provided'))),
    bind: fromPromise<string, { ticket: string; phone: string; code: string }>(() => Promise.reject(new Error('oauthLogin: actor "bind" is not provided'))),
    link: fromPromise<unknown, { ticket: string }>(() => Promise.reject(new Error('oauthLogin: actor "link" is not provided'))),
  },
  actions: {
    deliverToken: (_, _params: { token: string }) => {},
    notifyLinked: () => {},
  },
  guards: {
    isToken: (_, params: { answer: OauthExchange }) => params.answer.kind === 'token',
    signedIn: ({ context }) => context.signedIn,
  },
}).createMachine({
  id: 'oauthLogin',
  context: ({ input }) => ({ signedIn: input.signedIn, ticket: '', nickname: '', avatar: '', error: null, field: null }),
  initial: 'exchanging',
  states: {
    exchanging: {
      invoke: {
        src: 'exchange',
        onDone: [
          {
            guard: { type: 'isToken', params: ({ event }) => ({ answer: event.output }) },
            target: 'loggedIn',
            actions: { type: 'deliverToken', params: ({ event }) => ({ token: (event.output as { token: string }).token }) },
          },
          {
            target: 'identified',
            actions: assign(({ event }) => {
              const answer = event.output as Extract<OauthExchange, { kind: 'bind' }>;
              return { ticket: answer.ticket, nickname: answer.nickname, avatar: answer.avatar };
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    identified: {
      always: [{ guard: 'signedIn', target: 'linking' }, { target: 'binding' }],
    },
    binding: {
      on: {
        'BIND.SUBMIT': { target: 'submitting', actions: assign({ error: null, field: null }) },
      },
    },
    submitting: {
      invoke: {
        src: 'bind',
        input: ({ context, event }) => {
          const submit = event as Extract<OauthLoginEvent, { type: 'BIND.SUBMIT' }>;
          return { ticket: context.ticket, phone: submit.phone, code: submit.code };
        },
        onDone: { target: 'loggedIn', actions: { type: 'deliverToken', params: ({ event }) => ({ token: event.output }) } },
        onError: { target: 'binding', actions: assign({ error: ({ event }) => errorMessage(event.error), field: ({ event }) => refusedField(event.error) }) },
      },
    },
    linking: {
      invoke: {
        src: 'link',
        input: ({ context }) => ({ ticket: context.ticket }),
        onDone: { target: 'linked', actions: 'notifyLinked' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    loggedIn: { type: 'final' },
    linked: { type: 'final' },
    failed: { type: 'final' },
  },
});
