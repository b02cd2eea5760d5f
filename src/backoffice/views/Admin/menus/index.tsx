import { definePage } from '../../../table/definePage';
import { menuPage } from '../shared/menuPage';

/** Menu view `Admin/menus/index`: the admin console's menu tree. */
export const adminMenusPage = menuPage('/Admin/menus', '/Admin/load_menu');

export default definePage(adminMenusPage);
