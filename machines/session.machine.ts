/**
 * One login per area (spec §4, §5): restore from storage, log in, refuse shopper sub-accounts,
 * fetch and edit the user, log out, drop the session on 401, take renewed tokens.
 */
import { assign, assertEvent, fromPromise, setup } from 'xstate';
import { AREAS, type AreaIndex } from './areas';
import { errorMessage } from './errors';
import {
  SUB_ACCOUNT_ERROR, editPayload, isSubAccount,
  type EditUserInput, type FetchUserInput, type LoginInput, type LoginPayload, type LogoutInput, type SessionUser,
} from './session';

export interface SessionInput {
  area: AreaIndex;
  stored: { token: string | null; user: SessionUser | null };
}

export interface SessionContext {
  area: AreaIndex;
  token: string | null;
  user: SessionUser | null;
  /** 'subAccount' or a server / transport message of the last failure. */
  error: string | null;
}

export type SessionEvent =
  | { type: 'LOGIN.SUBMIT'; username: string; password: string }
  | { type: 'LOGIN.TOKEN'; token: string }
  | { type: 'USER.REFRESH' }
  | { type: 'USER.EDIT'; nickname: string; password: string; old_password?: string; avatar?: string }
  | { type: 'LOGOUT' }
  | { type: 'UNAUTHORIZED' }
  | { type: 'TOKEN.RENEWED'; token: string };

/** Parameters the provided actions receive (the SPA never reads the machine's context). */
export interface SessionActionParams {
  storeToken: { area: AreaIndex; token: string };
  storeUser: { area: AreaIndex; user: SessionUser };
  clearStorage: { area: AreaIndex };
  goToDefault: { area: AreaIndex; url: string };
  goToLogin: { area: AreaIndex; url: string };
  notifySubAccount: { area: AreaIndex };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`session: actor "${name}" is not provided`));

const cleared = { token: null, user: null } as const;

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    login: fromPromise<LoginPayload, LoginInput>(notProvided('login')),
    fetchUser: fromPromise<SessionUser, FetchUserInput>(notProvided('fetchUser')),
    editUser: fromPromise<unknown, EditUserInput>(notProvided('editUser')),
    logout: fromPromise<unknown, LogoutInput>(notProvided('logout')),
  },
  actions: {
    storeToken: (_, _params: SessionActionParams['storeToken']) => {},
    storeUser: (_, _params: SessionActionParams['storeUser']) => {},
    clearStorage: (_, _params: SessionActionParams['clearStorage']) => {},
    goToDefault: (_, _params: SessionActionParams['goToDefault']) => {},
    goToLogin: (_, _params: SessionActionParams['goToLogin']) => {},
    notifySubAccount: (_, _params: SessionActionParams['notifySubAccount']) => {},
  },
  guards: {
    hasStoredSession: ({ context }) => !!context.token && !!context.user,
    hasStoredToken: ({ context }) => !!context.token,
    isSubAccount: (_, params: { area: AreaIndex; user: SessionUser }) => isSubAccount(params.area, params.user),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    area: input.area,
    token: input.stored.token || null,
    user: input.stored.user ?? null,
    error: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'hasStoredSession', target: 'loggedIn' },
        {
          guard: 'hasStoredToken',
          target: 'loggedOut',
          actions: [assign(cleared), { type: 'clearStorage', params: ({ context }) => ({ area: context.area }) }],
        },
        { target: 'loggedOut', actions: assign(cleared) },
      ],
    },
    loggedOut: {
      on: {
        'LOGIN.SUBMIT': { target: 'loggingIn', actions: assign({ error: null }) },
        'LOGIN.TOKEN': { target: 'fetchingUser', actions: assign({ error: null, token: ({ event }) => event.token }) },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context, event }) => {
          assertEvent(event, 'LOGIN.SUBMIT');
          return { area: context.area, username: event.username, password: event.password };
        },
        onDone: { target: 'fetchingUser', actions: assign({ token: ({ event }) => event.output.access_token }) },
        onError: { target: 'loggedOut', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    fetchingUser: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ area: context.area, token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isSubAccount', params: ({ context, event }) => ({ area: context.area, user: event.output }) },
            target: 'loggedOut',
            actions: [
              assign({ ...cleared, error: SUB_ACCOUNT_ERROR }),
              { type: 'notifySubAccount', params: ({ context }) => ({ area: context.area }) },
              { type: 'clearStorage', params: ({ context }) => ({ area: context.area }) },
            ],
          },
          {
            target: 'loggedIn',
            actions: [
              assign({ user: ({ event }) => event.output }),
              { type: 'storeToken', params: ({ context }) => ({ area: context.area, token: context.token ?? '' }) },
              { type: 'storeUser', params: ({ context }) => ({ area: context.area, user: context.user ?? {} }) },
              {
                type: 'goToDefault',
                params: ({ context }) => ({
                  area: context.area,
                  url: context.user?.defaultUrl || AREAS[context.area].pagePrefix,
                }),
              },
            ],
          },
        ],
        onError: {
          target: 'loggedOut',
          actions: assign({ ...cleared, error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    loggedIn: {
      initial: 'idle',
      on: {
        LOGOUT: { target: 'loggingOut' },
        UNAUTHORIZED: {
          target: 'loggedOut',
          actions: [
            assign(cleared),
            { type: 'clearStorage', params: ({ context }) => ({ area: context.area }) },
            { type: 'goToLogin', params: ({ context }) => ({ area: context.area, url: AREAS[context.area].loginPath }) },
          ],
        },
        'TOKEN.RENEWED': {
          actions: [
            assign({ token: ({ event }) => event.token }),
            { type: 'storeToken', params: ({ event, context }) => ({ area: context.area, token: event.token }) },
          ],
        },
      },
      states: {
        idle: {
          on: {
            'USER.REFRESH': { target: 'refreshing' },
            'USER.EDIT': { target: 'editing', actions: assign({ error: null }) },
          },
        },
        refreshing: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            input: ({ context }) => ({ area: context.area, token: context.token ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ user: ({ event }) => event.output }),
                { type: 'storeUser', params: ({ context }) => ({ area: context.area, user: context.user ?? {} }) },
              ],
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        editing: {
          invoke: {
            id: 'editUser',
            src: 'editUser',
            input: ({ context, event }) => {
              assertEvent(event, 'USER.EDIT');
              return { area: context.area, token: context.token ?? '', ...editPayload(event) };
            },
            onDone: { target: 'refreshing' },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ area: context.area, token: context.token ?? '' }),
        onDone: {
          target: 'loggedOut',
          actions: [
            assign(cleared),
            { type: 'clearStorage', params: ({ context }) => ({ area: context.area }) },
            { type: 'goToLogin', params: ({ context }) => ({ area: context.area, url: AREAS[context.area].loginPath }) },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: [
            assign(cleared),
            { type: 'clearStorage', params: ({ context }) => ({ area: context.area }) },
            { type: 'goToLogin', params: ({ context }) => ({ area: context.area, url: AREAS[context.area].loginPath }) },
          ],
        },
      },
    },
  },
});
