import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db, Tx } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { collective_logs, collective_members, collectives, goods, seckills, users } from '../../db/schema';
import { resolveCaller } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { thumbUrl } from '../catalogue/images';
import { secondsUntil } from '../orders/taskConfig';
import { maskName } from '../shop/maskName';
import { goodsVisible, idParam } from '../shop/shared';
import { saleState } from './backoffice';
import { discounted } from './linePromo';
import { groupOpen } from './loadPromos';
import './messages';

/**
 * Storefront reads (docs/seckill.md "Shop"): today's flash sales, open groups and offers, a goods'
 * promotions and one group. Seconds to start / end are computed by the database, so a timer on a
 * device with a wrong clock still counts to the right moment.
 */

const dbOf = (c: Context<AppEnv>): Db => c.get('services').db;
const text = (column: unknown) => sql<string>`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;
const nowText = sql<string>`to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS')`;
const price = (listPrice: string, discount: string) => fromCents(discounted(toCents(listPrice), toCents(discount)));

const saleFields = {
  id: seckills.id,
  goods_id: seckills.goods_id,
  discount: seckills.discount,
  // units left at the flash price: the sale's cap, or without one the goods' own stock
  stock: sql<number>`coalesce(${seckills.stock}, ${goods.goods_stock})`,
  capped: sql<boolean>`(${seckills.stock} is not null)`,
  sold: seckills.sold,
  status: seckills.status,
  start_time: text(seckills.start_time),
  end_time: text(seckills.end_time),
  starts_in: secondsUntil(sql`${seckills.start_time}`),
  ends_in: secondsUntil(sql`${seckills.end_time}`),
  now: nowText,
  goods_name: goods.goods_name,
  goods_master_image: goods.goods_master_image,
  goods_price: goods.goods_price,
  goods_market_price: goods.goods_market_price,
};

type SaleRow = { [K in keyof typeof saleFields]: K extends 'id' | 'goods_id' | 'stock' | 'sold' | 'status' | 'starts_in' | 'ends_in' ? number : K extends 'capped' ? boolean : string };

function presentSale(r: SaleRow) {
  const { now, status, ...rest } = r;
  return {
    ...rest,
    goods_master_image: thumbUrl(r.goods_master_image, 400),
    seckill_price: price(r.goods_price, r.discount),
    state: saleState({ status, start_time: r.start_time, end_time: r.end_time }, now),
  };
}

/** GET /api/seckills → {now, list}: today's live flash sales of visible goods, by start then id. */
async function todaysSales(c: Context<AppEnv>) {
  const db = dbOf(c);
  const rows = (await db
    .select(saleFields)
    .from(seckills)
    .innerJoin(goods, eq(goods.id, seckills.goods_id))
    .where(
      and(
        isNull(seckills.deleted_at),
        eq(seckills.status, 1),
        sql`${seckills.start_time} < date_trunc('day', localtimestamp(0)) + interval '1 day'`,
        sql`${seckills.end_time} > date_trunc('day', localtimestamp(0))`,
        goodsVisible(db),
      ),
    )
    .orderBy(asc(seckills.start_time), asc(seckills.id))
    .limit(200)) as SaleRow[];
  const [clock] = await db.select({ now: nowText }).from(sql`(select 1) as clock`);
  return ok(c, { now: clock.now, list: rows.map(presentSale) });
}

const groupFields = {
  id: collective_logs.id,
  goods_id: collective_logs.goods_id,
  discount: collective_logs.discount,
  need: collective_logs.need,
  joined: collective_logs.joined,
  paid: collective_logs.paid,
  status: collective_logs.status,
  expires_at: text(collective_logs.expires_at),
  ends_in: secondsUntil(sql`${collective_logs.expires_at}`),
  nickname: users.nickname,
  username: users.username,
  avatar: users.avatar,
  goods_name: goods.goods_name,
  goods_master_image: goods.goods_master_image,
  goods_price: goods.goods_price,
};

type GroupRow = Awaited<ReturnType<typeof groupQuery>>[number];
const groupQuery = (db: Db | Tx) =>
  db
    .select(groupFields)
    .from(collective_logs)
    .innerJoin(goods, eq(goods.id, collective_logs.goods_id))
    .leftJoin(users, eq(users.id, collective_logs.user_id));

function presentGroup(r: GroupRow) {
  const { username, ...rest } = r;
  return {
    ...rest,
    nickname: maskName(r.nickname || username || ''),
    avatar: r.avatar ?? '',
    goods_master_image: thumbUrl(r.goods_master_image, 400),
    group_price: price(r.goods_price, r.discount),
  };
}

/** Open groups that someone has paid into (a group whose opener never paid is not advertised). */
const advertised = and(groupOpen, gt(collective_logs.paid, 0), sql`${collective_logs.joined} < ${collective_logs.need}`);

async function offersOf(db: Db | Tx, goodsIds?: number[]) {
  const rows = await db
    .select({
      id: collectives.id,
      goods_id: collectives.goods_id,
      discount: collectives.discount,
      need: collectives.need,
      fill_hours: collectives.fill_hours,
      goods_name: goods.goods_name,
      goods_master_image: goods.goods_master_image,
      goods_price: goods.goods_price,
    })
    .from(collectives)
    .innerJoin(goods, eq(goods.id, collectives.goods_id))
    .where(and(isNull(collectives.deleted_at), eq(collectives.status, 1), goodsVisible(db), goodsIds ? inArray(collectives.goods_id, goodsIds) : undefined))
    .orderBy(desc(collectives.id))
    .limit(60);
  return rows.map((r) => ({ ...r, goods_master_image: thumbUrl(r.goods_master_image, 400), group_price: price(r.goods_price, r.discount) }));
}

/** GET /api/collectives → {groups, offers}: open groups to join (soonest to close first) and the live offers. */
async function collectivesPage(c: Context<AppEnv>) {
  const db = dbOf(c);
  const groups = await groupQuery(db)
    .where(and(advertised, goodsVisible(db)))
    .orderBy(asc(collective_logs.expires_at))
    .limit(30);
  return ok(c, { groups: groups.map(presentGroup), offers: await offersOf(db) });
}

async function membersOf(db: Db | Tx, groupIds: number[]) {
  if (groupIds.length === 0) return new Map<number, { userId: number; nickname: string; avatar: string; paid: boolean }[]>();
  const rows = await db
    .select({ logId: collective_members.log_id, userId: collective_members.user_id, nickname: users.nickname, username: users.username, avatar: users.avatar, status: collective_members.status })
    .from(collective_members)
    .leftJoin(users, eq(users.id, collective_members.user_id))
    .where(and(inArray(collective_members.log_id, groupIds), sql`${collective_members.status} > 0`))
    .orderBy(asc(collective_members.id));
  const map = new Map<number, { userId: number; nickname: string; avatar: string; paid: boolean }[]>();
  for (const r of rows) {
    const list = map.get(r.logId) ?? [];
    list.push({ userId: r.userId, nickname: maskName(r.nickname || r.username || ''), avatar: r.avatar ?? '', paid: r.status >= 2 });
    map.set(r.logId, list);
  }
  return map;
}

/**
 * A group's members as shown to anyone (masked names, no ids), and `mine`: whether the shopper
 * asking (`viewerId`, 0 anonymous) holds a seat, so the page offers no "Join" on their own group.
 */
function presentMembers(members: { userId: number; nickname: string; avatar: string; paid: boolean }[] = [], viewerId = 0) {
  return {
    members: members.map(({ userId: _userId, ...shown }) => shown),
    mine: viewerId > 0 && members.some((m) => m.userId === viewerId),
  };
}

/** The shopper asking a public read, or 0. */
async function viewerOf(c: Context<AppEnv>) {
  return (await resolveCaller(c, { areas: ['user'] }))?.accountId ?? 0;
}

/**
 * A goods' promotions as the goods detail carries them (reference fields `seckills`,
 * `collectives`, `collective_list`): its running flash sale or the next one today (false when
 * none), its live group offer (false) and its open groups with their members.
 */
export async function promotionsOfGoods(db: Db | Tx, goodsId: number, viewerId = 0) {
  const [sale] = (await db
    .select(saleFields)
    .from(seckills)
    .innerJoin(goods, eq(goods.id, seckills.goods_id))
    .where(
      and(
        eq(seckills.goods_id, goodsId),
        isNull(seckills.deleted_at),
        eq(seckills.status, 1),
        sql`${seckills.end_time} > localtimestamp(0)`,
        sql`${seckills.start_time} < date_trunc('day', localtimestamp(0)) + interval '1 day'`,
      ),
    )
    .orderBy(asc(seckills.start_time))
    .limit(1)) as SaleRow[];
  const [offer] = await offersOf(db, [goodsId]);
  const groups = await groupQuery(db)
    .where(and(eq(collective_logs.goods_id, goodsId), advertised))
    .orderBy(asc(collective_logs.expires_at))
    .limit(10);
  const members = await membersOf(db, groups.map((g) => g.id));
  return {
    seckills: sale ? presentSale(sale) : (false as const),
    collectives: offer ?? (false as const),
    collective_list: groups.map((g) => ({ ...presentGroup(g), ...presentMembers(members.get(g.id), viewerId) })),
  };
}

/** GET /api/goods/:id/promotions → {seckill, collective, groups} (a fresh read for a page already open). */
async function goodsPromotions(c: Context<AppEnv>) {
  const db = dbOf(c);
  const goodsId = idParam(c.req.param('id'), 'id');
  const [visible] = await db.select({ id: goods.id }).from(goods).where(and(eq(goods.id, goodsId), goodsVisible(db)));
  if (!visible) throw fail('shop.goodsNotFound', undefined, 404);
  const found = await promotionsOfGoods(db, goodsId, await viewerOf(c));
  return ok(c, { seckill: found.seckills || null, collective: found.collectives || null, groups: found.collective_list });
}

/** GET /api/collective_groups/:id → one group (any state) with its members. */
async function oneGroup(c: Context<AppEnv>) {
  const db = dbOf(c);
  const id = idParam(c.req.param('id'), 'id');
  const [group] = await groupQuery(db).where(and(eq(collective_logs.id, id), isNull(collective_logs.deleted_at)));
  if (!group) throw fail('seckill.groupNotFound', undefined, 404);
  const members = await membersOf(db, [id]);
  return ok(c, { ...presentGroup(group), ...presentMembers(members.get(id), await viewerOf(c)) });
}

export function mountPromotionShop(api: Hono<AppEnv>) {
  api.get('/seckills', todaysSales);
  api.get('/collectives', collectivesPage);
  api.get('/goods/:id{[0-9]+}/promotions', goodsPromotions);
  api.get('/collective_groups/:id', oneGroup);
}
