import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { FormattedMessage } from 'react-intl';
import { toast } from '../ui/toast';
import { t } from './i18n';

/** "The page failed to load, please refresh": a chunk that failed, or a page that threw (App's ErrorBoundary). */
export function ChunkFailed() {
  return (
    <p role="alert" className="p-8 text-center text-sm text-red-800">
      <FormattedMessage id="http.chunkFailedPage" />
    </p>
  );
}

/** A code-split page that can be loaded ahead of its first render (`preload`). */
export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * A code-split page; a chunk that fails to load shows 'Loading chunk failed' with type and address
 * (spec §8). Once its module has loaded (`preload`, or an earlier render), rendering it never
 * suspends: hydrating the server's HTML of that page then runs in one pass, with no Suspense
 * boundary left to hydrate later at a higher priority, in one long task.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load()
      .catch((error: unknown) => {
        const type = error instanceof Error ? error.name : 'Error';
        const address = error instanceof Error ? error.message : String(error);
        console.error('[souk] Loading chunk failed', type, address);
        toast.error(t('http.chunkFailed', { type, address }));
        return { default: ChunkFailed as ComponentType<P> };
      })
      .then((module) => (loaded = module)));
  // React's lazy reads a thenable that calls back at once as already resolved
  const page = lazy(() => (loaded ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(loaded!) } as Promise<{ default: ComponentType<P> }>) : preload()));
  return Object.assign(page, { preload });
}
