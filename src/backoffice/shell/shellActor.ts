import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { AreaIndex } from '../../../machines/areas';
import { backofficeShellMachine, type ShellEditUserInput, type ShellFetchUserInput } from '../../../machines/backofficeShell.machine';
import type { SessionUser } from '../../../machines/session';
import { editUser, fetchUser } from '../../api/auth';
import { go } from '../../app/navigation';
import { t } from '../../app/i18n';
import { getSession, unwrap } from '../../app/sessionActors';
import { toast } from '../../ui/toast';
import { getInspect } from '../../app/inspectHook';
import { registerForLab } from '../../app/devRegistry';

/** The shell machine bound to the API, the router and toasts (quiet requests: the machine toasts). */
export const boundShellMachine = backofficeShellMachine.provide({
  actors: {
    fetchUser: fromPromise<SessionUser, ShellFetchUserInput>(async ({ input }) => unwrap(await fetchUser(input.area, { quiet: true }))),
    editUser: fromPromise<unknown, ShellEditUserInput>(async ({ input }) =>
      unwrap(await editUser(input.area, { nickname: input.nickname, password: input.password, old_password: input.old_password, avatar: input.avatar }, { quiet: true })),
    ),
  },
  actions: {
    navigate: (_, { path }) => go(path),
    openExternal: (_, { url }) => go(url, { newTab: true }),
    logNoRoute: (_, { item }) => console.warn('[souk] no route for menu', item.name, item.apis ?? ''),
    successToast: () => toast.success(t('msg.success')),
    errorToast: (_, { message }) => toast.error(message || t('msg.fail')),
    refreshUser: (_, { area }) => getSession(area).send({ type: 'USER.REFRESH' }),
  },
});

export type ShellActor = ActorRefFrom<typeof boundShellMachine>;

/** One shell actor per back-office area for the page's lifetime, so collapse and tabs survive page changes. */
const actors: (ShellActor | null)[] = [null, null];

/** Narrower than Tailwind's `md` (768 px): the sidebar starts closed and opens over the page (a drawer). */
export const PHONE_QUERY = '(max-width: 767px)';
export const isPhoneWide = () => typeof window !== 'undefined' && !!window.matchMedia?.(PHONE_QUERY).matches;

export function getShellActor(area: AreaIndex): ShellActor {
  const index = area === 0 ? 0 : 1;
  let actor = actors[index];
  if (!actor) {
    actor = createActor(boundShellMachine, { input: { area }, systemId: `backofficeShell.${area}`, inspect: getInspect() });
    actor.start();
    // On a phone the 200 px sidebar would leave too little room for the page: start collapsed.
    if (isPhoneWide()) actor.send({ type: 'SIDEBAR.TOGGLE' });
    registerForLab(`backofficeShell.${index === 0 ? 'admin' : 'seller'}`, actor);
    actors[index] = actor;
  }
  return actor;
}

export function resetShellActors() {
  actors.forEach((a) => a?.stop());
  actors[0] = actors[1] = null;
}
