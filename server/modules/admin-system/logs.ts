import type { Hono } from 'hono';
import { money_logs, sms, sms_logs } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { defineResource, formText, type Resource } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import { ours } from './shared';

/**
 * Money logs (read-only), SMS templates and SMS logs (reference §1.7, screens §4.3): the
 * generic CRUD. SMS logs keep the reference's fields, but the code of a log still pending (status
 * 1: sent and not yet used, locked or failed) is masked: whoever may read the logs could
 * otherwise register or reset a password with someone else's code.
 */
export const PENDING_CODE_MASK = '******';
export const moneyLogsResource = defineResource({
  table: money_logs,
  area: 'admin',
  name: 'money_logs',
  columns: {
    readable: ['id', 'user_id', 'name', 'ename', 'money', 'is_type', 'is_belong', 'currency_id', 'info', 'created_at', 'updated_at'],
    writable: {},
    filterable: ['id', 'user_id', 'name', 'money', 'is_type', 'is_belong', 'info', 'created_at'],
    sortable: ['id', 'money', 'created_at'],
  },
  softDelete: true,
});

export const smsResource = defineResource({
  table: sms,
  area: 'admin',
  name: 'sms',
  columns: {
    readable: ['id', 'name', 'code', 'content', 'description', 'created_at', 'updated_at'],
    writable: {
      name: formText({ min: 1, max: 30 }).refine((v) => /^[A-Za-z0-9_]+$/.test(v), ours('smsName')),
      code: formText({ min: 1, max: 30 }),
      content: formText({ min: 1, max: 25 }),
      description: formText({ max: 30 }).optional(),
    },
    filterable: ['id', 'name', 'code', 'content', 'description', 'created_at'],
    sortable: ['id', 'name', 'created_at'],
  },
  softDelete: true,
  // The SMS sender looks templates up by this name.
  unique: [{ column: 'name', message: 'smsNameTaken' }],
});

export const smsLogsResource = defineResource({
  table: sms_logs,
  area: 'admin',
  name: 'sms_logs',
  columns: {
    readable: ['id', 'phone', 'name', 'content', 'status', 'error_msg', 'ip', 'attempts', 'used_at', 'created_at', 'updated_at'],
    writable: {},
    // `IP` is the reference search form's (mis-cased) parameter for the ip column.
    filterable: { id: 'id', phone: 'phone', name: 'name', status: 'status', ip: 'ip', IP: 'ip', created_at: 'created_at' },
    sortable: ['id', 'created_at'],
  },
  softDelete: true,
  transform: (row) => (row.status === 1 ? { ...row, content: PENDING_CODE_MASK } : row),
});

export function mountLogs(api: Hono<AppEnv>): void {
  mountAdminResource(api, '/Admin/money_logs', moneyLogsResource as unknown as Resource, { only: ['index', 'show'] });
  mountAdminResource(api, '/Admin/sms', smsResource as unknown as Resource);
  mountAdminResource(api, '/Admin/sms_logs', smsLogsResource as unknown as Resource, { only: ['index', 'show', 'destroy'] });
}
