import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountFileSpaces } from './fileSpaces';
import { mountSellerMoneyLogs } from './moneyLogs';
import { mountSellerRoles } from './roles';
import { mountStaff } from './staff';
import { mountSellerStore } from './store';

/** The seller console's own resources (/api/Seller/…), all scoped to the session's store. */
export function mountSellerAdmin(api: Hono<AppEnv>) {
  mountStaff(api);
  mountSellerRoles(api);
  mountFileSpaces(api);
  mountSellerMoneyLogs(api);
  mountSellerStore(api);
}
