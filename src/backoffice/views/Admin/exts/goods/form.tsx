import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRoute } from 'wouter';
import { navigate } from '../../../../../app/navigation';
import { PageFallback } from '../../../../../app/PageFallback';
import { ADMIN_GOODS_FORM } from '../../../../subPages';
import { goodsIdOf } from '../../../Seller/goods/form';

/** The editor (TipTap included) is its own chunk. */
const GoodsEditor = lazy(() => import('../../../../goodsEditor/GoodsEditor'));

/**
 * `/Admin/goods/form/{id}` (issue 30): the operator's goods form at its own address — a reload or
 * a shared link reopens the same goods; leaving with unsaved changes asks first.
 */
export default function AdminGoodsFormPage() {
  const [, params] = useRoute<{ id?: string }>(ADMIN_GOODS_FORM);
  const id = goodsIdOf(params?.id);
  if (!id)
    return (
      <p role="alert" className="text-sm text-red-800">
        <FormattedMessage id="page.goodsEditor.notFound" />
      </p>
    );
  return (
    <Suspense fallback={<PageFallback />}>
      <GoodsEditor key={id} admin mode="edit" id={id} onDone={() => navigate('/Admin/goods')} />
    </Suspense>
  );
}
