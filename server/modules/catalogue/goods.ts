import { eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { goods, stores } from '../../db/schema';
import { defineResource, planList, type ListSpec, type Resource } from '../../http/crud';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import { mountAdminResource, mountSellerResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { sessionStoreId } from '../seller-admin/scope';
import { SELLER_GOODS_PAGES, pathIds } from './classes';
import { goodsDetail, listGoods } from './goodsRead';
import { searchQuery } from './search';
import {
  adminUpdateSchema,
  currentGoods,
  deleteGoods,
  goodsReviewOn,
  saveGoods,
  sellerCreateSchema,
  sellerUpdateSchema,
  sentValues,
  textChanged,
  type GoodsInput,
} from './goodsWrite';
import './messages';

/**
 * /api/Seller/goods (the caller's store only, from the session) and /api/Admin/goods (any store,
 * permission `admin.goods.<action>`). Lists carry class_name, brand_name (each with its English
 * name, class_ename / brand_ename) and store_name; the admin's
 * list also takes `store_name=<text>|like` (goods of the stores whose name contains it).
 */

const READABLE = ['id', 'goods_name', 'goods_price', 'goods_stock', 'created_at'] as const;
const FILTERS = ['id', 'goods_name', 'goods_no', 'goods_status', 'goods_verify', 'class_id', 'brand_id', 'is_master', 'is_recommend', 'created_at'] as const;
const SORTS = ['id', 'goods_price', 'goods_stock', 'goods_sale', 'created_at', 'updated_at'] as const;

export const sellerGoodsResource = defineResource({
  table: goods,
  area: 'seller',
  name: 'goods',
  columns: { readable: READABLE, writable: {}, filterable: FILTERS, sortable: SORTS },
  softDelete: true,
});

export const adminGoodsResource = defineResource({
  table: goods,
  area: 'admin',
  name: 'goods',
  columns: { readable: READABLE, writable: {}, filterable: [...FILTERS, 'store_id'], sortable: SORTS },
  softDelete: true,
});

const notFound = () => fail('notFound', undefined, 404);
const idOf = (c: Context<AppEnv>) => {
  const raw = c.req.param('id') ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
};
const dbOf = (c: Context<AppEnv>) => c.get('services').db;

async function answerDetail(c: Context<AppEnv>, id: number, storeId?: number) {
  const detail = await goodsDetail(dbOf(c), id, storeId);
  if (!detail) throw notFound();
  return ok(c, detail);
}

// ---- seller ------------------------------------------------------------------------------

/**
 * A goods name that contains a Chinese text has every CJK bigram of it (or the character) among
 * its search tokens (catalogue/search.ts): the tokens' GIN index narrows a `goods_name=<text>|like`
 * to those goods, where no trigram index helps a two-character word. Other texts (Latin, digits)
 * keep the plain contains, which the trigram index serves (migration 0039_list_indexes).
 */
const HAN_ONLY = /^\p{Script=Han}+$/u;
const nameTokens: ListSpec['likeAlso'] = {
  goods_name: (value, b) => {
    const query = HAN_ONLY.test(value) ? searchQuery(value) : null;
    return query ? sql`${goods.search_tokens} @@ ${b.raw(query)}::tsquery` : undefined;
  },
};

async function sellerIndex(c: Context<AppEnv>, r: Resource) {
  const plan = planList({ ...r.listSpec, likeAlso: nameTokens }, await readInput(c));
  return ok(c, await listGoods(dbOf(c), plan, eq(goods.store_id, sessionStoreId(c))));
}

/**
 * The seller's goods, with `goods_review_on`: whether a changed name, subtitle or detail sends it
 * back to the admin's review (configs `store.goods_verify`), so the editor can say so before
 * saving (issue 15).
 */
async function sellerShow(c: Context<AppEnv>) {
  const id = idOf(c);
  if (id === undefined) throw notFound();
  const db = dbOf(c);
  const [detail, reviewOn] = await Promise.all([goodsDetail(db, id, sessionStoreId(c)), goodsReviewOn(db)]);
  if (!detail) throw notFound();
  return ok(c, { ...detail, goods_review_on: reviewOn });
}

/** Review state of a seller write: pending (2) when the review is on, else approved (1). */
const reviewed = (reviewOn: boolean) => (reviewOn ? 2 : 1);

async function sellerStore(c: Context<AppEnv>) {
  const db = dbOf(c);
  const storeId = sessionStoreId(c);
  const input = validateIn(sellerCreateSchema, await readInput(c), langOf(c)) as GoodsInput;
  const reviewOn = await goodsReviewOn(db);
  const id = await guardWrite(() =>
    db.transaction((tx) => saveGoods(tx, input, { storeId, storeClassesOnly: true, extra: { goods_verify: reviewed(reviewOn) } })),
  );
  return answerDetail(c, id, storeId);
}

async function sellerUpdate(c: Context<AppEnv>) {
  const db = dbOf(c);
  const storeId = sessionStoreId(c);
  const id = idOf(c);
  if (id === undefined) throw notFound();
  const raw = await readInput(c);
  const input = sentValues(validateIn(sellerUpdateSchema, raw, langOf(c)) as GoodsInput, raw);
  const reviewOn = await goodsReviewOn(db);
  await guardWrite(() =>
    db.transaction(async (tx) => {
      const current = await currentGoods(tx, id, storeId);
      if (!current) throw notFound();
      // A changed name, subtitle or detail goes back to review; so does any edit of a rejected
      // goods (a resubmission). The shelf switch alone never changes the review state.
      const onlyShelf = Object.keys(input).every((key) => key === 'goods_status');
      const resubmit = current.goods_verify === 0 && !onlyShelf;
      const extra = textChanged(current, input) || resubmit ? { goods_verify: reviewed(reviewOn) } : {};
      await saveGoods(tx, input, { storeId, current, storeClassesOnly: true, extra });
    }),
  );
  return answerDetail(c, id, storeId);
}

async function destroyGoods(c: Context<AppEnv>, storeId?: number) {
  const ids = pathIds(c.req.param('ids') ?? '');
  const db = dbOf(c);
  const done = await guardWrite(() => db.transaction((tx) => deleteGoods(tx, ids, storeId)));
  if (!done.length) throw notFound();
  return ok(c, done.length);
}

// ---- admin -------------------------------------------------------------------------------

/**
 * The admin list's spec: the resource's filters and `store_name` (the joined store's name, see
 * goodsRead.ts listGoods), e.g. `store_name=<text>|like`.
 */
const adminListSpec: ListSpec = {
  ...adminGoodsResource.listSpec,
  filterable: { ...adminGoodsResource.listSpec.filterable, store_name: stores.store_name },
  likeAlso: nameTokens,
};

async function adminIndex(c: Context<AppEnv>) {
  const input = await readInput(c);
  // A bare `store_name=<text>` searches as `|like` (contains), as the table page's search does.
  const storeName = input.store_name;
  const query = typeof storeName === 'string' && !storeName.includes('|') ? { ...input, store_name: `${storeName}|like` } : input;
  const plan = planList(adminListSpec, query);
  return ok(c, await listGoods(dbOf(c), plan, undefined));
}

async function adminShow(c: Context<AppEnv>) {
  const id = idOf(c);
  if (id === undefined) throw notFound();
  return answerDetail(c, id);
}

/** Admin update: review (goods_verify, refuse_info), shelf, platform recommendation, and the goods itself. */
async function adminUpdate(c: Context<AppEnv>) {
  const db = dbOf(c);
  const id = idOf(c);
  if (id === undefined) throw notFound();
  const raw = await readInput(c);
  const input = sentValues(validateIn(adminUpdateSchema, raw, langOf(c)) as GoodsInput, raw);
  await guardWrite(() =>
    db.transaction(async (tx) => {
      const current = await currentGoods(tx, id);
      if (!current) throw notFound();
      await saveGoods(tx, input, { storeId: current.store_id, current, storeClassesOnly: false });
    }),
  );
  return answerDetail(c, id);
}

export function mountGoods(api: Hono<AppEnv>) {
  mountSellerResource(api, '/Seller/goods', sellerGoodsResource, {
    only: ['index', 'show', 'store', 'update', 'destroy'],
    pages: [...SELLER_GOODS_PAGES],
    handlers: {
      index: sellerIndex,
      show: sellerShow,
      store: sellerStore,
      update: sellerUpdate,
      destroy: (c) => destroyGoods(c, sessionStoreId(c)),
    },
  });
  mountAdminResource(api, '/Admin/goods', adminGoodsResource, {
    only: ['index', 'show', 'update', 'destroy'],
    handlers: { index: adminIndex, show: adminShow, update: adminUpdate, destroy: (c) => destroyGoods(c) },
  });
}
