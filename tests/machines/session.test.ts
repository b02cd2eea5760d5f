import { describe, expect, it } from 'vitest';
import { sessionMachine, type SessionInput } from '../../machines/session.machine';
import { editPayload, isSubAccount, type EditUserInput, type FetchUserInput, type LoginInput, type LoginPayload, type LogoutInput, type SessionUser } from '../../machines/session';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const ACTIONS = ['storeToken', 'storeUser', 'clearStorage', 'goToDefault', 'goToLogin', 'notifySubAccount'] as const;

function setupSession(input: SessionInput) {
  const log = recordActions(ACTIONS);
  const login = manualActor<LoginPayload, LoginInput>();
  const fetchUser = manualActor<SessionUser, FetchUserInput>();
  const editUser = manualActor<unknown, EditUserInput>();
  const logout = manualActor<unknown, LogoutInput>();
  const machine = sessionMachine.provide({
    actions: log.actions,
    actors: { login: login.logic, fetchUser: fetchUser.logic, editUser: editUser.logic, logout: logout.logic },
  });
  const actor = createTestActor(machine, { input });
  actor.start();
  return { actor, log, login, fetchUser, editUser, logout };
}

const loginPayload: LoginPayload = { token_type: 'Bearer', expires_in: 7200, access_token: 'access-1', refresh_token: 'refresh-1' };
const loggedOut = (area: 0 | 1 | 2 = 2): SessionInput => ({ area, stored: { token: null, user: null } });
const loggedIn = (area: 0 | 1 | 2 = 2): SessionInput => ({ area, stored: { token: 'stored', user: { id: 7, nickname: 'ann' } } });

describe('session: restoring', () => {
  it('restores a stored token and user as logged in without side effects', () => {
    const { actor, log } = setupSession(loggedIn(0));
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ area: 0, token: 'stored', user: { id: 7 }, error: null });
    expect(log.calls).toEqual([]);
  });

  it('drops a stored token without a user and clears that area storage', () => {
    const { actor, log } = setupSession({ area: 1, stored: { token: 'orphan', user: null } });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(log.calls).toEqual([{ type: 'clearStorage', params: { area: 1 } }]);
  });

  it('starts logged out when nothing is stored', () => {
    const { actor, log } = setupSession(loggedOut());
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(log.calls).toEqual([]);
  });
});

describe('session: login', () => {
  it('logs in, fetches the user with the new token, stores both and goes to the default page', async () => {
    const { actor, log, login, fetchUser } = setupSession(loggedOut(0));
    actor.send({ type: 'LOGIN.SUBMIT', username: 'admin', password: '123456' });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(login.last().input).toEqual({ area: 0, username: 'admin', password: '123456' });
    // the password never lands in context
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('123456');

    login.last().resolve(loginPayload);
    await flush();
    expect(actor.getSnapshot().value).toBe('fetchingUser');
    expect(fetchUser.last().input).toEqual({ area: 0, token: 'access-1' });
    expect(log.calls).toEqual([]); // nothing stored before the user is known

    fetchUser.last().resolve({ id: 1, nickname: 'boss', defaultUrl: '/Admin/dashboard' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ token: 'access-1', user: { id: 1, nickname: 'boss' }, error: null });
    expect(log.calls).toEqual([
      { type: 'storeToken', params: { area: 0, token: 'access-1' } },
      { type: 'storeUser', params: { area: 0, user: { id: 1, nickname: 'boss', defaultUrl: '/Admin/dashboard' } } },
      { type: 'goToDefault', params: { area: 0, url: '/Admin/dashboard' } },
    ]);
  });

  it('falls back to the area home when the user has no defaultUrl', async () => {
    const { actor, log, login, fetchUser } = setupSession(loggedOut(1));
    actor.send({ type: 'LOGIN.SUBMIT', username: '18888888888', password: 'pw' });
    login.last().resolve(loginPayload);
    await flush();
    fetchUser.last().resolve({ id: 2, belong_id: 3 });
    await flush();
    // a seller sub-account may use the seller centre: only the shopper area refuses them
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(log.paramsOf('goToDefault')).toEqual([{ area: 1, url: '/Seller/' }]);
  });

  it('keeps the server message when the login is refused', async () => {
    const { actor, login, fetchUser } = setupSession(loggedOut());
    actor.send({ type: 'LOGIN.SUBMIT', username: 'x', password: 'bad' });
    login.last().reject({ kind: 'fail', code: 422, msg: 'account or password error' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.error).toBe('account or password error');
    expect(fetchUser.calls).toHaveLength(0);

    // the next attempt clears the old error
    actor.send({ type: 'LOGIN.SUBMIT', username: 'x', password: 'good' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('refuses a shopper sub-account: notifies, clears storage, stays logged out', async () => {
    const { actor, log, login, fetchUser } = setupSession(loggedOut(2));
    actor.send({ type: 'LOGIN.SUBMIT', username: 'staff', password: 'pw' });
    login.last().resolve(loginPayload);
    await flush();
    fetchUser.last().resolve({ id: 9, belong_id: 4 });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, error: 'subAccount' });
    expect(log.calls).toEqual([
      { type: 'notifySubAccount', params: { area: 2 } },
      { type: 'clearStorage', params: { area: 2 } },
    ]);
  });

  it('returns to logged out when the user cannot be fetched after login', async () => {
    const { actor, log, login, fetchUser } = setupSession(loggedOut());
    actor.send({ type: 'LOGIN.SUBMIT', username: 'u', password: 'p' });
    login.last().resolve(loginPayload);
    await flush();
    fetchUser.last().reject(new Error('data is abnormal'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, error: 'data is abnormal' });
    expect(log.calls).toEqual([]);
  });

  it('accepts a token obtained elsewhere (register, forget password) with LOGIN.TOKEN', async () => {
    const { actor, log, login, fetchUser } = setupSession(loggedOut());
    actor.send({ type: 'LOGIN.TOKEN', token: 'from-register' });
    expect(actor.getSnapshot().value).toBe('fetchingUser');
    expect(login.calls).toHaveLength(0);
    expect(fetchUser.last().input).toEqual({ area: 2, token: 'from-register' });
    fetchUser.last().resolve({ id: 5, belong_id: 0 });
    await flush();
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(log.paramsOf('goToDefault')).toEqual([{ area: 2, url: '/' }]);
  });
});

describe('session: logged in', () => {
  it('refreshes the user and stores it', async () => {
    const { actor, log, fetchUser } = setupSession(loggedIn());
    actor.send({ type: 'USER.REFRESH' });
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'refreshing' });
    expect(fetchUser.last().input).toEqual({ area: 2, token: 'stored' });
    fetchUser.last().resolve({ id: 7, nickname: 'anna' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(actor.getSnapshot().context.user).toEqual({ id: 7, nickname: 'anna' });
    expect(log.calls).toEqual([{ type: 'storeUser', params: { area: 2, user: { id: 7, nickname: 'anna' } } }]);
  });

  it('keeps the old user when a refresh fails', async () => {
    const { actor, log, fetchUser } = setupSession(loggedIn());
    actor.send({ type: 'USER.REFRESH' });
    fetchUser.last().reject(new Error('网络异常，请检查！'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ user: { id: 7, nickname: 'ann' }, error: '网络异常，请检查！' });
    expect(log.calls).toEqual([]);
  });

  it('edits the user (blank password kept as empty string, no avatar when unset) then refreshes', async () => {
    const { actor, log, editUser, fetchUser } = setupSession(loggedIn(1));
    actor.send({ type: 'USER.EDIT', nickname: ' Ann ', password: '', avatar: '' });
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'editing' });
    expect(editUser.last().input).toEqual({ area: 1, token: 'stored', nickname: 'Ann', password: '' });
    editUser.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'refreshing' });
    fetchUser.last().resolve({ id: 7, nickname: 'Ann' });
    await flush();
    expect(actor.getSnapshot().context.user).toEqual({ id: 7, nickname: 'Ann' });
    expect(log.types()).toEqual(['storeUser']);
  });

  it('reports a failed edit and stays logged in', async () => {
    const { actor, editUser, fetchUser } = setupSession(loggedIn());
    actor.send({ type: 'USER.EDIT', nickname: 'Ann', password: 'new-secret', old_password: 'old-secret', avatar: '/uploads/a.png' });
    expect(editUser.last().input).toEqual({ area: 2, token: 'stored', nickname: 'Ann', password: 'new-secret', old_password: 'old-secret', avatar: '/uploads/a.png' });
    editUser.last().reject({ msg: 'nickname too long' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(actor.getSnapshot().context.error).toBe('nickname too long');
    expect(fetchUser.calls).toHaveLength(0);
  });

  it('stores a renewed token', () => {
    const { actor, log } = setupSession(loggedIn(0));
    actor.send({ type: 'TOKEN.RENEWED', token: 'renewed' });
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(actor.getSnapshot().context.token).toBe('renewed');
    expect(log.calls).toEqual([{ type: 'storeToken', params: { area: 0, token: 'renewed' } }]);
  });

  it('ignores a renewed token while logged out', () => {
    const { actor, log } = setupSession(loggedOut());
    actor.send({ type: 'TOKEN.RENEWED', token: 'late' });
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(log.calls).toEqual([]);
  });

  it('drops the session on UNAUTHORIZED, even mid-refresh, and goes to that area login', () => {
    const { actor, log } = setupSession(loggedIn(1));
    actor.send({ type: 'USER.REFRESH' });
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(log.calls).toEqual([
      { type: 'clearStorage', params: { area: 1 } },
      { type: 'goToLogin', params: { area: 1, url: '/Seller/login' } },
    ]);
  });
});

describe('session: logout', () => {
  it.each([
    ['the server accepts', true],
    ['the server fails', false],
  ])('clears the session and goes to the login page when %s', async (_label, ok) => {
    const { actor, log, logout } = setupSession(loggedIn(0));
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(logout.last().input).toEqual({ area: 0, token: 'stored' });
    expect(log.calls).toEqual([]);
    if (ok) logout.last().resolve(null);
    else logout.last().reject(new Error('500 (Internal Server Error) '));
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(log.calls).toEqual([
      { type: 'clearStorage', params: { area: 0 } },
      { type: 'goToLogin', params: { area: 0, url: '/Admin/login' } },
    ]);
  });
});

describe('session helpers', () => {
  it('isSubAccount is true only for shopper accounts with belong_id > 0', () => {
    expect(isSubAccount(2, { belong_id: 1 })).toBe(true);
    expect(isSubAccount(2, { belong_id: '3' as unknown as number })).toBe(true);
    expect(isSubAccount(2, { belong_id: 0 })).toBe(false);
    expect(isSubAccount(2, {})).toBe(false);
    expect(isSubAccount(2, null)).toBe(false);
    expect(isSubAccount(1, { belong_id: 5 })).toBe(false);
    expect(isSubAccount(0, { belong_id: 5 })).toBe(false);
  });

  it('editPayload trims the nickname, keeps a blank password as "" and sends avatar only when set', () => {
    expect(editPayload({ nickname: ' a ' })).toEqual({ nickname: 'a', password: '' });
    expect(editPayload({ nickname: 'a', password: 'x', avatar: '/u.png' })).toEqual({ nickname: 'a', password: 'x', avatar: '/u.png' });
    expect(editPayload({ nickname: 'a', password: '', avatar: '' })).toEqual({ nickname: 'a', password: '' });
  });

  it('inert defaults reject with a clear message when an actor is not provided', async () => {
    const actor = createTestActor(sessionMachine, { input: loggedOut() });
    actor.start();
    actor.send({ type: 'LOGIN.SUBMIT', username: 'u', password: 'p' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.error).toBe('session: actor "login" is not provided');
  });
});
