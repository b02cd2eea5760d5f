import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { addresses, users } from '../../db/schema';
import { callerOf, requireAuth } from '../../http/auth';
import { formFlag, formText, phpTruthy } from '../../http/crud';
import { validateIn } from '../../http/crud/validate';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { defineMessages } from '../../http/messages';
import { areaIdsField, resolveAreaIds } from '../content/areas';
import { idParam, paginator, pagingOf, pathIds } from './shared';

/**
 * The shopper's delivery addresses (docs/orders-api.md "Addresses", reference §1.5, §2.6
 * AddressHomeCollection). Every write of one user runs in a transaction that first locks that
 * user's row, so the 20-address cap and "exactly one default while any address exists" hold
 * under concurrent requests; the partial unique index addresses_default_uq is the last guard.
 */
export const MAX_ADDRESSES = 20;

defineMessages({
  'address.badTel': { 'zh-cn': '请输入 11 位手机号或固定电话', en: 'Enter an 11-digit mobile number or a landline number' },
  'address.badArea': { 'zh-cn': '请选择有效的省、市、区', en: 'Choose a valid province, city and district' },
  'address.tooMany': { 'zh-cn': '最多保存 {max} 个收货地址', en: 'You can keep at most {max} addresses' },
  'address.notFound': { 'zh-cn': '收货地址不存在', en: 'No such address' },
  'address.subAccount': { 'zh-cn': '子账号不能管理收货地址', en: 'Sub-accounts cannot keep addresses' },
});

/** Mobile 1xxxxxxxxxx, or a landline: optional area code (0 + 2–3 digits), 7–8 digits, optional extension. */
const TEL = /^(1\d{10}|(0\d{2,3}-?)?[2-9]\d{6,7}(-\d{1,6})?)$/;

const text = (max: number) => formText({ max, min: 1 });

/** `area` ids (areaIdsField); any malformed value is one issue on `area` itself, not on `area.0`. */
const areaField = z.unknown().transform((v, ctx) => {
  const parsed = areaIdsField.safeParse(v);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', input: v, params: { messageKey: 'address.badArea' } });
  return z.NEVER;
});

const addressSchema = z.object({
  receive_name: text(30),
  receive_tel: formText({ max: 20, min: 1 }).refine((v) => TEL.test(v), { params: { messageKey: 'address.badTel' } }),
  address: text(120),
  area: areaField,
  is_default: formFlag().optional(),
});

/** `area[]`, or the three ids as fields (province_id, city_id, region_id) when `area` is absent. */
function withArea(input: Record<string, unknown>): Record<string, unknown> {
  if (input.area !== undefined) return input;
  const ids = [input.province_id, input.city_id, input.region_id].filter((v) => v !== undefined && v !== '' && v !== null);
  return ids.length === 0 ? input : { ...input, area: ids.map(String) };
}

const badArea = () => fail('address.badArea', undefined, 422, { field: 'area' });
const notFound = () => fail('address.notFound', undefined, 404);

const columns = {
  id: addresses.id,
  receive_name: addresses.receive_name,
  receive_tel: addresses.receive_tel,
  area_info: addresses.area_info,
  address: addresses.address,
  province_id: addresses.province_id,
  city_id: addresses.city_id,
  region_id: addresses.region_id,
  is_default: addresses.is_default,
  created_at: addresses.created_at,
};

type Row = { [K in keyof typeof columns]: (typeof addresses.$inferSelect)[K] };

/** AddressHomeResource: `is_default` a boolean, `area` the non-zero ids. */
export const presentAddress = (row: Row) => ({
  ...row,
  area: [row.province_id, row.city_id, row.region_id].filter((id) => id > 0),
  is_default: row.is_default === 1,
});

const live = (userId: number) => and(eq(addresses.user_id, userId), isNull(addresses.deleted_at));
const order = [desc(addresses.is_default), desc(addresses.id)];

async function ownRow(db: Db | Tx, userId: number, id: number) {
  const [row] = await db.select(columns).from(addresses).where(and(live(userId), eq(addresses.id, id)));
  if (!row) throw notFound();
  return row;
}

/**
 * Runs `work` in a transaction holding the caller's users row (`for update`): one writer per user
 * at a time. Staff sub-accounts are refused, as the cart refuses them.
 */
async function asOwner<T>(db: Db, userId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ belong_id: users.belong_id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.belong_id > 0) throw fail('address.subAccount', undefined, 403);
    return work(tx);
  });
}

/** Clears the caller's default (inside asOwner), so another row may take it. */
const clearDefault = (tx: Tx, userId: number) =>
  tx.update(addresses).set({ is_default: 0 }).where(and(live(userId), eq(addresses.is_default, 1)));

/** Validated fields with their area resolved (ids checked against the area tree, area_info built). */
async function valuesOf(c: Context<AppEnv>) {
  const { area, ...values } = validateIn(addressSchema, withArea(await readInput(c)), langOf(c));
  const located = await resolveAreaIds(c.get('services').db, area, badArea);
  return { ...values, ...located };
}

/** GET /api/user/addresses (`isAll=1` → array; else paged), default first, then newest. */
async function list(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  if (phpTruthy(input.isAll)) {
    const rows = await db.select(columns).from(addresses).where(live(userId)).orderBy(...order);
    return ok(c, rows.map(presentAddress));
  }
  const paging = pagingOf(input, 100, 30);
  const [{ n }] = await db.select({ n: count() }).from(addresses).where(live(userId));
  const rows = await db
    .select(columns)
    .from(addresses)
    .where(live(userId))
    .orderBy(...order)
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  return ok(c, paginator(rows.map(presentAddress), Number(n), paging));
}

/** GET /api/user/addresses/:id */
async function show(c: Context<AppEnv>) {
  const id = idParam(c.req.param('id'), 'id');
  return ok(c, presentAddress(await ownRow(c.get('services').db, callerOf(c).accountId, id)));
}

/** POST /api/user/addresses → the row. The first address is the default; at most MAX_ADDRESSES. */
async function store(c: Context<AppEnv>) {
  const userId = callerOf(c).accountId;
  const { is_default, ...values } = await valuesOf(c);
  const row = await asOwner(c.get('services').db, userId, async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(live(userId));
    if (Number(n) >= MAX_ADDRESSES) throw fail('address.tooMany', { max: MAX_ADDRESSES }, 422, { field: 'address', max: MAX_ADDRESSES });
    const makeDefault = Number(n) === 0 || is_default === 1;
    if (makeDefault) await clearDefault(tx, userId);
    const [created] = await tx
      .insert(addresses)
      .values({ ...values, user_id: userId, is_default: makeDefault ? 1 : 0 })
      .returning(columns);
    return created;
  });
  return ok(c, presentAddress(row));
}

/**
 * PUT /api/user/addresses/:id → the row. `is_default: 1` makes it the default; the default stays
 * the default when `is_default: 0` is sent (another address takes it over with its own request).
 */
async function update(c: Context<AppEnv>) {
  const userId = callerOf(c).accountId;
  const id = idParam(c.req.param('id'), 'id');
  const { is_default, ...values } = await valuesOf(c);
  const row = await asOwner(c.get('services').db, userId, async (tx) => {
    const current = await ownRow(tx, userId, id);
    if (is_default === 1 && current.is_default !== 1) await clearDefault(tx, userId);
    const [saved] = await tx
      .update(addresses)
      .set({ ...values, ...(is_default === 1 ? { is_default: 1 } : {}) })
      .where(and(live(userId), eq(addresses.id, id)))
      .returning(columns);
    return saved;
  });
  return ok(c, presentAddress(row));
}

/** DELETE /api/user/addresses/:ids — own rows; a deleted default passes to the newest remaining. */
async function destroy(c: Context<AppEnv>) {
  const userId = callerOf(c).accountId;
  const ids = pathIds(c.req.param('ids') ?? '');
  const removed = await asOwner(c.get('services').db, userId, async (tx) => {
    const rows = await tx
      .update(addresses)
      .set({ deleted_at: sql`now()`, is_default: 0 })
      .where(and(live(userId), inArray(addresses.id, ids)))
      .returning({ id: addresses.id });
    if (rows.length === 0) throw notFound();
    const [kept] = await tx.select({ id: addresses.id }).from(addresses).where(and(live(userId), eq(addresses.is_default, 1)));
    if (!kept) {
      const [newest] = await tx.select({ id: addresses.id }).from(addresses).where(live(userId)).orderBy(desc(addresses.id)).limit(1);
      if (newest) await tx.update(addresses).set({ is_default: 1 }).where(eq(addresses.id, newest.id));
    }
    return rows.length;
  });
  return ok(c, removed);
}

/** GET|PUT /api/user/addresses/default/:id → the row, now the only default. */
async function setDefault(c: Context<AppEnv>) {
  const userId = callerOf(c).accountId;
  const id = idParam(c.req.param('id'), 'id');
  const row = await asOwner(c.get('services').db, userId, async (tx) => {
    const current = await ownRow(tx, userId, id);
    if (current.is_default === 1) return current;
    await clearDefault(tx, userId);
    const [saved] = await tx.update(addresses).set({ is_default: 1 }).where(and(live(userId), eq(addresses.id, id))).returning(columns);
    return saved;
  });
  return ok(c, presentAddress(row));
}

export function mountAddresses(api: Hono<AppEnv>) {
  api.use('/user/addresses', requireAuth('user'));
  api.use('/user/addresses/*', requireAuth('user'));
  api.get('/user/addresses', list);
  api.post('/user/addresses', store);
  api.get('/user/addresses/default/:id', setDefault);
  api.put('/user/addresses/default/:id', setDefault);
  api.get('/user/addresses/:id', show);
  api.put('/user/addresses/:id', update);
  api.delete('/user/addresses/:ids', destroy);
}
