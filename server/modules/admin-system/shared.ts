import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { admins } from '../../db/schema';
import type { AppEnv, Caller } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import type { Resource } from '../../http/crud';
import { planList } from '../../http/crud/listQuery';
import { runList, type Page } from '../../http/crud/listRun';
import type { AdminSystemMessageKey } from './messages';
import './messages';

type Row = Record<string, unknown>;
export type Executor = Db | Tx;

export const dbOf = (c: Context<AppEnv>): Db => c.get('services').db;

/** A zod refinement whose message is one of ours (translated per request by crud/validate). */
export const ours = (messageKey: AdminSystemMessageKey) => ({ params: { messageKey } });

/** A failure naming a field, with one of our messages. */
export const failField = (key: AdminSystemMessageKey, field: string, vars: Record<string, string | number> = {}, code = 422) =>
  fail(key, { field, ...vars }, code, { field });

/** An id list from a form: `role_id[]=1&role_id[]=2`, `role_id=1,2`, a JSON array, or nothing (= []). */
export const idList = (max = 1000) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string' || typeof v === 'number') return String(v).split(',').filter((p) => p.trim() !== '');
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
    return v;
  }, z.array(z.preprocess((p) => (typeof p === 'string' && /^\s*\d+\s*$/.test(p) ? Number(p) : p), z.number().int().min(1).max(2147483647))).max(max))
    .transform((ids) => [...new Set(ids)]);

/** The admin's "belong id" (reference §3.4): its belong_id when non-zero, else its own id. */
export async function adminBelongId(db: Executor, adminId: number): Promise<number> {
  const [row] = await db
    .select({ id: admins.id, belong_id: admins.belong_id })
    .from(admins)
    .where(and(eq(admins.id, adminId), isNull(admins.deleted_at)));
  if (!row) throw fail('unauthorized', undefined, 401);
  return row.belong_id > 0 ? row.belong_id : row.id;
}

export async function adminIsSuper(db: Executor, adminId: number): Promise<boolean> {
  const [row] = await db.select({ is_super: admins.is_super }).from(admins).where(and(eq(admins.id, adminId), isNull(admins.deleted_at)));
  return row?.is_super === 1;
}

export function adminOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller || caller.area !== 'admin') throw fail('unauthorized', undefined, 401);
  return caller;
}

/** One whole-number path id, or a 404 (as the generic show). */
export function pathId(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw fail('notFound', undefined, 404);
  return Number(raw);
}

type Enrich = (rows: Row[], c: Context<AppEnv>, input: Row) => Promise<Row[]>;

/**
 * The generic index (list DSL, scope, paging) whose rows are then completed by one batched
 * lookup (e.g. role names): `enrich` gets every row of the answer at once.
 */
export function indexWith(enrich: Enrich) {
  return async (c: Context<AppEnv>, r: Resource): Promise<Response> => {
    const db = dbOf(c);
    const input = await readInput(c);
    const plan = planList(r.listSpec, input);
    const scope = await r.scopeFor(c, db);
    const result = (await runList(db, r.listSource(scope), plan, (row) => r.present(row))) as Page<Row> | Row[];
    if (Array.isArray(result)) return ok(c, await enrich(result, c, input));
    return ok(c, { ...result, data: await enrich(result.data, c, input) });
  };
}

/** Rows of `ids` grouped by a key, for enrichment. */
export function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}

export const idsOf = (rows: Row[], key = 'id') => [...new Set(rows.map((row) => Number(row[key])).filter((n) => Number.isInteger(n)))];

