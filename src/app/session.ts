import { useSelector } from '@xstate/react';
import type { AreaIndex } from '../../machines/areas';
import type { SessionUser } from '../../machines/session';
import { getSession } from './sessionActors';

/** Read-only view of an area's session for components; they only `send` events. */
export function useSession(area: AreaIndex) {
  const actor = getSession(area);
  const loggedIn = useSelector(actor, (s) => s.matches('loggedIn'));
  const busy = useSelector(actor, (s) => s.matches('loggingIn') || s.matches('fetchingUser') || s.matches('loggingOut'));
  const user = useSelector(actor, (s) => s.context.user) as SessionUser | null;
  const error = useSelector(actor, (s) => s.context.error);
  return { actor, loggedIn, busy, user, error, send: actor.send };
}
