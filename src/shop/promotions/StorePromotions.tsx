import { loadStorePromotions } from '../../api/marketing';
import { useResource } from '../shared/useResource';
import { PromotionStrip } from './PromotionStrip';

/** The store front's promotions (GET /api/store_promotions/:id): nothing while loading, failed or empty. */
export function StorePromotions({ storeId }: { storeId: number }) {
  const promotions = useResource(`store-promotions-${storeId}`, () => loadStorePromotions(storeId));
  if (!promotions.data) return null;
  const { coupons, full_reductions } = promotions.data;
  if (coupons.length === 0 && full_reductions.length === 0) return null;
  return (
    <div className="mb-6 rounded border border-slate-200 bg-white px-4 py-3">
      <PromotionStrip coupons={coupons} reductions={full_reductions} />
    </div>
  );
}
