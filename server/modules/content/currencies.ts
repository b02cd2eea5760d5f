import type { Hono } from 'hono';
import { currencies, money_logs } from '../../db/schema';
import './messages';
import { defineResource, formText } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';

/** Currencies (reference §5.10): one row 人民币 / RMB / ￥ is seeded. */
export const currenciesResource = defineResource({
  table: currencies,
  area: 'admin',
  name: 'currencies',
  columns: {
    readable: ['id', 'name', 'ename', 'currency', 'currency_ename', 'content', 'created_at'],
    writable: {
      name: formText({ max: 30, min: 1 }),
      ename: formText({ max: 20, min: 1 }),
      currency: formText({ max: 20, min: 1 }),
      currency_ename: formText({ max: 20, min: 1 }),
      content: formText({ max: 2000 }).optional(),
    },
    filterable: ['id', 'name', 'ename', 'currency', 'currency_ename', 'created_at'],
  },
  softDelete: true,
  // Money logs name their currency; a currency they use stays.
  dependents: [{ table: money_logs, column: money_logs.currency_id, message: 'content.currencyInUse' }],
});

export function mountCurrencies(api: Hono<AppEnv>) {
  mountAdminResource(api, '/Admin/currencies', currenciesResource);
}
