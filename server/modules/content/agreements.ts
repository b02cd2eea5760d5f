import { and, eq, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { agreements } from '../../db/schema';
import { defineResource, formText } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { formCode } from './fields';
import './messages';
import { formRichText } from './richText';

/** Agreements (reference §5.10): `ename` is the unique call name of GET /api/agreements/:ename. */
export const agreementsResource = defineResource({
  table: agreements,
  area: 'admin',
  name: 'agreements',
  columns: {
    readable: ['id', 'name', 'ename', 'content', 'created_at', 'updated_at'],
    writable: { name: formText({ max: 15, min: 1 }), ename: formCode(15), content: formRichText().optional() },
    filterable: ['id', 'name', 'ename', 'created_at'],
  },
  softDelete: true,
  unique: [{ column: 'ename', message: 'content.agreementTaken' }],
});

async function agreementByName(c: Context<AppEnv>) {
  const ename = c.req.param('ename') ?? '';
  const [row] = await c
    .get('services')
    .db.select(agreementsResource.fields as never)
    .from(agreements)
    .where(and(eq(agreements.ename, ename.slice(0, 15)), isNull(agreements.deleted_at)))
    .limit(1);
  if (!row) throw fail('notFound', undefined, 404);
  return ok(c, agreementsResource.present(row));
}

export function mountAgreements(api: Hono<AppEnv>) {
  api.get('/agreements/:ename', agreementByName);
  mountAdminResource(api, '/Admin/agreements', agreementsResource);
}
