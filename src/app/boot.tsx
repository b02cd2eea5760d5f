import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { clearRoutes } from './backofficeRoutes';
import { attachStatelyInspector } from './devInspector';
import { startRouteGuard } from './guardActor';
import { initIntl } from './i18n';
import { IntlRoot } from './IntlRoot';
import { getCommitted, holdUntilFirstCommit, listenToPopState, navigate } from './navigation';
import { startSessions } from './sessionActors';

/** Boot: messages, (dev) inspector, app-wide actors, first guarded navigation, render. */
export async function boot(rootElement: HTMLElement) {
  await initIntl();
  await attachStatelyInspector();
  const sessions = startSessions();
  // a back office that logs out forgets its menu routes (another account may see other menus)
  sessions.forEach((actor, area) => {
    if (area === 2) return;
    actor.subscribe((snapshot) => {
      if (snapshot.matches('loggedOut')) clearRoutes(area as 0 | 1);
    });
  });
  startRouteGuard();
  listenToPopState();
  holdUntilFirstCommit();
  const { path, search } = getCommitted();
  navigate(search ? `${path}?${search}` : path, { replace: true });
  createRoot(rootElement).render(
    <StrictMode>
      <IntlRoot>
        <App />
      </IntlRoot>
    </StrictMode>,
  );
}
