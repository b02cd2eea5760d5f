import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { goods_classes, store_classes, stores, users } from '../../db/schema';
import { callerOf, requireAuth } from '../../http/auth';
import { formText } from '../../http/crud';
import { jsonSafe } from '../../http/crud/present';
import { validateIn } from '../../http/crud/validate';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { areaIdsField, resolveAreaIds } from '../content/areas';
import { isFileUrl } from '../content/fields';
import { shopMessage } from './messages';
import { splitList, type Executor } from './shared';
import { documented } from '../../openapi/describe';
import { documentRefs, isDocumentValue, uploaderOf, withSignedDocuments } from '../../storage/privateFiles';

/**
 * The store application of a shopper (docs/catalogue-api.md, reference §6.9): GET /api/store,
 * POST /api/store/join (a draft, verify 1), PUT /api/store (every step-2 field, only while the
 * draft is new or refused: verify 1 or 3 → 2; writes store_classes).
 */
const VERIFY = { applying: 1, submitted: 2, rejected: 3, approved: 4 } as const;

type Ctx = z.core.$RefinementCtx;
const issue = (ctx: Ctx, input: unknown, messageKey: string, vars?: Record<string, string | number>) =>
  ctx.addIssue({ code: 'custom', input, params: { messageKey, vars } });

const text = (max: number) => formText({ max, min: 1 });
const image = () => text(150).refine(isFileUrl, { params: { messageKey: 'content.badUrl' } });
/** An identity document: an upload address, or the signed address of a private upload (storage/privateFiles.ts). */
const document = () => text(150).refine((v) => isFileUrl(v) || isDocumentValue(v), { params: { messageKey: 'content.badUrl' } });
const mobile = (field: string) =>
  text(11).refine((v) => /^1[3-9]\d{9}$/.test(v), { params: { messageKey: 'shop.badPhone', vars: { field } } });

/** 18-digit resident ID number with its ISO 7064 MOD 11-2 check character. */
export function isIdCardNo(value: string): boolean {
  if (!/^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return '10X98765432'[sum % 11] === value[17].toUpperCase();
}

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** Unified social credit code (GB 32100-2015): 18 characters with its check character. */
export function isCreditCode(value: string): boolean {
  const code = value.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = weights.reduce((total, weight, i) => total + weight * CREDIT_CODE_CHARS.indexOf(code[i]), 0);
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31] === code[17];
}


/** Business classes: [l1, l2, l3] triples (or bare level-3 ids), as form arrays or a JSON string. */
const classIds = z
  .unknown()
  .transform((v, ctx) => {
    let value = v;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        issue(ctx, v, 'shop.badClasses');
        return z.NEVER;
      }
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) value = Object.values(value);
    if (!Array.isArray(value) || value.length === 0 || value.length > 100) {
      issue(ctx, v, 'shop.badClasses');
      return z.NEVER;
    }
    const paths: number[][] = [];
    for (const entry of value) {
      const raw = entry && typeof entry === 'object' ? Object.values(entry as object) : [entry];
      const ids = raw.map((part) => (typeof part === 'number' || typeof part === 'string' ? String(part).trim() : ''));
      if (!(ids.length === 1 || ids.length === 3) || ids.some((id) => !/^\d{1,9}$/.test(id) || Number(id) < 1)) {
        issue(ctx, v, 'shop.badClasses');
        return z.NEVER;
      }
      paths.push(ids.map(Number));
    }
    return paths;
  });

export const applicationSchema = z.object({
  store_logo: image(),
  store_name: text(30),
  class_id: classIds,
  store_company_name: text(30),
  area: areaIdsField,
  store_address: text(50),
  business_license: document(),
  business_license_no: text(18).refine(isCreditCode, { params: { messageKey: 'shop.badLicence' } }),
  legal_person: text(10),
  store_phone: mobile('store_phone'),
  id_card_no: text(18).refine(isIdCardNo, { params: { messageKey: 'shop.badIdCard' } }),
  id_card_t: document(),
  id_card_b: document(),
  emergency_contact: text(10),
  emergency_contact_phone: mobile('emergency_contact_phone'),
});

const badArea = () => fail('shop.badArea', undefined, 422, { field: 'area' });

const resolveArea = (db: Executor, ids: number[]) => resolveAreaIds(db as Db, ids, badArea);

/** Level-3 classes (given alone or as a full path) → their verified [l1, l2, l3] paths and names. */
async function resolveClasses(db: Executor, paths: number[][]) {
  const leafIds = [...new Set(paths.map((path) => path[path.length - 1]))];
  const c2 = alias(goods_classes, 'c2');
  const c1 = alias(goods_classes, 'c1');
  const rows = await db
    .select({ l3: goods_classes.id, l2: c2.id, l1: c1.id, name: goods_classes.name })
    .from(goods_classes)
    .innerJoin(c2, and(eq(c2.id, goods_classes.pid), isNull(c2.deleted_at)))
    .innerJoin(c1, and(eq(c1.id, c2.pid), eq(c1.pid, 0), isNull(c1.deleted_at)))
    .where(and(inArray(goods_classes.id, leafIds), isNull(goods_classes.deleted_at)));
  const byLeaf = new Map(rows.map((row) => [row.l3, row]));
  const bad = () => fail('shop.badClasses', undefined, 422, { field: 'class_id' });
  for (const path of paths) {
    const row = byLeaf.get(path[path.length - 1]);
    if (!row || (path.length === 3 && (path[0] !== row.l1 || path[1] !== row.l2))) throw bad();
  }
  const resolved = leafIds.map((id) => byLeaf.get(id)!);
  return { triples: resolved.map((r) => [r.l1, r.l2, r.l3]), names: resolved.map((r) => r.name).join(',') };
}

/** The caller's store row (all columns), or undefined. Staff sub-accounts see their owner's. */
async function storeOf(db: Executor, userId: number) {
  const [row] = await db.select().from(stores).where(and(eq(stores.user_id, userId), isNull(stores.deleted_at)));
  return row;
}

async function classTriples(db: Executor, storeId: number): Promise<number[][]> {
  const rows = await db
    .select({ class_id: store_classes.class_id })
    .from(store_classes)
    .where(and(eq(store_classes.store_id, storeId), isNull(store_classes.deleted_at)));
  const out: number[][] = [];
  for (const row of rows) {
    try {
      const value = JSON.parse(row.class_id);
      if (Array.isArray(value)) for (const path of value) if (Array.isArray(path)) out.push(path.map(Number));
    } catch {
      /* a damaged row shows as no classes */
    }
  }
  return out;
}

/** StoreResource for its owner: every column except money, class_id as triples, area ids, documents as signed addresses. */
async function presentOwn(db: Executor, row: typeof stores.$inferSelect, secret: string) {
  const { store_money: _m, store_frozen_money: _f, deleted_at: _d, ...rest } = row;
  return jsonSafe({
    ...withSignedDocuments(secret, rest),
    area: [row.province_id, row.city_id, row.region_id].filter((id) => id > 0),
    class_id: await classTriples(db, row.id),
    store_slide: splitList(row.store_slide),
    store_mobile_slide: splitList(row.store_mobile_slide),
  });
}

/** The caller, refused when it is a staff sub-account (they cannot apply). */
async function mainAccount(db: Db, userId: number) {
  const [user] = await db.select({ belong_id: users.belong_id }).from(users).where(eq(users.id, userId));
  if (!user || user.belong_id > 0) throw fail('shop.subAccountStore', undefined, 403);
}

/**
 * GET /api/store: the caller's own application. Staff sub-accounts get nothing (403): the
 * owner's application holds identity documents (ID card number and images, licence).
 */
async function show(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  await mainAccount(db, userId);
  const row = await storeOf(db, userId);
  if (!row) return ok(c, null, shopMessage('shop.storeNotJoin', langOf(c)));
  return ok(c, await presentOwn(db, row, c.get('services').config.jwtSecret));
}

/**
 * POST /api/store/join: a draft with no name yet. (The column's default, the reference's
 * placeholder 神秘商户, would come back from GET /api/store and pre-fill the applicant's form as
 * if they had chosen it.)
 */
async function join(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  await mainAccount(db, userId);
  const created = await db
    .insert(stores)
    .values({ user_id: userId, store_name: '', store_verify: VERIFY.applying, store_status: 0 })
    .onConflictDoNothing()
    .returning();
  if (created.length === 0) {
    const existing = await storeOf(db, userId);
    throw fail('shop.storeExists', undefined, 409, existing ? await presentOwn(db, existing, c.get('services').config.jwtSecret) : []);
  }
  return ok(c, await presentOwn(db, created[0], c.get('services').config.jwtSecret));
}

/** PUT /api/store */
async function submit(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  await mainAccount(db, userId);
  const { area, class_id, ...sent } = validateIn(applicationSchema, await readInput(c), langOf(c));
  // documents uploaded privately are kept as their keys, and only the applicant's own
  const secret = c.get('services').config.jwtSecret;
  const values = documentRefs(secret, sent, uploaderOf(callerOf(c)));
  const current = await storeOf(db, userId);
  if (!current) throw fail('shop.storeNoDraft', undefined, 404);
  if (current.store_verify !== VERIFY.applying && current.store_verify !== VERIFY.rejected)
    throw fail('shop.storeNotEditable', undefined, 409, { store_verify: current.store_verify });
  const located = await resolveArea(db, area);
  const classes = await resolveClasses(db, class_id);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(stores)
      .set({ ...values, ...located, store_verify: VERIFY.submitted, store_refuse_info: '' })
      .where(and(eq(stores.id, current.id), inArray(stores.store_verify, [VERIFY.applying, VERIFY.rejected]), isNull(stores.deleted_at)))
      .returning();
    if (!row) throw fail('shop.storeNotEditable', undefined, 409);
    await tx.update(store_classes).set({ deleted_at: sql`now()` }).where(and(eq(store_classes.store_id, row.id), isNull(store_classes.deleted_at)));
    await tx.insert(store_classes).values({ store_id: row.id, class_id: JSON.stringify(classes.triples), class_name: classes.names });
    return row;
  });
  return ok(c, await presentOwn(db, saved, secret));
}

export function mountStoreApply(api: Hono<AppEnv>) {
  api.use('/store', requireAuth('user'));
  api.use('/store/join', requireAuth('user'));
  api.get('/store', show);
  api.post('/store/join', join);
  api.put('/store', documented('PUT', { area: 'user', input: applicationSchema }), submit);
}
