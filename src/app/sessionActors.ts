import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { AREAS, type AreaIndex } from '../../machines/areas';
import { sessionMachine } from '../../machines/session.machine';
import type { EditUserInput, FetchUserInput, LoginInput, LoginPayload, LogoutInput, SessionUser } from '../../machines/session';
import * as authApi from '../api/auth';
import type { ApiResult } from '../api/client';
import { setSessionSink } from '../api/sessionBridge';
import { toast } from '../ui/toast';
import { registerForLab } from './devRegistry';
import { t } from './i18n';
import { getInspect } from './inspectHook';
import { go } from './navigation';
import { loginWithReturn, returnTarget } from './returnTo';
import { clearStoredSession, readStoredSession, storeToken, storeUser } from './storage';

/** Rejects with the envelope (its `msg` becomes the session's `error`) unless the answer is ok. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.kind === 'ok') return result.data;
  throw result.kind === 'transport' ? { msg: result.message, kind: result.kind } : result;
}

/** The session machine with every side effect bound to the browser (storage, API, router, toasts). */
export const boundSessionMachine = sessionMachine.provide({
  actors: {
    login: fromPromise<LoginPayload, LoginInput>(async ({ input }) => unwrap(await authApi.login(input.area, input.username, input.password))),
    fetchUser: fromPromise<SessionUser, FetchUserInput>(async ({ input }) => unwrap(await authApi.fetchUser(input.area, { token: input.token || undefined }))),
    editUser: fromPromise<unknown, EditUserInput>(async ({ input }) =>
      unwrap(await authApi.editUser(input.area, { nickname: input.nickname, password: input.password, old_password: input.old_password, avatar: input.avatar }, { token: input.token || undefined })),
    ),
    logout: fromPromise<unknown, LogoutInput>(async ({ input }) => unwrap(await authApi.logout(input.area, { token: input.token || undefined }))),
  },
  actions: {
    storeToken: (_, { area, token }) => storeToken(area, token),
    storeUser: (_, { area, user }) => storeUser(area, user),
    clearStorage: (_, { area }) => clearStoredSession(area),
    // deferred: the route guard must see this session's new state (loggedIn / loggedOut)
    goToDefault: (_, { area, url }) => queueMicrotask(() => go((area === 2 && returnTarget()) || url)),
    goToLogin: (_, { area, url }) => queueMicrotask(() => go(area === 2 ? loginWithReturn(url) : url, { replace: true })),
    notifySubAccount: () => toast.error(t('msg.subNotAllowBuy')),
  },
});

export type SessionActor = ActorRefFrom<typeof boundSessionMachine>;

function createSession(area: AreaIndex): SessionActor {
  return createActor(boundSessionMachine, { input: { area, stored: readStoredSession(area) }, systemId: `session.${area}`, inspect: getInspect() });
}

/** One session actor per area, restored from localStorage; created and started by `startSessions`. */
export let sessions: [SessionActor, SessionActor, SessionActor] | null = null;

export function startSessions(): [SessionActor, SessionActor, SessionActor] {
  if (sessions) return sessions;
  const created: [SessionActor, SessionActor, SessionActor] = [createSession(0), createSession(1), createSession(2)];
  created.forEach((actor, area) => {
    actor.start();
    registerForLab(`session.${AREAS[area].name}`, actor);
  });
  sessions = created;
  setSessionSink((area, signal) => created[area].send(signal));
  return created;
}

export function getSession(area: AreaIndex): SessionActor {
  return (sessions ?? startSessions())[area];
}

/** Tests: stop and forget every session actor. */
export function resetSessions() {
  sessions?.forEach((actor) => actor.stop());
  sessions = null;
  setSessionSink(null);
}
