import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { file_spaces, goods, goods_attrs, money_logs, order_comments, store_classes, stores, users } from '../../db/schema';
import { defineResource, firstNames, formFlag, formInt, formText, planList, runList, type DeleteRow, type Resource } from '../../http/crud';
import { guardWrite } from '../../http/crud/dbErrors';
import { jsonSafe } from '../../http/crud/present';
import { validateIn } from '../../http/crud/validate';
import { mountAdminResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { areaHasChildren, areasById } from '../content/areas';
import { formUrl } from '../content/fields';
import { formRichText } from '../content/richText';
import { classChain, MAX_CLASS_LEVEL, parseTriples, type Exec } from './classes';
import './messages';
import { documentRefs, isDocumentValue, withSignedDocuments } from '../../storage/privateFiles';

/** '' or an identity document's address: an upload path, an http(s) URL, a signed private address. */
const formDocument = () =>
  formText({ max: 150 }).refine(isDocumentValue, { params: { messageKey: 'content.badUrl' } });

/**
 * /api/Admin/stores (reference §1.7, §6.9): the store list by review tab with the tab counts,
 * the full store (documents included: this is the platform's review screen), and the admin's
 * edit — store fields, open/close (`store_status`), review (`store_verify`, `store_refuse_info`)
 * and the classes it may sell in. Money columns are read-only here.
 *
 * Delete (2026-11-25, QA: the page's Delete called a route that did not exist) takes only an
 * empty application: never an approved store (close it instead), and never a store that still
 * has goods, staff, money (balance, frozen money or any money log), reviews, attributes or
 * images. What is left is an application (drafting, in review or refused) of nothing but its
 * documents: it goes with its class list, and its owner is back to "no application" (the
 * shop's `/api/store` reads live rows only), free to apply again.
 */

export const adminStoresResource = defineResource({
  table: stores,
  area: 'admin',
  name: 'stores',
  columns: {
    readable: [
      'id', 'user_id', 'store_name', 'store_logo', 'store_company_name', 'area_info', 'store_mobile',
      'store_status', 'store_verify', 'store_refuse_info', 'created_at', 'updated_at',
    ],
    writable: {},
    filterable: ['id', 'user_id', 'store_name', 'store_company_name', 'store_status', 'store_verify', 'created_at'],
    sortable: ['id', 'created_at', 'updated_at'],
  },
  softDelete: true,
  label: 'store_name',
  beforeDelete: async (rows, { tx }) => {
    const approved = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(inArray(stores.id, keysOf(rows)), eq(stores.store_verify, 4)));
    const first = rows.find((row) => approved.some((a) => a.id === Number(row.key)));
    if (first) throw fail('catalogue.storeApproved', { name: first.label }, 422, { field: 'ids' });
  },
  dependents: [
    { table: goods, column: goods.store_id, names: goods.goods_name, message: 'catalogue.storeHasGoods' },
    {
      // Staff sub-accounts point at the store's owner (belong_id).
      message: 'catalogue.storeHasStaff',
      query: (tx, rows) =>
        tx
          .select({ key: stores.id, count: count(), names: firstNames(users.username) })
          .from(stores)
          .innerJoin(users, and(eq(users.belong_id, stores.user_id), isNull(users.deleted_at)))
          .where(and(inArray(stores.id, keysOf(rows)), gt(stores.user_id, 0)))
          .groupBy(stores.id),
    },
    {
      message: 'catalogue.storeHasMoney',
      query: async (tx, rows) => {
        const held = await tx
          .select({ key: stores.id, money: stores.store_money, frozen: stores.store_frozen_money })
          .from(stores)
          .where(and(inArray(stores.id, keysOf(rows)), or(ne(stores.store_money, '0'), ne(stores.store_frozen_money, '0'))));
        return held.map(({ key, ...vars }) => ({ key, count: 1, vars }));
      },
    },
    { table: money_logs, column: money_logs.user_id, where: eq(money_logs.is_belong, 1), message: 'catalogue.storeHasMoneyLogs' },
    { table: order_comments, column: order_comments.store_id, message: 'catalogue.storeHasReviews' },
    { table: goods_attrs, column: goods_attrs.store_id, names: goods_attrs.name, message: 'catalogue.storeHasAttrs' },
    { table: file_spaces, column: file_spaces.belong_id, names: file_spaces.name, message: 'catalogue.storeHasImages' },
  ],
  // Its list of classes goes with it.
  afterDelete: async (ids, { tx }) => {
    await tx
      .update(store_classes)
      .set({ deleted_at: sql`now()` })
      .where(and(inArray(store_classes.store_id, ids as number[]), isNull(store_classes.deleted_at)));
  },
});

function keysOf(rows: readonly DeleteRow[]): number[] {
  return rows.map((row) => Number(row.key));
}

const issue = (ctx: z.core.$RefinementCtx, input: unknown, messageKey: string) => ctx.addIssue({ code: 'custom', input, params: { messageKey } });

const coordinate = (limit: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = String(v).trim();
    if (!/^-?\d{1,3}(\.\d{1,12})?$/.test(text) || Math.abs(Number(text)) > limit) {
      issue(ctx, v, 'crud.badValue');
      return z.NEVER;
    }
    return text;
  });

const areaIds = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter((s) => s !== '' && s !== '0'))
  .pipe(z.array(z.string().regex(/^\d{1,9}$/)).min(2).max(3))
  .transform((list) => list.map(Number));

/** `class_id`: `[[l1, l2, l3], …]` as nested form arrays, a JSON string, or JSON. */
const classTriples = z.unknown().transform((v, ctx) => {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = v.trim() === '' ? [] : JSON.parse(v);
    } catch {
      issue(ctx, v, 'catalogue.badClassTriples');
      return z.NEVER;
    }
  }
  const toList = (x: unknown): unknown[] | undefined =>
    Array.isArray(x) ? x : x && typeof x === 'object' && Object.keys(x).every((k) => /^\d+$/.test(k)) ? Object.values(x) : undefined;
  const outer = toList(value);
  const triples = outer?.map((t) => toList(t)?.map((n) => (typeof n === 'string' || typeof n === 'number' ? Number(n) : NaN)));
  if (!triples || triples.length > 500 || triples.some((t) => !t || t.length !== MAX_CLASS_LEVEL || t.some((n) => !Number.isSafeInteger(n) || n < 1))) {
    issue(ctx, v, 'catalogue.badClassTriples');
    return z.NEVER;
  }
  return triples as number[][];
});

const updateSchema = z
  .object({
    store_name: formText({ max: 30, min: 1 }),
    store_logo: formUrl(150),
    store_face_image: formUrl(150),
    store_mobile: formText({ max: 20 }),
    store_description: formText({ max: 150 }),
    store_company_name: formText({ max: 30 }),
    area: areaIds,
    store_address: formText({ max: 80 }),
    store_lat: coordinate(90),
    store_lng: coordinate(180),
    business_license: formDocument(),
    business_license_no: formText({ max: 40 }),
    legal_person: formText({ max: 10 }),
    store_phone: formText({ max: 12 }),
    id_card_no: formText({ max: 30 }),
    id_card_t: formDocument(),
    id_card_b: formDocument(),
    emergency_contact: formText({ max: 10 }),
    emergency_contact_phone: formText({ max: 12 }),
    after_sale_service: formRichText(),
    class_id: classTriples,
    store_status: formFlag(),
    store_verify: formInt({ min: 1, max: 4 }),
    store_refuse_info: formText({ max: 200 }),
  })
  .partial();

const invalid = (key: string, field: string) => fail(key, { field }, 422, { field });

async function resolveArea(db: Exec, ids: number[]) {
  const found = await areasById(db as Db, ids);
  const [province, city, region] = ids.map((id) => found.get(id));
  if (!province || province.deep !== 0 || !city || city.deep !== 1 || city.pid !== province.code) throw invalid('catalogue.badArea', 'area');
  if (ids.length === 3 && (!region || region.deep !== 2 || region.pid !== city.code)) throw invalid('catalogue.badArea', 'area');
  if (ids.length === 2 && (await areaHasChildren(db, city.code))) throw invalid('catalogue.badArea', 'area');
  return {
    province_id: province.id,
    city_id: city.id,
    region_id: region?.id ?? 0,
    area_info: [province.name, city.name, region?.name].filter(Boolean).join(' ').slice(0, 60),
  };
}

async function checkTriples(db: Exec, triples: number[][]) {
  for (const triple of triples) {
    const chain = await classChain(db, triple[MAX_CLASS_LEVEL - 1]);
    const path = chain?.map((c) => c.id).reverse();
    if (!path || path.join(',') !== triple.join(',')) throw invalid('catalogue.badClassTriples', 'class_id');
  }
}

const { deleted_at: _deleted, ...SHOWN } = getTableColumns(stores);

async function storeClassTriples(db: Exec, storeId: number): Promise<number[][]> {
  const rows = await db
    .select({ class_id: store_classes.class_id })
    .from(store_classes)
    .where(and(eq(store_classes.store_id, storeId), isNull(store_classes.deleted_at)))
    .orderBy(asc(store_classes.id));
  return rows.flatMap((row) => parseTriples(row.class_id));
}

/** A store with its identity documents as signed addresses (the operator reviews them). */
async function storeDetail(db: Exec, id: number, secret: string) {
  const [row] = await db.select(SHOWN).from(stores).where(and(eq(stores.id, id), isNull(stores.deleted_at)));
  if (!row) return undefined;
  const list = (text: string) => text.split(',').filter(Boolean);
  return jsonSafe({
    ...withSignedDocuments(secret, row),
    area: [row.province_id, row.city_id, row.region_id].filter((n) => n > 0),
    store_slide: list(row.store_slide),
    store_mobile_slide: list(row.store_mobile_slide),
    class_id: await storeClassTriples(db, id),
  });
}

/** GET /Admin/stores: the list (tab by `store_verify`, search `store_name=x|like`) + `count` per review state. */
async function indexStores(c: Context<AppEnv>, r: Resource): Promise<Response> {
  const db = c.get('services').db;
  const plan = planList(r.listSpec, await readInput(c));
  const list = await runList(db, r.listSource(await r.scopeFor(c, db)), plan, (row) => r.present(row));
  if (Array.isArray(list)) return ok(c, list);
  const counts = await db
    .select({ verify: stores.store_verify, n: sql<number>`count(*)::int` })
    .from(stores)
    .where(isNull(stores.deleted_at))
    .groupBy(stores.store_verify);
  const n = (verify: number) => counts.find((row) => row.verify === verify)?.n ?? 0;
  return ok(c, { ...list, count: { pass: n(4), wait: n(2), error: n(3), create: n(1) } });
}

async function showStore(c: Context<AppEnv>): Promise<Response> {
  const raw = c.req.param('id') ?? '';
  const detail = /^\d{1,9}$/.test(raw) ? await storeDetail(c.get('services').db, Number(raw), c.get('services').config.jwtSecret) : undefined;
  if (!detail) throw fail('notFound', undefined, 404);
  return ok(c, detail);
}

/**
 * PUT /Admin/stores/:id. Review: `store_verify` 4 approves (not a draft that was never submitted;
 * clears the refusal reason and opens the store unless the request changes `store_status` itself), 3 denies (not a draft either) and needs a non-empty `store_refuse_info`; 1 and 2 send
 * the application back. `store_status` opens (1) or closes (0) the store.
 */
async function updateStore(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('services').db;
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw fail('notFound', undefined, 404);
  const id = Number(raw);
  const input = await readInput(c);
  const secret = c.get('services').config.jwtSecret;
  const parsed = documentRefs(secret, validateIn(updateSchema, input, langOf(c)));
  const sent = Object.fromEntries(Object.entries(parsed).filter(([key, value]) => Object.hasOwn(input, key) && value !== undefined)) as typeof parsed;
  await guardWrite(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: stores.id, store_verify: stores.store_verify, store_status: stores.store_status })
        .from(stores)
        .where(and(eq(stores.id, id), isNull(stores.deleted_at)))
        .for('update');
      if (!current) throw fail('notFound', undefined, 404);
      const { area, class_id: triples, ...values } = sent;
      const changes: Partial<typeof stores.$inferInsert> = { ...values };
      if (area) Object.assign(changes, await resolveArea(tx, area));
      if (values.store_verify !== undefined && values.store_verify !== current.store_verify) {
        if (values.store_verify === 4) {
          if (current.store_verify === 1) throw invalid('catalogue.cannotApproveDraft', 'store_verify');
          changes.store_refuse_info = '';
          // Approval opens the store (the applicant is told "your store is open"); the reference
          // left it closed until a separate click. A status the same request changes wins (the
          // edit form sends the unchanged one along), and the operator may close it later.
          if (values.store_status === undefined || values.store_status === current.store_status) changes.store_status = 1;
        }
        if (values.store_verify === 3) {
          // Like approval, a denial answers an application: a draft never submitted has none.
          if (current.store_verify === 1) throw invalid('catalogue.cannotDenyDraft', 'store_verify');
          if (!values.store_refuse_info) throw invalid('catalogue.refuseRequired', 'store_refuse_info');
        }
      }
      if (Object.keys(changes).length) await tx.update(stores).set(changes).where(eq(stores.id, id));
      if (triples) {
        await checkTriples(tx, triples);
        const content = JSON.stringify(triples);
        const done = await tx
          .update(store_classes)
          .set({ class_id: content })
          .where(and(eq(store_classes.store_id, id), isNull(store_classes.deleted_at)))
          .returning({ id: store_classes.id });
        if (!done.length) await tx.insert(store_classes).values({ store_id: id, class_id: content });
      }
    }),
  );
  return ok(c, await storeDetail(db, id, secret));
}

export function mountAdminStores(api: Hono<AppEnv>) {
  mountAdminResource(api, '/Admin/stores', adminStoresResource, {
    only: ['index', 'show', 'update', 'destroy'],
    handlers: { index: indexStores, show: showStore, update: updateStore },
  });
}
