import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadRenderedPage } from './App';
import { clearRoutes } from './backofficeRoutes';
import { attachStatelyInspector } from './devInspector';
import { startRouteGuard } from './guardActor';
import { currentLocale, ensureMessages, initIntl, type MessagePart } from './i18n';
import { IntlRoot } from './IntlRoot';
import { getCommitted, holdUntilFirstCommit, listenToPopState, navigate, isNavigationReady } from './navigation';
import { startSessions } from './sessionActors';

/**
 * Lets the browser run what waits (input, paint) between the steps of booting a page it has
 * already painted from the server's HTML, so no step adds to another's long task.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Boot: messages, (dev) inspector, app-wide actors, first guarded navigation, render. */
export async function boot(rootElement: HTMLElement) {
  // server HTML in view: booting can take its time in short tasks (a blank page renders at once)
  const painted = rootElement.dataset.ssr !== undefined;
  if (painted) await yieldToBrowser();
  // its message parts come with the storefront's: one install, not one per part
  await initIntl(painted && rootElement.dataset.parts ? (rootElement.dataset.parts.split(',') as MessagePart[]) : []);
  await attachStatelyInspector();
  if (painted) await yieldToBrowser();
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
    // and its page's module, so that hydrating never suspends on it
    await Promise.all([...(ssr.parts ? ssr.parts.split(',') : []).map((part) => ensureMessages(part as MessagePart)), preloadRenderedPage(path)]);
    await yieldToBrowser();
    // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser in
    // between (input, paint), instead of in one task as long as the whole page: the page is
    // already painted, so nothing waits on it, and a click meanwhile hydrates its target first.
    let root: ReturnType<typeof hydrateRoot> | undefined;
    startTransition(() => {
      root = hydrateRoot(rootElement, app);
    });
    return root!;
  }
  delete ssr.ssr;
  const root = createRoot(rootElement);
  root.render(app);
  return root;
}
