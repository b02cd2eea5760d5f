import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRoute } from 'wouter';
import { navigate } from '../../../../app/navigation';
import { PageFallback } from '../../../../app/PageFallback';
import { SELLER_GOODS_FORM } from '../../../subPages';

/** The editor (TipTap included) is its own chunk. */
const GoodsEditor = lazy(() => import('../../../goodsEditor/GoodsEditor'));

/** A goods id of the address, null for a new goods, 0 for one no row can have. */
export function goodsIdOf(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : 0;
}

/**
 * `/Seller/goods/form/{id?}` (issue 30): the seller's goods editor at its own address — a reload
 * or a shared link reopens the same goods; leaving with unsaved changes asks first (GoodsEditor).
 */
export default function SellerGoodsFormPage() {
  const [, params] = useRoute<{ id?: string }>(SELLER_GOODS_FORM);
  const id = goodsIdOf(params?.id);
  if (id === 0)
    return (
      <p role="alert" className="text-sm text-red-800">
        <FormattedMessage id="page.goodsEditor.notFound" />
      </p>
    );
  return (
    <Suspense fallback={<PageFallback />}>
      <GoodsEditor key={id ?? 'new'} mode={id === null ? 'create' : 'edit'} id={id} onDone={() => navigate('/Seller/goods')} />
    </Suspense>
  );
}
