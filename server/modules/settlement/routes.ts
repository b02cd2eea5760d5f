import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { fromCents } from '../../db/money';
import { admins, money_logs, order_settlements } from '../../db/schema';
import { authenticate, callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { defineResource, mountResource } from '../../http/crud';
import { adminGuard, sellerGuard, storeIdOf } from '../../http/crud-guards';
import { langOf, ok } from '../../http/envelope';
import { adminRoutes } from '../../http/routes';
import { mountCashes } from './cashRoutes';
import { settlementDeps } from './deps';
import { settleMessage } from './messages';
import { settleOrders } from './settle';

/**
 * Settlement routes (reference §1.6, §1.7, §6.13; docs/settlement.md): the settlements of every
 * store (`/api/Admin/order_settlements`) and of the caller's store (`/api/Seller/order_settlements`),
 * read-only; `GET|POST /api/Admin/order_settlement_handle` runs a settlement now (手动结算);
 * the shopper's own money logs (`/api/user/money_logs?is_type=0|1|2`); and the withdrawals.
 */
const READABLE = [
  'id', 'order_id', 'order_no', 'user_id', 'store_id', 'settlement_no', 'total_price', 'refund_money',
  'commission_rate', 'commission', 'referral_money', 'settlement_price', 'status', 'info', 'created_at',
] as const;
const FILTERABLE = ['id', 'order_id', 'order_no', 'store_id', 'settlement_no', 'status', 'created_at'] as const;

export const adminSettlements = defineResource({
  table: order_settlements,
  area: 'admin',
  name: 'order_settlements',
  columns: { readable: READABLE, writable: {}, filterable: FILTERABLE },
  softDelete: true,
});

const sellerSettlements = defineResource({
  table: order_settlements,
  area: 'seller',
  name: 'order_settlements',
  columns: { readable: READABLE, writable: {}, filterable: FILTERABLE },
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  softDelete: true,
});

/** The shopper's own money logs (screens §3.29 平台资金 / 冻结资金 / 平台积分), read-only. */
const userMoneyLogs = defineResource({
  table: money_logs,
  area: 'user',
  name: 'money_logs',
  columns: { readable: ['id', 'name', 'money', 'is_type', 'info', 'created_at'], writable: {}, filterable: ['is_type', 'name', 'money', 'created_at'] },
  scope: ({ caller }) => ({ values: { user_id: caller?.accountId ?? 0, is_belong: 0 } }),
  softDelete: true,
});

async function settleNow(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const me = callerOf(c);
  const [operator] = await db.select({ username: admins.username }).from(admins).where(eq(admins.id, me.accountId));
  const result = await settleOrders(db, { manual: true, operator: operator?.username ?? String(me.accountId), referral: settlementDeps.referral });
  const lang = langOf(c);
  const amount = fromCents(result.cents);
  const msg = result.settled === 0 ? settleMessage('settle.none', lang) : settleMessage('settle.done', lang, { count: result.settled, amount });
  return ok(c, { settlement_no: result.settlementNo, settled: result.settled, waiting: result.failed, amount }, msg);
}

export function mountSettlement(api: Hono<AppEnv>): void {
  adminRoutes(api).on(['GET', 'POST'], '/order_settlement_handle', 'admin.order_settlements.handle', settleNow);
  mountResource(api, '/Admin/order_settlements', adminSettlements, adminGuard(['admin.order_settlements.index', 'admin.order_settlements.show']), { only: ['index', 'show'] });
  mountResource(api, '/Seller/order_settlements', sellerSettlements, sellerGuard('/Seller/order_settlements'), { only: ['index', 'show'] });
  mountResource(api, '/user/money_logs', userMoneyLogs, async (c) => void (await authenticate(c, 'user')), { only: ['index'] });
  mountCashes(api);
}
