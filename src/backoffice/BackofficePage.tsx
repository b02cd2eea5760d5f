import { Suspense, useEffect, type ComponentType } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AreaIndex } from '../../machines/areas';
import type { MenuRoute } from '../../machines/menus';
import { viewLoader } from './viewModules';
import { ChunkFailed, lazyPage } from '../app/lazyPage';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { PageFallback } from '../app/PageFallback';
import { BackofficeAreaContext } from './areaContext';
import { Shell } from './shell/Shell';

const cache = new Map<string, ComponentType | null>();

/** The lazily loaded page component of a menu `view`, or null when no module exists for it. */
function viewComponent(view: string): ComponentType | null {
  if (!cache.has(view)) {
    const loader = viewLoader(view);
    cache.set(view, loader ? lazyPage(loader) : null);
  }
  return cache.get(view) ?? null;
}

/** A menu (e.g. one an operator added) whose view module does not exist: say so in the frame. */
function MissingView({ view }: { view: string }) {
  useEffect(() => {
    console.warn('[souk] no view for menu', view);
  }, [view]);
  return (
    <p role="status" className="py-8 text-center text-slate-700">
      <FormattedMessage id="shell.noView" values={{ view }} />
    </p>
  );
}

/** A back-office route from the menu tree: is_open 0 inside the shell, 1 standalone (the view brings its frame). */
export default function BackofficePage({ area, route }: { area: AreaIndex; route: MenuRoute }) {
  const View = viewComponent(route.view);
  const page = View ? (
    <Suspense fallback={<PageFallback />}>
      <View />
    </Suspense>
  ) : (
    <MissingView view={route.view} />
  );
  // a page that throws while rendering shows a notice, never a blank console: inside the shell
  // its content frame catches it (Shell.tsx) and the menus stay usable; this one catches the
  // standalone pages and the shell itself (the storefront entry carries no boundary: its budget)
  return (
    <BackofficeAreaContext.Provider value={area}>
      {route.standalone && View ? (
        <ErrorBoundary key={route.path} fallback={<ChunkFailed />}>
          {page}
        </ErrorBoundary>
      ) : (
        <ErrorBoundary fallback={<ChunkFailed />}>
          <Shell area={area}>{page}</Shell>
        </ErrorBoundary>
      )}
    </BackofficeAreaContext.Provider>
  );
}
