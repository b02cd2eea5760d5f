import { sql } from 'drizzle-orm';
import { check, customType, index, numeric, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, money, str, timestamps, uint } from './_columns';

/**
 * The catalogue (reference §5.4): goods classes (three levels by `pid`), brands, goods with SKUs,
 * and the per-store attributes ("colour") whose specs ("red") name the SKU dimensions.
 */
const live = (t: { deleted_at: unknown }) => sql`${t.deleted_at} is null`;

/** A Postgres `tsvector`, written through `to_tsvector('simple', …)` (see modules/catalogue/search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const weight = () => numeric({ precision: 9, scale: 2 }).notNull().default('0.00');

export const goods_classes = pgTable(
  'goods_classes',
  {
    id: id(),
    pid: uint(),
    thumb: str(150),
    name: str(20),
    /** The English name ('' = none: the storefront in English shows `name`), as menus' `ename`. */
    ename: str(20),
    is_sort: uint(),
    ...timestamps(),
  },
  (t) => [index('goods_classes_pid_idx').on(t.pid, t.is_sort, t.id)],
);

export const goods_brands = pgTable(
  'goods_brands',
  {
    id: id(),
    thumb: str(150),
    name: str(20),
    /** The English name ('' = none: the storefront in English shows `name`). */
    ename: str(20),
    is_sort: uint(),
    ...timestamps(),
  },
  (t) => [index('goods_brands_sort_idx').on(t.is_sort, t.id)],
);

export const goods = pgTable(
  'goods',
  {
    id: id(),
    brand_id: uint(),
    /** A third-level goods class. */
    class_id: uint(),
    store_id: uint(),
    goods_name: str(120),
    goods_subname: str(120),
    goods_no: str(30),
    /** Comma-joined image URLs; each has `_150` and `_400` thumbnails beside it. */
    goods_images: text().notNull().default(''),
    goods_master_image: str(150),
    goods_price: money(),
    goods_market_price: money(),
    currency_id: uint(),
    goods_stock: uint(),
    goods_weight: weight(),
    goods_sale: uint(),
    goods_collect: uint(),
    /** Number of reviews, kept in step with order_comments (sort key `order_comment_count`). */
    comment_count: uint(),
    /**
     * Visible reviews by kind (sum of the 4 scores: good ≥ 15, medium 11–14, bad ≤ 10), written
     * only by modules/reviews/rating.ts together with comment_count (their sum).
     */
    comment_good: uint(),
    comment_medium: uint(),
    comment_bad: uint(),
    /** 1 on the shelf, 0 off. */
    goods_status: flag(0),
    /** 0 rejected, 1 approved, 2 to be reviewed. */
    goods_verify: flag(1),
    refuse_info: str(80, '暂无缘由'),
    /** -1 free shipping, 0 the store's default template, > 0 freights.id. */
    freight_id: uint(),
    goods_content: text().notNull().default(''),
    goods_content_mobile: text().notNull().default(''),
    is_recommend: flag(0),
    is_master: flag(0),
    /** Search tokens of name, subtitle and brand: words, and CJK unigrams + bigrams. */
    search_tokens: tsvector().notNull().default(sql`''::tsvector`),
    ...timestamps(),
  },
  (t) => [
    index('goods_store_idx').on(t.store_id, t.id),
    // goods_public_class_idx, goods_public_idx and goods_public_brand_id_idx also INCLUDE store_id
    // and the filter / sort columns (migration 0025; Drizzle cannot declare INCLUDE): the search
    // without keywords picks its page from them alone (goodsSearch.ts goodsPageQuery)
    index('goods_public_class_idx')
      .on(t.class_id, t.id)
      .where(sql`${t.goods_status} = 1 and ${t.goods_verify} = 1 and ${t.deleted_at} is null`),
    index('goods_public_idx')
      .on(t.id)
      .where(sql`${t.goods_status} = 1 and ${t.goods_verify} = 1 and ${t.deleted_at} is null`),
    // the storefront's brand filter and its price / sales / reviews sorts, over visible goods
    ...(['brand_id', 'goods_price', 'goods_sale', 'comment_count'] as const).map((column) =>
      index(`goods_public_${column}_idx`)
        .on(t[column], t.id)
        .where(sql`${t.goods_status} = 1 and ${t.goods_verify} = 1 and ${t.deleted_at} is null`),
    ),
    index('goods_search_idx').using('gin', t.search_tokens),
    check('goods_stock_nonneg', sql`${t.goods_stock} >= 0`),
  ],
);

export const goods_skus = pgTable(
  'goods_skus',
  {
    id: id(),
    goods_id: uint(),
    /** Comma-joined goods_specs ids, one per attribute. */
    spec_id: text().notNull().default(''),
    /** Comma-joined spec names, in the order of spec_id. */
    sku_name: str(60),
    goods_image: str(150),
    goods_price: money(),
    goods_market_price: money(),
    currency_id: uint(),
    goods_stock: uint(),
    goods_weight: weight(),
    ...timestamps(),
  },
  (t) => [index('goods_skus_goods_idx').on(t.goods_id, t.id), check('goods_skus_stock_nonneg', sql`${t.goods_stock} >= 0`)],
);

export const goods_attrs = pgTable(
  'goods_attrs',
  {
    id: id(),
    store_id: uint(),
    name: str(20),
    ...timestamps(),
  },
  (t) => [index('goods_attrs_store_idx').on(t.store_id, t.id)],
);

export const goods_specs = pgTable(
  'goods_specs',
  {
    id: id(),
    attr_id: uint(),
    name: str(20),
    ...timestamps(),
  },
  (t) => [index('goods_specs_attr_idx').on(t.attr_id, t.id)],
);

/** Cart lines (reference §5.5): no price or stock kept, both are read live. */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    user_id: uint(),
    goods_id: uint(),
    /** 0 when the goods has no SKUs. */
    sku_id: uint(),
    store_id: uint(),
    buy_num: uint(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('carts_line_uq').on(t.user_id, t.goods_id, t.sku_id).where(live(t)),
    check('carts_buy_num_pos', sql`${t.buy_num} >= 1`),
  ],
);

/** Favourite goods (is_type 0, out_id = goods.id) and followed stores (is_type 1, out_id = stores.id). */
export const favorites = pgTable(
  'favorites',
  {
    id: id(),
    user_id: uint(),
    out_id: uint(),
    is_type: flag(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('favorites_uq').on(t.user_id, t.is_type, t.out_id).where(live(t))],
);

const score = () => numeric({ precision: 5, scale: 2 }).notNull().default('5.00');

/**
 * Reviews (reference §5.6): one per order line (`order_goods_id`; 0 on rows from before lines
 * were kept), written by modules/reviews. `is_show` 0 = hidden by an operator (kept, not counted).
 * Rating statistics of goods: modules/reviews/rating.ts.
 */
export const order_comments = pgTable(
  'order_comments',
  {
    id: id(),
    user_id: uint(),
    order_id: uint(),
    order_goods_id: uint(),
    goods_id: uint(),
    store_id: uint(),
    score: score(),
    agree: score(),
    service: score(),
    speed: score(),
    reply: text().notNull().default(''),
    reply_time: str(19),
    content: text().notNull().default(''),
    /** Comma-joined image URLs. */
    image: text().notNull().default(''),
    is_show: flag(1),
    /** 1: the default good review the timed task gave a received order left unreviewed. */
    is_system: flag(0),
    ...timestamps(),
  },
  (t) => [
    // one review per order line, ever (a deleted abusive review does not open the line again)
    uniqueIndex('order_comments_line_uq').on(t.order_goods_id).where(sql`${t.order_goods_id} > 0`),
    index('order_comments_user_idx').on(t.user_id, t.id),
    // A goods' reviews newest first (created_at desc, id desc: GET /api/goods_comments/:id).
    index('order_comments_goods_created_idx').on(t.goods_id, t.created_at, t.id),
    index('order_comments_store_idx').on(t.store_id, t.id),
  ],
);

/**
 * Bumped after every write that changes what the shop shows (goods, stores, classes, brands):
 * each instance compares it about once a second and forgets its shop memos when it moved
 * (server/modules/shop/shopChanges.ts).
 */
export const shopChanges = pgSequence('shop_changes');
