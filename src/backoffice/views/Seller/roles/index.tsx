import { RolesPage } from '../../Admin/shared/RolesPage';

/** Menu view `Seller/roles/index`: the store's staff roles (seller menus only). */
export default function SellerRolesPage() {
  return <RolesPage area={1} url="/Seller/roles" withPermissions={false} />;
}
