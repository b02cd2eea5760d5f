import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../../../server/http/envelope';
import { defineMessages } from '../../../server/http/messages';
import { blankAsMissing, formDateTime, formFlag, formInt, formMoney, formText } from '../../../server/http/crud/fields';
import { defineResource } from '../../../server/http/crud/resource';
import { widgets } from './widgets';

export const widgetColumns = ['id', 'store_id', 'pid', 'name', 'sku', 'note', 'qty', 'price', 'is_open', 'released_at', 'created_at'] as const;

const writable = {
  name: formText({ min: 1, max: 50 }),
  sku: blankAsMissing(formText({ min: 1, max: 40 })),
  note: formText({ max: 200 }).optional(),
  qty: formInt({ min: 0 }).optional(),
  price: formMoney().optional(),
  is_open: formFlag().optional(),
  released_at: blankAsMissing(formDateTime()),
  pid: formInt({ min: 0 }).optional(),
  store_id: formInt({ min: 0 }).optional(),
};

/** A seller-area resource: every row belongs to the session's store. */
export const sellerWidgets = defineResource({
  table: widgets,
  area: 'seller',
  name: 'widgets',
  columns: {
    readable: widgetColumns,
    writable,
    filterable: ['id', 'name', 'note', 'qty', 'price', 'released_at', 'created_at', 'is_open'],
    sortable: ['qty', 'name', 'price'],
  },
  tree: { parent: 'pid' },
  scope: ({ caller }) => {
    if (!caller) throw fail('unauthorized', undefined, 401);
    return { values: { store_id: caller.accountId } };
  },
  softDelete: true,
  beforeWrite: (values, ctx) => (ctx.action !== 'update' && !values.note ? { ...values, note: `by ${values.name}` } : values),
  afterWrite: (row) => {
    if (row.name === 'boom') throw fail('forbidden', undefined, 403);
  },
});

/** An admin-area resource over the same table: no scope, a transformer, a parameter alias, ascending order. */
export const adminWidgets = defineResource({
  table: widgets,
  area: 'admin',
  name: 'widgets',
  columns: {
    readable: ['id', 'name', 'price', 'store_id'],
    writable: { name: formText({ min: 1, max: 50 }), store_id: formInt({ min: 0 }) },
    filterable: { title: 'name', shop: 'store_id' },
  },
  defaultOrder: asc(widgets.id),
  softDelete: true,
  transform: (row) => ({ ...row, label: `${row.name} (${row.price})` }),
  importRow: z.object({ name: formText({ min: 1, max: 50 }), store_id: formInt({ min: 1 }) }),
});

defineMessages({
  'test.widgetHasChildren': { 'zh-cn': '“{name}”下还有 {count} 个子项（{names}）', en: '"{name}" still has {count} children ({names})' },
  'test.nameTaken': { 'zh-cn': '名称“{value}”已存在', en: 'The name "{value}" is taken' },
  'test.refused': { 'zh-cn': '{field} 不能是 refuse', en: '{field} cannot be refuse' },
});

/** Keys each delete of `ruledWidgets` handed to afterDelete (in the transaction). */
export const afterDeleteCalls: unknown[][] = [];

/**
 * The declarative rules of the CRUD factory on the seller widgets: `sku` unique among all live
 * rows (409), `name` unique within the store (422), children (pid) block a delete, a row named
 * 'Locked' is protected, 'refuse' is refused by the write hook.
 */
export const ruledWidgets = defineResource({
  table: widgets,
  area: 'seller',
  name: 'ruled_widgets',
  columns: {
    readable: widgetColumns,
    writable,
    filterable: ['id', 'name', 'qty', 'price'],
  },
  tree: { parent: 'pid' },
  scope: ({ caller }) => {
    if (!caller) throw fail('unauthorized', undefined, 401);
    return { values: { store_id: caller.accountId } };
  },
  softDelete: true,
  unique: [
    { column: 'sku', global: true },
    { column: 'name', message: 'test.nameTaken', status: 422 },
  ],
  dependents: [{ table: widgets, column: widgets.pid, names: widgets.name, message: 'test.widgetHasChildren' }],
  beforeWrite: (values) => {
    if (values.name === 'refuse') throw fail('test.refused', { field: 'name' }, 422, { field: 'name' });
    return values;
  },
  beforeDelete: (rows) => {
    if (rows.some((row) => row.label === 'Locked')) throw fail('forbidden', undefined, 403, { field: 'ids' });
  },
  afterDelete: (keys) => {
    afterDeleteCalls.push([...keys]);
  },
});
