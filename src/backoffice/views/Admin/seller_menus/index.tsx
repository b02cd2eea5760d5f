import { definePage } from '../../../table/definePage';
import { menuPage } from '../shared/menuPage';

/** Menu view `Admin/seller_menus/index`: the seller console's menu tree. */
export const sellerMenusPage = menuPage('/Admin/seller_menus', '/Admin/load_seller_menu');

export default definePage(sellerMenusPage);
