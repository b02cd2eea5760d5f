import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../../db/client';
import { distribution_logs, users } from '../../db/schema';
import { callerOf, requireAuth } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { paginator, pagingOf } from '../shop/shared';
import './messages';

/**
 * The shopper's referral page (screens §3.31, reference §1.5 with bug S5 fixed: invitees are
 * shown by nickname, avatar and date only, never whole `users` rows):
 *   GET /user/distribution → {user_id, invite_path, counts: [level 1, 2, 3], commission_total, commission_count}
 *   GET /user/distributions?lev=0|1|2 → the people invited on that level (paged)
 *   GET /user/distribution_logs → the commissions earned (paged, newest first)
 */
const dbOf = (c: Context<AppEnv>) => c.get('services').db;
const live = isNull(users.deleted_at);

/** The condition "invited on `level` (0 direct, 1 second, 2 third) below `userId`". */
function levelWhere(db: Db, userId: number, level: number): SQL {
  let where: SQL = eq(users.inviter_id, userId);
  for (let i = 0; i < level; i++) {
    const parents = db.select({ id: users.id }).from(users).where(and(where, live));
    where = inArray(users.inviter_id, parents);
  }
  return and(where, live)!;
}

function levelOf(raw: unknown): number {
  if (raw === undefined || raw === '') return 0;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[012]$/.test(text)) throw fail('distribution.badLevel', undefined, 422, { field: 'lev' });
  return Number(text);
}

async function summary(c: Context<AppEnv>) {
  const db = dbOf(c);
  const userId = callerOf(c).accountId;
  const counts = await Promise.all([0, 1, 2].map(async (level) => Number((await db.select({ n: count() }).from(users).where(levelWhere(db, userId, level)))[0].n)));
  const [logs] = await db
    .select({ total: sql<string>`coalesce(sum(${distribution_logs.commission}), 0)::numeric(12,2)::text`, n: count() })
    .from(distribution_logs)
    .where(and(eq(distribution_logs.user_id, userId), isNull(distribution_logs.deleted_at)));
  return ok(c, { user_id: userId, invite_path: `/register?inviter_id=${userId}`, counts, commission_total: logs.total, commission_count: Number(logs.n) });
}

async function invitees(c: Context<AppEnv>) {
  const db = dbOf(c);
  const input = await readInput(c);
  const level = levelOf(input.lev);
  const paging = pagingOf(input, 100, 20);
  const where = levelWhere(db, callerOf(c).accountId, level);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id, nickname: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username})`, avatar: users.avatar, created_at: users.created_at })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  return ok(c, paginator(rows, Number(n), paging));
}

async function logs(c: Context<AppEnv>) {
  const db = dbOf(c);
  const paging = pagingOf(await readInput(c), 100, 20);
  const where = and(eq(distribution_logs.user_id, callerOf(c).accountId), isNull(distribution_logs.deleted_at));
  const [{ n }] = await db.select({ n: count() }).from(distribution_logs).where(where);
  const rows = await db
    .select({
      id: distribution_logs.id,
      name: distribution_logs.name,
      order_no: distribution_logs.order_no,
      level: distribution_logs.level,
      money: distribution_logs.money,
      lev: distribution_logs.lev,
      commission: distribution_logs.commission,
      created_at: distribution_logs.created_at,
    })
    .from(distribution_logs)
    .where(where)
    .orderBy(desc(distribution_logs.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  return ok(c, paginator(rows, Number(n), paging));
}

export function mountDistributionUser(api: Hono<AppEnv>) {
  const auth = requireAuth('user');
  api.get('/user/distribution', auth, summary);
  api.get('/user/distributions', auth, invitees);
  api.get('/user/distribution_logs', auth, logs);
}
