import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { orders } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { formInt } from '../../http/crud';
import { sellerGuard } from '../../http/crud-guards';
import { validateIn } from '../../http/crud/validate';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { requireAdmin } from '../../http/permissions';
import { sessionStoreId } from '../seller-admin/scope';
import { orderTrace } from './service';
import '../orders/messages';

/**
 * Parcel traces of an order, one per area, each within its own scope (another's order is a 404):
 *   POST /api/user/order/express {id}          the shopper's own order
 *   POST /api/Seller/orders/express/find {id}  the session's store's order
 *   POST /api/Admin/orders/express/find {id}   any order (permission admin.orders.show)
 */
const idSchema = z.object({ id: formInt({ min: 1 }) });

const idOf = async (c: Context<AppEnv>) => validateIn(idSchema, await readInput(c), langOf(c)).id;
const dbOf = (c: Context<AppEnv>) => c.get('services').db;

export function mountExpress(api: Hono<AppEnv>) {
  api.post('/user/order/express', requireAuth('user'), async (c) => {
    const caller = c.get('caller');
    if (!caller) throw fail('unauthorized', undefined, 401);
    return ok(c, await orderTrace(dbOf(c), await idOf(c), eq(orders.user_id, caller.accountId)));
  });

  const seller = sellerGuard(['/Seller/orders', '/Seller/orders/wait']);
  api.post('/Seller/orders/express/find', async (c) => {
    await seller(c, 'show', 'seller.orders.show');
    return ok(c, await orderTrace(dbOf(c), await idOf(c), eq(orders.store_id, sessionStoreId(c))));
  });

  api.post('/Admin/orders/express/find', requireAdmin('admin.orders.show'), async (c) => ok(c, await orderTrace(dbOf(c), await idOf(c), undefined)));
}
