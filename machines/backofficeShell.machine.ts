/**
 * The back-office shell (spec §2 shell, §4): top tabs, route point and title, sidebar collapse,
 * menu entry navigation, and the user-info dialog (load, save, cancel).
 */
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import type { AreaIndex } from './areas';
import { errorMessage } from './errors';

/** `data.field` of a refused request's envelope, if it names one. */
function errorField(error: unknown): string | null {
  const data = (error as { data?: { field?: unknown } } | null)?.data;
  return data && typeof data.field === 'string' && data.field ? data.field : null;
}
import { findRoutePoint, resolveMenuTarget, routePaths, type MenuItem, type MenuTarget } from './menus';
import { editPayload, type SessionUser } from './session';

export interface BackofficeShellInput {
  area: AreaIndex;
  menus?: MenuItem[];
}

export interface BackofficeShellContext {
  area: AreaIndex;
  menus: MenuItem[];
  /** Index of the active top-level tab. */
  activeTab: number;
  /** Menu ids from the active tab down to the current page's entry ([] when none matches). */
  routePoint: number[];
  /** Names along `routePoint` (breadcrumb). */
  breadcrumb: string[];
  /** Title of the current page ('' when no menu entry matches: the view shows its fallback). */
  routeMenuName: string;
  /** Current path, kept so MENUS.SET can place it. */
  path: string;
  collapsed: boolean;
  /** The user loaded into the user-info dialog. */
  dialogUser: SessionUser | null;
  /** 'nicknameRequired' or the message of the last failed load or save. */
  dialogError: string | null;
  /** The form field the server named for the last failed save (its `data.field`), shown under that field. */
  dialogErrorField: string | null;
}

export type BackofficeShellEvent =
  | { type: 'MENUS.SET'; menus: MenuItem[] }
  | { type: 'ROUTE.CHANGED'; path: string }
  | { type: 'TAB.SELECT'; index: number }
  | { type: 'MENU.OPEN'; item: MenuItem }
  | { type: 'SIDEBAR.TOGGLE' }
  | { type: 'USERDIALOG.OPEN' }
  | { type: 'USERDIALOG.SAVE'; nickname: string; password: string; old_password?: string; avatar?: string }
  | { type: 'USERDIALOG.CANCEL' };

export interface ShellFetchUserInput { area: AreaIndex }
export interface ShellEditUserInput { area: AreaIndex; nickname: string; password: string; old_password?: string; avatar?: string }

export interface BackofficeShellActionParams {
  navigate: { path: string };
  openExternal: { url: string };
  logNoRoute: { item: MenuItem };
  successToast: { area: AreaIndex };
  errorToast: { message: string };
  /** After a successful save: refresh the session's user (send USER.REFRESH to it). */
  refreshUser: { area: AreaIndex };
}

export const NICKNAME_REQUIRED = 'nicknameRequired';

const targetOf = (menus: MenuItem[], item: MenuItem): MenuTarget => {
  const paths = routePaths(menus);
  return resolveMenuTarget(item, (path) => paths.has(path));
};

/** Context fields that follow from the menus and the current path. */
const placePath = (menus: MenuItem[], path: string, activeTab: number) => {
  const point = findRoutePoint(menus, path);
  return {
    activeTab: point ? point.tab : Math.min(activeTab, Math.max(menus.length - 1, 0)),
    routePoint: point ? point.ids : [],
    breadcrumb: point ? point.names : [],
    routeMenuName: point ? point.name : '',
  };
};

export const backofficeShellMachine = setup({
  types: {
    input: {} as BackofficeShellInput,
    context: {} as BackofficeShellContext,
    events: {} as BackofficeShellEvent,
  },
  actors: {
    fetchUser: fromPromise<SessionUser, ShellFetchUserInput>(() =>
      Promise.reject(new Error('backofficeShell: actor "fetchUser" is not provided')),
    ),
    editUser: fromPromise<unknown, ShellEditUserInput>(() =>
      Promise.reject(new Error('backofficeShell: actor "editUser" is not provided')),
    ),
  },
  actions: {
    navigate: (_, _params: BackofficeShellActionParams['navigate']) => {},
    openExternal: (_, _params: BackofficeShellActionParams['openExternal']) => {},
    logNoRoute: (_, _params: BackofficeShellActionParams['logNoRoute']) => {},
    successToast: (_, _params: BackofficeShellActionParams['successToast']) => {},
    errorToast: (_, _params: BackofficeShellActionParams['errorToast']) => {},
    refreshUser: (_, _params: BackofficeShellActionParams['refreshUser']) => {},
  },
  guards: {
    tabExists: ({ context, event }) => event.type === 'TAB.SELECT' && event.index >= 0 && event.index < context.menus.length,
    targetIsExternal: ({ context, event }) => event.type === 'MENU.OPEN' && targetOf(context.menus, event.item).kind === 'external',
    targetIsRoute: ({ context, event }) => event.type === 'MENU.OPEN' && targetOf(context.menus, event.item).kind === 'route',
    nicknameMissing: ({ event }) => event.type === 'USERDIALOG.SAVE' && !event.nickname.trim(),
  },
}).createMachine({
  id: 'backofficeShell',
  type: 'parallel',
  context: ({ input }) => ({
    area: input.area,
    menus: input.menus ?? [],
    activeTab: 0,
    routePoint: [],
    breadcrumb: [],
    routeMenuName: '',
    path: '',
    collapsed: false,
    dialogUser: null,
    dialogError: null,
    dialogErrorField: null,
  }),
  on: {
    'MENUS.SET': {
      actions: assign(({ context, event }) => ({ menus: event.menus, ...placePath(event.menus, context.path, 0) })),
    },
    'ROUTE.CHANGED': {
      actions: assign(({ context, event }) => ({ path: event.path, ...placePath(context.menus, event.path, context.activeTab) })),
    },
    'TAB.SELECT': {
      guard: 'tabExists',
      actions: [
        assign({ activeTab: ({ event }) => event.index }),
        raise(({ context, event }) => ({ type: 'MENU.OPEN' as const, item: context.menus[event.index] })),
      ],
    },
    'MENU.OPEN': [
      {
        guard: 'targetIsExternal',
        actions: {
          type: 'openExternal',
          params: ({ context, event }) => ({ url: (targetOf(context.menus, event.item) as { url: string }).url }),
        },
      },
      {
        guard: 'targetIsRoute',
        actions: {
          type: 'navigate',
          params: ({ context, event }) => ({ path: (targetOf(context.menus, event.item) as { path: string }).path }),
        },
      },
      { actions: { type: 'logNoRoute', params: ({ event }) => ({ item: event.item }) } },
    ],
  },
  states: {
    sidebar: {
      initial: 'expanded',
      states: {
        expanded: {
          on: { 'SIDEBAR.TOGGLE': { target: 'collapsed', actions: assign({ collapsed: true }) } },
        },
        collapsed: {
          on: { 'SIDEBAR.TOGGLE': { target: 'expanded', actions: assign({ collapsed: false }) } },
        },
      },
    },
    userDialog: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'USERDIALOG.OPEN': { target: 'loading', actions: assign({ dialogError: null, dialogErrorField: null, dialogUser: null }) } },
        },
        loading: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            input: ({ context }) => ({ area: context.area }),
            onDone: { target: 'open', actions: assign({ dialogUser: ({ event }) => event.output }) },
            onError: {
              target: 'closed',
              actions: [
                assign({ dialogError: ({ event }) => errorMessage(event.error) }),
                { type: 'errorToast', params: ({ event }) => ({ message: errorMessage(event.error) }) },
              ],
            },
          },
          on: { 'USERDIALOG.CANCEL': { target: 'closed' } },
        },
        open: {
          on: {
            'USERDIALOG.SAVE': [
              { guard: 'nicknameMissing', actions: assign({ dialogError: NICKNAME_REQUIRED }) },
              { target: 'saving', actions: assign({ dialogError: null, dialogErrorField: null }) },
            ],
            'USERDIALOG.CANCEL': { target: 'closed' },
          },
        },
        saving: {
          invoke: {
            id: 'editUser',
            src: 'editUser',
            input: ({ context, event }) => {
              assertEvent(event, 'USERDIALOG.SAVE');
              return { area: context.area, ...editPayload(event) };
            },
            onDone: {
              target: 'closed',
              actions: [
                { type: 'successToast', params: ({ context }) => ({ area: context.area }) },
                { type: 'refreshUser', params: ({ context }) => ({ area: context.area }) },
              ],
            },
            // A refused save keeps the dialog open with what was typed; the message shows in it
            // (under the field the server names), not in a toast behind a closed dialog.
            onError: {
              target: 'open',
              actions: assign({ dialogError: ({ event }) => errorMessage(event.error), dialogErrorField: ({ event }) => errorField(event.error) }),
            },
          },
        },
      },
    },
  },
});
