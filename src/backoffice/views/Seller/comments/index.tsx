import { sellerCommentsPage } from '../../../comments/commentsPage';
import { definePage } from '../../../table/definePage';

/** Menu view `Seller/comments/index` (menu 41): the store's reviews and its replies. */
export default definePage(sellerCommentsPage);
