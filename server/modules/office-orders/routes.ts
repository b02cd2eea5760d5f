import { assertShippable } from '../seckill/orderHooks';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { admins, orders, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { sellerGuard } from '../../http/crud-guards';
import { validateIn } from '../../http/crud/validate';
import type { AppEnv, Caller } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { requireAdmin } from '../../http/permissions';
import { cancelOrder } from '../orders/cancel';
import { changeOrderState, type Actor } from '../orders/states';
import { sessionStoreId } from '../seller-admin/scope';
import { adminListSpec, listOrders, orderDetail, planOrders, sellerListSpec } from './read';
import { adminStatusSchema, expressCodes, sellerStatusSchema, withNumericStatus } from './ship';

/**
 * The consoles' orders (docs/orders-api.md "Store" and "Operator"):
 *   GET /api/Seller/orders, /api/Seller/orders/{id}, PUT /api/Seller/orders/status/edit (ship)
 *     — the session's store only; staff need `/Seller/orders` or `/Seller/orders/wait` among their menus;
 *   GET /api/Admin/orders, /api/Admin/orders/{id}, PUT /api/Admin/orders/status/edit (cancel an
 *     unpaid order, or ship) — permissions admin.orders.index / .show, admin.order.edit.
 * Every state change goes through changeOrderState (cancel through cancelOrder, stock back), so
 * it is recorded with who did it; another store's order is a 404.
 */

const dbOf = (c: Context<AppEnv>) => c.get('services').db;
const notFound = () => fail('orders.notFound', undefined, 404, { field: 'id' });

function pathId(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound();
  return Number(raw);
}

async function answerDetail(c: Context<AppEnv>, id: number, scope: SQL | undefined) {
  const detail = await orderDetail(dbOf(c), id, scope, langOf(c));
  if (!detail) throw notFound();
  return ok(c, detail);
}

/** The name recorded in the order's history: the account's nickname, else its login name. */
export async function actorName(db: Db, caller: Caller): Promise<string> {
  const table = caller.area === 'admin' ? admins : users;
  const [row] = await db
    .select({ name: sql<string>`coalesce(nullif(${table.nickname}, ''), ${table.username})` })
    .from(table)
    .where(eq(table.id, caller.accountId));
  return row?.name ?? '';
}

function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw fail('unauthorized', undefined, 401);
  return caller;
}

interface ShipValues {
  id: number;
  delivery_code: string;
  delivery_no: string;
}

/** Ships one order as `actor` within `scope`, in one transaction. */
async function ship(c: Context<AppEnv>, actor: Extract<Actor, 'seller' | 'admin'>, values: ShipValues, scope: SQL | undefined) {
  const db = dbOf(c);
  const caller = callerOf(c);
  const name = await actorName(db, caller);
  await db.transaction(async (tx) => {
    await changeOrderState(tx, {
      orderId: values.id,
      action: 'ship',
      actor,
      actorId: caller.accountId,
      actorName: name,
      set: { delivery_code: values.delivery_code, delivery_no: values.delivery_no },
      scope,
    });
    // a group order ships once its group has filled (rolls the change back otherwise)
    await assertShippable(tx, values.id);
  });
}

export function mountOfficeOrders(api: Hono<AppEnv>) {
  // ---- store -----------------------------------------------------------------------------
  const guard = sellerGuard(['/Seller/orders', '/Seller/orders/wait']);
  const storeScope = (c: Context<AppEnv>) => eq(orders.store_id, sessionStoreId(c));

  api.get('/Seller/orders', async (c) => {
    await guard(c, 'index', 'seller.orders.index');
    const plan = planOrders(sellerListSpec, await readInput(c));
    return ok(c, await listOrders(dbOf(c), plan, storeScope(c), sessionStoreId(c), langOf(c)));
  });

  api.put('/Seller/orders/status/edit', async (c) => {
    await guard(c, 'update', 'seller.orders.update');
    const db = dbOf(c);
    const values = validateIn(sellerStatusSchema(await expressCodes(db)), await readInput(c), langOf(c));
    await ship(c, 'seller', values, storeScope(c));
    return answerDetail(c, values.id, storeScope(c));
  });

  api.get('/Seller/orders/:id', async (c) => {
    await guard(c, 'show', 'seller.orders.show');
    return answerDetail(c, pathId(c), storeScope(c));
  });

  // ---- operator --------------------------------------------------------------------------
  api.get('/Admin/orders', requireAdmin('admin.orders.index'), async (c) => {
    const plan = planOrders(adminListSpec, await readInput(c));
    // 0: the platform's rollup (every store)
    return ok(c, await listOrders(dbOf(c), plan, undefined, 0, langOf(c)));
  });

  api.put('/Admin/orders/status/edit', requireAdmin('admin.order.edit'), async (c) => {
    const db = dbOf(c);
    const input = withNumericStatus(await readInput(c));
    const values = validateIn(adminStatusSchema(await expressCodes(db)), input, langOf(c));
    if (values.status === 3) await ship(c, 'admin', values, undefined);
    else {
      const caller = callerOf(c);
      const name = await actorName(db, caller);
      await db.transaction((tx) => cancelOrder(tx, { orderId: values.id, actor: 'admin', actorId: caller.accountId, actorName: name }));
    }
    return answerDetail(c, values.id, undefined);
  });

  api.get('/Admin/orders/:id', requireAdmin('admin.orders.show'), async (c) => answerDetail(c, pathId(c), undefined));
}
