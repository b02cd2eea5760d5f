import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRoute } from 'wouter';
import { navigate } from '../../app/navigation';
import { PageFallback } from '../../app/PageFallback';

/** The editor (TipTap included) is its own chunk. */
const GoodsEditor = lazy(() => import('./GoodsEditor'));

/** A goods id of the address, null for a new goods, 0 for one no row can have. */
export function goodsIdOf(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : 0;
}

/**
 * A goods editor at its own address (issue 30, src/backoffice/subPages.ts): the id comes from the
 * address, so a reload or a shared link reopens the same goods; without an id, a new goods (seller);
 * back to `list` when saved or left. Leaving with unsaved changes asks first (GoodsEditor).
 */
export function GoodsFormPage({ pattern, list, admin = false }: { pattern: string; list: string; admin?: boolean }) {
  const [, params] = useRoute<{ id?: string }>(pattern);
  const id = goodsIdOf(params?.id);
  if (id === 0 || (admin && id === null))
    return (
      <p role="alert" className="text-sm text-red-800">
        <FormattedMessage id="page.goodsEditor.notFound" />
      </p>
    );
  return (
    <Suspense fallback={<PageFallback />}>
      <GoodsEditor key={id ?? 'new'} admin={admin} mode={id === null ? 'create' : 'edit'} id={id} onDone={() => navigate(list)} />
    </Suspense>
  );
}
