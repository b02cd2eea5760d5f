import { definePage } from '../../../table/definePage';
import { operatorPromotionPage } from '../shared/promotionPage';

/** Menu view `Admin/full_reductions/index` (`/Admin/full_reductions`): every store's full reductions; the operator can stop one. */
export const adminFullReductionsPage = operatorPromotionPage('/Admin/full_reductions');

export default definePage(adminFullReductionsPage);
