import { RolesPage } from '../shared/RolesPage';

/** Menu view `Admin/roles/index`: admin roles with their menus and API permissions. */
export default function AdminRolesPage() {
  return <RolesPage area={0} url="/Admin/roles" withPermissions />;
}
