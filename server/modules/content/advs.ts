import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { adv_spaces, advs } from '../../db/schema';
import { defineResource, formDateTime, formFlag, formInt, formText, type WriteContext } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { formLink, formUrl } from './fields';
import './messages';
import { stampCreator } from './owner';

/** Ad spaces and ads (reference §5.10); GET /api/adv?name=<space> lists the live ads of a space. */

const invalid = (key: string, name: string, vars: Record<string, string> = { field: name }) => fail(key, vars, 422, { field: name });

export const advSpacesResource = defineResource({
  table: adv_spaces,
  area: 'admin',
  name: 'adv_spaces',
  columns: {
    readable: ['id', 'belong_id', 'name', 'width', 'height', 'created_at'],
    writable: {
      name: formText({ max: 25, min: 1 }),
      width: formInt({ min: 0, max: 10000 }).optional(),
      height: formInt({ min: 0, max: 10000 }).optional(),
    },
    filterable: ['id', 'name', 'width', 'height', 'created_at'],
  },
  softDelete: true,
  beforeWrite: stampCreator,
  unique: [{ column: 'name', message: 'content.advSpaceTaken' }],
  dependents: [{ table: advs, column: advs.pid, names: advs.name, message: 'content.spaceHasAdverts' }],
});

type Tx = WriteContext['tx'];

/** A live space, locked until the write commits (a concurrent delete waits, then sees the new advert). */
async function spaceExists(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: adv_spaces.id })
    .from(adv_spaces)
    .where(and(eq(adv_spaces.id, id), isNull(adv_spaces.deleted_at)))
    .for('share');
  return Boolean(row);
}

async function currentPeriod(tx: Tx, id: unknown) {
  const [row] = await tx.select({ adv_start: advs.adv_start, adv_end: advs.adv_end }).from(advs).where(eq(advs.id, Number(id)));
  return row;
}

export const advsResource = defineResource({
  table: advs,
  area: 'admin',
  name: 'advs',
  columns: {
    readable: ['id', 'belong_id', 'pid', 'name', 'url', 'image', 'adv_start', 'adv_end', 'is_sort', 'is_type', 'status', 'created_at'],
    writable: {
      pid: formInt({ min: 1 }),
      name: formText({ max: 25, min: 1 }),
      url: formLink(150).optional(),
      image: formUrl(150).optional(),
      adv_start: formDateTime(),
      adv_end: formDateTime(),
      is_sort: formInt({ min: 0, max: 9999 }).optional(),
      is_type: formFlag().optional(),
      status: formFlag(),
    },
    filterable: ['id', 'pid', 'name', 'adv_start', 'adv_end', 'status', 'is_type', 'created_at'],
  },
  softDelete: true,
  async beforeWrite(values, ctx) {
    if (values.pid !== undefined && !(await spaceExists(ctx.tx, values.pid))) throw invalid('content.spaceMissing', 'pid');
    if (values.adv_start !== undefined || values.adv_end !== undefined) {
      const current = ctx.action === 'update' ? await currentPeriod(ctx.tx, ctx.id) : undefined;
      const start = values.adv_start ?? current?.adv_start;
      const end = values.adv_end ?? current?.adv_end;
      if (start && end && start >= end) throw invalid('content.advPeriod', 'adv_end', {});
    }
    return stampCreator(values, ctx);
  },
});

/** The shown ads of a space running now, is_sort desc (GET /api/adv, and inlined in the home page). */
export function advertsOf(db: Db, name: string) {
  return db
    .select({
      id: advs.id,
      pid: advs.pid,
      name: advs.name,
      url: advs.url,
      image: advs.image,
      adv_start: advs.adv_start,
      adv_end: advs.adv_end,
      is_sort: advs.is_sort,
      is_type: advs.is_type,
    })
    .from(advs)
    .innerJoin(adv_spaces, and(eq(adv_spaces.id, advs.pid), isNull(adv_spaces.deleted_at)))
    .where(
      and(
        eq(adv_spaces.name, name.slice(0, 25)),
        eq(advs.status, 1),
        lte(advs.adv_start, sql`now()`),
        gt(advs.adv_end, sql`now()`),
        isNull(advs.deleted_at),
      ),
    )
    .orderBy(desc(advs.is_sort), desc(advs.id));
}

/** GET /api/adv?name=<space name> (public): shown ads of that space running now, is_sort desc. */
async function advsOfSpace(c: Context<AppEnv>) {
  const name = c.req.query('name');
  if (!name) throw fail('content.spaceNameRequired', undefined, 422, { field: 'name' });
  return ok(c, await advertsOf(c.get('services').db, name));
}

export function mountAdvs(api: Hono<AppEnv>) {
  api.get('/adv', advsOfSpace);
  mountAdminResource(api, '/Admin/adv_spaces', advSpacesResource);
  mountAdminResource(api, '/Admin/advs', advsResource);
}
