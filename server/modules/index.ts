import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mountAccount } from './account/routes';
import { mountAdminSystem } from './admin-system';
import { mountAuth } from './auth/routes';
import { mountCatalogue } from './catalogue/routes';
import { mountChat } from './chat/routes';
import { mountCommon } from './common/routes';
import { mountContent } from './content/routes';
import { mountDistribution } from './distribution/routes';
import { mountExpress } from './express/routes';
import { mountMaps } from './maps/routes';
import { mountMarketing } from './marketing/routes';
import { mountMenus } from './menus/routes';
import { mountOauth } from './oauth/routes';
import { mountOfficeOrders } from './office-orders/routes';
import { mountOrders } from './orders/routes';
import { mountPayment } from './payment/routes';
import { mountPoints } from './points/routes';
import { mountRefunds } from './refunds/routes';
import { mountReviews } from './reviews/routes';
import { mountSeckill } from './seckill/routes';
import { mountSellerAdmin } from './seller-admin/routes';
import { mountSettlement } from './settlement/routes';
import { mountShop } from './shop/routes';
import { mountShopChanges } from './shop/shopChanges';
import { mountSms } from './sms/routes';
import { mountStatistics } from './statistics/routes';
import { mountUploads } from './uploads/routes';

/**
 * Every domain module mounts its routes here, under /api. Order matters only where a
 * static path and a parameterised one overlap.
 */
export function mountModules(api: Hono<AppEnv>) {
  mountShopChanges(api);
  mountAuth(api);
  mountSms(api);
  mountOauth(api);
  mountMaps(api);
  mountCommon(api);
  mountMenus(api);
  mountUploads(api);
  mountAdminSystem(api);
  mountContent(api);
  mountSellerAdmin(api);
  mountShop(api);
  mountCatalogue(api);
  mountExpress(api);
  mountOrders(api);
  mountPayment(api);
  mountOfficeOrders(api);
  mountRefunds(api);
  mountSettlement(api);
  mountPoints(api);
  mountDistribution(api);
  mountMarketing(api);
  mountReviews(api);
  mountAccount(api);
  mountSeckill(api);
  mountStatistics(api);
  mountChat(api);
}
