import { describe, expect, it } from 'vitest';
import { backofficeShellMachine, type ShellEditUserInput, type ShellFetchUserInput } from '../../machines/backofficeShell.machine';
import type { SessionUser } from '../../machines/session';
import { ADMIN_MENUS } from './adminMenus.fixture';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const ACTIONS = ['navigate', 'openExternal', 'logNoRoute', 'successToast', 'errorToast', 'refreshUser'] as const;

function setupShell(withMenus = true) {
  const log = recordActions(ACTIONS);
  const fetchUser = manualActor<SessionUser, ShellFetchUserInput>();
  const editUser = manualActor<unknown, ShellEditUserInput>();
  const machine = backofficeShellMachine.provide({ actions: log.actions, actors: { fetchUser: fetchUser.logic, editUser: editUser.logic } });
  const actor = createTestActor(machine, { input: { area: 0, menus: withMenus ? ADMIN_MENUS : undefined } });
  actor.start();
  return { actor, log, fetchUser, editUser };
}

describe('backofficeShell: menus and route point', () => {
  it('starts with tab 0, no route point, expanded sidebar and a closed dialog', () => {
    const { actor } = setupShell();
    expect(actor.getSnapshot().value).toEqual({ sidebar: 'expanded', userDialog: 'closed' });
    expect(actor.getSnapshot().context).toMatchObject({ activeTab: 0, routePoint: [], routeMenuName: '', collapsed: false });
  });

  it('ROUTE.CHANGED records the route point, breadcrumb, title and the tab holding the page', () => {
    const { actor } = setupShell();
    actor.send({ type: 'ROUTE.CHANGED', path: '/Admin/orders' });
    expect(actor.getSnapshot().context).toMatchObject({
      path: '/Admin/orders', activeTab: 2, routePoint: [30, 35, 36], breadcrumb: ['店铺中心', '订单中心', '订单管理'], routeMenuName: '订单管理',
    });
    // a path outside the menus clears the point and keeps the tab
    actor.send({ type: 'ROUTE.CHANGED', path: '/Admin/unknown' });
    expect(actor.getSnapshot().context).toMatchObject({ activeTab: 2, routePoint: [], routeMenuName: '' });
  });

  it('MENUS.SET places the current path in the new menus', () => {
    const { actor } = setupShell(false);
    actor.send({ type: 'ROUTE.CHANGED', path: '/Admin/menus' });
    expect(actor.getSnapshot().context.routePoint).toEqual([]);
    actor.send({ type: 'MENUS.SET', menus: ADMIN_MENUS });
    expect(actor.getSnapshot().context).toMatchObject({ menus: ADMIN_MENUS, activeTab: 5, routePoint: [2, 5, 33], routeMenuName: '后台菜单' });
    actor.send({ type: 'MENUS.SET', menus: [] });
    expect(actor.getSnapshot().context).toMatchObject({ activeTab: 0, routePoint: [], routeMenuName: '' });
  });

  it('TAB.SELECT marks the tab active and opens its first page', () => {
    const { actor, log } = setupShell();
    actor.send({ type: 'TAB.SELECT', index: 3 });
    expect(actor.getSnapshot().context.activeTab).toBe(3);
    expect(log.calls).toEqual([{ type: 'navigate', params: { path: '/Admin/integral_goods_classes' } }]);
  });

  it('TAB.SELECT of a tab that does not exist does nothing', () => {
    const { actor, log } = setupShell();
    actor.send({ type: 'TAB.SELECT', index: 42 });
    actor.send({ type: 'TAB.SELECT', index: -1 });
    expect(actor.getSnapshot().context.activeTab).toBe(0);
    expect(log.calls).toEqual([]);
  });

  it('MENU.OPEN navigates to a routed page', () => {
    const { actor, log } = setupShell();
    actor.send({ type: 'MENU.OPEN', item: ADMIN_MENUS[1].children![2] });
    expect(log.calls).toEqual([{ type: 'navigate', params: { path: '/Admin/goods_brands' } }]);
  });

  it('MENU.OPEN opens an absolute http(s) address outside', () => {
    const { actor, log } = setupShell();
    actor.send({ type: 'MENU.OPEN', item: ADMIN_MENUS[5].children!.find((item) => item.id === 70)! });
    actor.send({ type: 'TAB.SELECT', index: 6 });
    expect(log.calls).toEqual([
      { type: 'openExternal', params: { url: 'https://docs.example.com/souk' } },
      { type: 'openExternal', params: { url: 'http://open.example.com' } },
    ]);
  });

  it('MENU.OPEN of an entry without a target or route only logs a diagnostic', () => {
    const { actor, log } = setupShell();
    const empty = ADMIN_MENUS[7];
    actor.send({ type: 'MENU.OPEN', item: empty });
    const unrouted = { id: 99, pid: 0, name: 'ghost', apis: '/Admin/ghost', view: 'Admin/ghost/index', is_open: 0 };
    actor.send({ type: 'MENU.OPEN', item: unrouted });
    expect(log.calls).toEqual([
      { type: 'logNoRoute', params: { item: empty } },
      { type: 'logNoRoute', params: { item: unrouted } },
    ]);
  });

  it('SIDEBAR.TOGGLE collapses and expands', () => {
    const { actor } = setupShell();
    actor.send({ type: 'SIDEBAR.TOGGLE' });
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: 'collapsed' });
    expect(actor.getSnapshot().context.collapsed).toBe(true);
    actor.send({ type: 'SIDEBAR.TOGGLE' });
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: 'expanded' });
    expect(actor.getSnapshot().context.collapsed).toBe(false);
  });
});

describe('backofficeShell: user dialog', () => {
  it('opens, loads the user, saves and closes with a success toast and a user refresh', async () => {
    const { actor, log, fetchUser, editUser } = setupShell();
    actor.send({ type: 'USERDIALOG.OPEN' });
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'loading' });
    expect(fetchUser.last().input).toEqual({ area: 0 });
    fetchUser.last().resolve({ id: 1, nickname: 'admin', avatar: '/uploads/a.png' });
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'open' });
    expect(actor.getSnapshot().context.dialogUser).toEqual({ id: 1, nickname: 'admin', avatar: '/uploads/a.png' });

    actor.send({ type: 'USERDIALOG.SAVE', nickname: 'boss', password: '' });
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'saving' });
    expect(editUser.last().input).toEqual({ area: 0, nickname: 'boss', password: '' });
    editUser.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'closed' });
    expect(log.calls).toEqual([
      { type: 'successToast', params: { area: 0 } },
      { type: 'refreshUser', params: { area: 0 } },
    ]);
  });

  it('requires a nickname before saving', async () => {
    const { actor, fetchUser, editUser } = setupShell();
    actor.send({ type: 'USERDIALOG.OPEN' });
    fetchUser.last().resolve({ id: 1, nickname: 'admin' });
    await flush();
    actor.send({ type: 'USERDIALOG.SAVE', nickname: '   ', password: 'x' });
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'open' });
    expect(actor.getSnapshot().context.dialogError).toBe('nicknameRequired');
    expect(editUser.calls).toHaveLength(0);
    actor.send({ type: 'USERDIALOG.SAVE', nickname: 'ok', password: 'secret', old_password: 'current', avatar: '/uploads/b.png' });
    expect(actor.getSnapshot().context.dialogError).toBeNull();
    // a new password travels with the current one (the server needs it)
    expect(editUser.last().input).toEqual({ area: 0, nickname: 'ok', password: 'secret', old_password: 'current', avatar: '/uploads/b.png' });
  });

  it('a failed save stays open with the server message and the field it names (issue 15: nothing typed is lost)', async () => {
    const { actor, log, fetchUser, editUser } = setupShell();
    actor.send({ type: 'USERDIALOG.OPEN' });
    fetchUser.last().resolve({ id: 1, nickname: 'admin' });
    await flush();
    actor.send({ type: 'USERDIALOG.SAVE', nickname: 'boss', password: '123' });
    editUser.last().reject({ code: 422, msg: 'password 至少需要 6 个字符。', data: { field: 'password' } });
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'open' });
    expect(actor.getSnapshot().context).toMatchObject({ dialogError: 'password 至少需要 6 个字符。', dialogErrorField: 'password' });
    expect(log.calls).toEqual([]);
    // a message naming no field; then a save that works clears it
    actor.send({ type: 'USERDIALOG.SAVE', nickname: 'boss', password: '' });
    expect(actor.getSnapshot().context).toMatchObject({ dialogError: null, dialogErrorField: null });
    editUser.last().reject({ code: 500, msg: '昵称太长' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ dialogError: '昵称太长', dialogErrorField: null });
    actor.send({ type: 'USERDIALOG.CANCEL' });
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'closed' });
  });

  it('a failed load closes with an error toast; reopening clears the error', async () => {
    const { actor, log, fetchUser } = setupShell();
    actor.send({ type: 'USERDIALOG.OPEN' });
    fetchUser.last().reject(new Error('网络异常，请检查！'));
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'closed' });
    expect(log.calls).toEqual([{ type: 'errorToast', params: { message: '网络异常，请检查！' } }]);
    actor.send({ type: 'USERDIALOG.OPEN' });
    expect(actor.getSnapshot().context).toMatchObject({ dialogError: null, dialogUser: null });
  });

  it('cancel closes while loading or open, without toasts', async () => {
    const { actor, log, fetchUser } = setupShell();
    actor.send({ type: 'USERDIALOG.OPEN' });
    actor.send({ type: 'USERDIALOG.CANCEL' });
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'closed' });
    fetchUser.last().resolve({ id: 1 });
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'closed' });

    actor.send({ type: 'USERDIALOG.OPEN' });
    fetchUser.last().resolve({ id: 1 });
    await flush();
    actor.send({ type: 'USERDIALOG.CANCEL' });
    expect(actor.getSnapshot().value).toMatchObject({ userDialog: 'closed' });
    expect(log.calls).toEqual([]);
  });

  it('the dialog and the sidebar run in parallel', async () => {
    const { actor, fetchUser } = setupShell();
    actor.send({ type: 'USERDIALOG.OPEN' });
    actor.send({ type: 'SIDEBAR.TOGGLE' });
    expect(actor.getSnapshot().value).toEqual({ sidebar: 'collapsed', userDialog: 'loading' });
    fetchUser.last().resolve({ id: 1 });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ sidebar: 'collapsed', userDialog: 'open' });
  });
});
