import { bigserial, date, index, integer, numeric, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * Rollups behind the dashboards (DESIGN §8, issue 26; modules/statistics/). Written only by the
 * database: statement triggers on orders, order_goods, users and stores append signed deltas to the
 * `*_deltas` tables in the transaction that changes the row (pay, refund, cancel, delete, any area,
 * the seed), and `stat_fold()` (a timed task, every two seconds) moves them into the daily tables.
 * Readers add the unfolded deltas to the folded rows, so a figure is exact and live the moment the
 * change commits. The definitions (what an order contributes) are SQL functions of migration
 * 0032_dashboards; `stat_rebuild()` recomputes everything from the source tables.
 */
const sales = () => numeric({ precision: 14, scale: 2 }).notNull().default('0.00');
const count = () => integer().notNull().default(0);

/**
 * Per store and day (pay day in TIME_ZONE). Store 0 is the platform: the sum of every store's
 * figures, and the new users and new stores of the day.
 */
export const stat_days = pgTable(
  'stat_days',
  {
    store_id: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** Σ (total_price − refund_money) of the orders paid that day. */
    sales: sales(),
    paid_orders: count(),
    /** What has been refunded of those orders. */
    refund_money: sales(),
    /** How many of those orders have a refund. */
    refund_orders: count(),
    new_users: count(),
    new_stores: count(),
  },
  (t) => [primaryKey({ columns: [t.store_id, t.day] }), index('stat_days_day_idx').on(t.day, t.store_id)],
);

/** Buyers of a store (0: of the platform) per day: `orders` paid that day by the user there (a buyer while > 0). */
export const stat_buyers = pgTable(
  'stat_buyers',
  {
    store_id: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    user_id: integer().notNull(),
    orders: count(),
  },
  (t) => [primaryKey({ columns: [t.store_id, t.day, t.user_id] })],
);

/** Units, amount (line totals) and orders of a goods per pay day, of orders not wholly refunded. */
export const stat_goods_days = pgTable(
  'stat_goods_days',
  {
    goods_id: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    store_id: integer().notNull(),
    quantity: count(),
    amount: sales(),
    orders: count(),
  },
  (t) => [
    primaryKey({ columns: [t.goods_id, t.day] }),
    index('stat_goods_days_store_idx').on(t.store_id, t.day),
    index('stat_goods_days_day_idx').on(t.day),
  ],
);

/** Live orders per store (0: every store) and state (the to-do counters), never a count over orders. */
export const stat_states = pgTable(
  'stat_states',
  {
    store_id: integer().notNull(),
    order_status: smallint().notNull(),
    orders: count(),
  },
  (t) => [primaryKey({ columns: [t.store_id, t.order_status] })],
);

const deltaId = () => bigserial({ mode: 'number' }).primaryKey();

/** Unfolded changes of stat_days (signed), appended by the triggers; stat_fold() empties them. */
export const stat_day_deltas = pgTable('stat_day_deltas', {
  id: deltaId(),
  store_id: integer().notNull(),
  day: date({ mode: 'string' }).notNull(),
  sales: sales(),
  paid_orders: count(),
  refund_money: sales(),
  refund_orders: count(),
  new_users: count(),
  new_stores: count(),
});

export const stat_buyer_deltas = pgTable('stat_buyer_deltas', {
  id: deltaId(),
  store_id: integer().notNull(),
  day: date({ mode: 'string' }).notNull(),
  user_id: integer().notNull(),
  orders: count(),
});

export const stat_goods_deltas = pgTable('stat_goods_deltas', {
  id: deltaId(),
  goods_id: integer().notNull(),
  day: date({ mode: 'string' }).notNull(),
  store_id: integer().notNull(),
  quantity: count(),
  amount: sales(),
  orders: count(),
});

export const stat_state_deltas = pgTable('stat_state_deltas', {
  id: deltaId(),
  store_id: integer().notNull(),
  order_status: smallint().notNull(),
  orders: count(),
});

