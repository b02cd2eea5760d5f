import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountAdmins } from './admins';
import { mountConfigs } from './configs/routes';
import { mountLogs } from './logs';
import { mountLoadSellerMenu, mountMenuResources } from './menus';
import { mountMoneyHandle } from './money';
import { mountPermissions } from './permissions';
import { mountRoles } from './roles';
import { mountUsers } from './users';

/**
 * The admin console's system pages (reference §1.7, screens §4.3–4.4): administrators, roles,
 * permission groups, permissions, admin and seller menus, platform users with the balance tool,
 * money logs, SMS templates and logs, and the configuration forms.
 */
export function mountAdminSystem(api: Hono<AppEnv>): void {
  // Static paths before the resources' `/:id` routes.
  mountMoneyHandle(api);
  mountConfigs(api);
  mountLoadSellerMenu(api);
  mountAdmins(api);
  mountRoles(api);
  mountPermissions(api);
  mountMenuResources(api);
  mountUsers(api);
  mountLogs(api);
}
