import { lazy, type ComponentType } from 'react';
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

/** A code-split page; a chunk that fails to load shows 'Loading chunk failed' with type and address (spec §8). */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      const type = error instanceof Error ? error.name : 'Error';
      const address = error instanceof Error ? error.message : String(error);
      console.error('[souk] Loading chunk failed', type, address);
      toast.error(t('http.chunkFailed', { type, address }));
      return { default: ChunkFailed as ComponentType<P> };
    }),
  );
}
