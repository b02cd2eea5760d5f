import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { clearRoutes } from './backofficeRoutes';
import { attachStatelyInspector } from './devInspector';
import { startRouteGuard } from './guardActor';
import { currentLocale, ensureMessages, initIntl, type MessagePart } from './i18n';
import { IntlRoot } from './IntlRoot';
import { getCommitted, holdUntilFirstCommit, listenToPopState, navigate, isNavigationReady } from './navigation';
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
  const app = (
    <StrictMode>
      <IntlRoot>
        <App />
      </IntlRoot>
    </StrictMode>
  );
  // Server HTML (src/ssr/render.tsx) is hydrated when the browser would render the same: same
  // language, same page, its messages installed first (a change above the page while it
  // hydrates would throw the HTML away). Otherwise the first render replaces it.
  const ssr = rootElement.dataset;
  if (ssr.ssr === currentLocale() && isNavigationReady() && getCommitted().path === path) {
    await Promise.all((ssr.parts ? ssr.parts.split(',') : []).map((part) => ensureMessages(part as MessagePart)));
    return hydrateRoot(rootElement, app);
  }
  delete ssr.ssr;
  const root = createRoot(rootElement);
  root.render(app);
  return root;
}
