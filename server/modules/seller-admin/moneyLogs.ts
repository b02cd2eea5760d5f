import type { Hono } from 'hono';
import { money_logs } from '../../db/schema';
import { defineResource, mountResource } from '../../http/crud';
import { sellerGuard, storeIdOf } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { onlyActions } from './scope';

/** The store's own balance changes (money_logs with user_id = store id and is_belong = 1), read-only. */
export const sellerMoneyLogsResource = defineResource({
  table: money_logs,
  area: 'seller',
  name: 'money_logs',
  columns: {
    readable: ['id', 'name', 'money', 'is_type', 'is_belong', 'info', 'created_at'],
    writable: {},
    filterable: ['id', 'name', 'money', 'is_type', 'is_belong', 'info', 'created_at'],
  },
  scope: (ctx) => ({ values: { user_id: storeIdOf(ctx), is_belong: 1 } }),
  softDelete: true,
});

export function mountSellerMoneyLogs(api: Hono<AppEnv>) {
  mountResource(api, '/Seller/money_logs', sellerMoneyLogsResource, onlyActions(sellerGuard('/Seller/money_logs'), ['index', 'show']));
}
