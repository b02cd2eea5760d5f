import { asc } from 'drizzle-orm';
import type { Hono } from 'hono';
import { expresses } from '../../db/schema';
import { defineResource, formText, type Resource } from '../../http/crud';
import { indexAction } from '../../http/crud/actions';
import { mountAdminResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { formCode } from './fields';
import './messages';

/** Couriers (reference §5.10, §7.2): `code` is the courier code of the tracking provider. */
export const expressesResource = defineResource({
  table: expresses,
  area: 'admin',
  name: 'expresses',
  columns: {
    readable: ['id', 'name', 'code', 'created_at'],
    writable: { name: formText({ max: 30, min: 1 }), code: formCode(10) },
    filterable: ['id', 'name', 'code', 'created_at'],
  },
  defaultOrder: asc(expresses.id),
  softDelete: true,
  unique: [{ column: 'code', message: 'content.expressCodeTaken' }],
});

export function mountExpresses(api: Hono<AppEnv>) {
  // Public dictionary of couriers (the order pages ask `isAll=true`), same list DSL.
  api.get('/expresses', (c) => indexAction(c, expressesResource as unknown as Resource));
  mountAdminResource(api, '/Admin/expresses', expressesResource);
}
