import { definePage } from '../../../table/definePage';
import { operatorPromotionPage } from '../shared/promotionPage';

/** Menu view `Admin/coupons/index` (`/Admin/coupons`): every store's coupons; the operator can stop one (or restart it). */
export const adminCouponsPage = operatorPromotionPage('/Admin/coupons', {
  columns: [{ label: 'page.coupons.stock', value: 'stock' }],
  view: [
    { label: 'page.coupons.stock', value: 'stock' },
    { label: 'page.coupons.content', value: 'content' },
  ],
});

export default definePage(adminCouponsPage);
