CREATE TABLE "stat_buyer_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_buyers" (
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_buyers_store_id_day_user_id_pk" PRIMARY KEY("store_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "stat_day_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"sales" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"refund_money" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"refund_orders" integer DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"new_stores" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_days" (
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"sales" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"refund_money" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"refund_orders" integer DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"new_stores" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_days_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_goods_days" (
	"goods_id" integer NOT NULL,
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_goods_days_goods_id_day_pk" PRIMARY KEY("goods_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_goods_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_state_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"order_status" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_states" (
	"store_id" integer NOT NULL,
	"order_status" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_states_store_id_order_status_pk" PRIMARY KEY("store_id","order_status")
);
--> statement-breakpoint
CREATE INDEX "stat_days_day_idx" ON "stat_days" USING btree ("day","store_id");--> statement-breakpoint
CREATE INDEX "stat_goods_days_store_idx" ON "stat_goods_days" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "stat_goods_days_day_idx" ON "stat_goods_days" USING btree ("day");--> statement-breakpoint
-- Dashboards (issue 26, DESIGN §8). What a row contributes to the figures is written once, in the
-- stat_*_facts functions below: each turns a query of signed rows (`sign` 1 counts a row, -1 takes
-- it back) into INSERTs of deltas. The triggers run them over the rows a statement changed, in the
-- statement's own transaction (whatever changed the row: payment, refund, cancel, delete, the seed);
-- stat_rebuild() runs them over whole tables. Sales = Σ (total_price − refund_money) of the orders
-- paid in the window, by pay_time (wall time in TIME_ZONE, so pay_time::date is the shop's day).
-- Store 0 rows are the platform's: every order figure is written for its store and for store 0
-- (GROUPING SETS), so a platform figure reads as few rows as a store's.
CREATE FUNCTION stat_order_facts(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $f$
SELECT ARRAY[
  format($q$INSERT INTO stat_day_deltas (store_id, day, sales, paid_orders, refund_money, refund_orders)
    SELECT coalesce(r.store_id, 0), r.pay_time::date, sum(r.sign * (r.total_price - r.refund_money)), sum(r.sign),
           sum(r.sign * r.refund_money), sum(r.sign * (r.refund_money > 0)::int)
    FROM (%s) r WHERE r.pay_time IS NOT NULL AND r.deleted_at IS NULL
    GROUP BY GROUPING SETS ((r.store_id, r.pay_time::date), (r.pay_time::date))
    HAVING sum(r.sign * (r.total_price - r.refund_money)) <> 0 OR sum(r.sign) <> 0
        OR sum(r.sign * r.refund_money) <> 0 OR sum(r.sign * (r.refund_money > 0)::int) <> 0$q$, src),
  format($q$INSERT INTO stat_buyer_deltas (store_id, day, user_id, orders)
    SELECT coalesce(r.store_id, 0), r.pay_time::date, r.user_id, sum(r.sign)
    FROM (%s) r WHERE r.pay_time IS NOT NULL AND r.deleted_at IS NULL
    GROUP BY GROUPING SETS ((r.store_id, r.pay_time::date, r.user_id), (r.pay_time::date, r.user_id)) HAVING sum(r.sign) <> 0$q$, src),
  format($q$INSERT INTO stat_state_deltas (store_id, order_status, orders)
    SELECT coalesce(r.store_id, 0), r.order_status, sum(r.sign)
    FROM (%s) r WHERE r.deleted_at IS NULL
    GROUP BY GROUPING SETS ((r.store_id, r.order_status), (r.order_status)) HAVING sum(r.sign) <> 0$q$, src)
]
$f$;
--> statement-breakpoint
-- Goods figures: the lines of orders paid and not wholly refunded, by the order's pay day. `src`
-- yields signed lines with their order's columns (order_total = the order's total_price).
CREATE FUNCTION stat_line_facts(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $f$
SELECT ARRAY[
  format($q$INSERT INTO stat_goods_deltas (goods_id, day, store_id, quantity, amount, orders)
    SELECT l.goods_id, l.day, l.store_id, sum(l.quantity), sum(l.amount), sum(l.orders)
    FROM (
      SELECT r.goods_id, r.order_id, r.pay_time::date AS day, r.store_id, sum(r.sign * r.buy_num) AS quantity,
             sum(r.sign * r.total_price) AS amount, r.sign AS orders
      FROM (%s) r
      WHERE r.pay_time IS NOT NULL AND r.deleted_at IS NULL AND NOT (r.refund_money > 0 AND r.refund_money >= r.order_total)
      GROUP BY r.goods_id, r.order_id, r.pay_time::date, r.store_id, r.sign
    ) l
    GROUP BY 1, 2, 3 HAVING sum(l.quantity) <> 0 OR sum(l.amount) <> 0 OR sum(l.orders) <> 0$q$, src)
]
$f$;
--> statement-breakpoint
-- The lines of the orders `src` yields (signed orders), in the shape stat_line_facts reads.
CREATE FUNCTION stat_order_lines(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$SELECT o.sign, g.goods_id, g.order_id, g.buy_num, g.total_price, o.store_id, o.pay_time, o.deleted_at,
  o.refund_money, o.total_price AS order_total FROM (%s) o JOIN order_goods g ON g.order_id = o.id$q$, src)
$f$;
--> statement-breakpoint
-- New users (main accounts, not staff sub-accounts) and new stores per day: platform rows (store 0).
CREATE FUNCTION stat_account_facts(src text, what text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $f$
SELECT CASE what
  WHEN 'users' THEN ARRAY[format($q$INSERT INTO stat_day_deltas (store_id, day, new_users)
    SELECT 0, r.created_at::date, sum(r.sign) FROM (%s) r WHERE r.deleted_at IS NULL AND r.belong_id = 0
    GROUP BY 2 HAVING sum(r.sign) <> 0$q$, src)]
  ELSE ARRAY[format($q$INSERT INTO stat_day_deltas (store_id, day, new_stores)
    SELECT 0, r.created_at::date, sum(r.sign) FROM (%s) r WHERE r.deleted_at IS NULL
    GROUP BY 2 HAVING sum(r.sign) <> 0$q$, src)]
END
$f$;
--> statement-breakpoint
-- Signed rows of a statement: inserted rows count, deleted rows are taken back, an updated row is
-- taken back and counted again when one of `cols` changed (other updates contribute nothing).
CREATE FUNCTION stat_signed_rows(op text, cols text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT CASE op
  WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
  WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o'
  ELSE format($q$SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (%1$s) IS DISTINCT FROM (%2$s)
    UNION ALL SELECT 1 AS sign, n.* FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (%1$s) IS DISTINCT FROM (%2$s)$q$,
    (SELECT string_agg('o.' || c, ', ') FROM unnest(string_to_array(cols, ',')) c),
    (SELECT string_agg('n.' || c, ', ') FROM unnest(string_to_array(cols, ',')) c))
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  src text := stat_signed_rows(TG_OP, 'store_id,user_id,order_status,pay_time,total_price,refund_money,deleted_at');
  q text;
BEGIN
  FOREACH q IN ARRAY stat_order_facts(src) LOOP EXECUTE q; END LOOP;
  -- a new order's lines are counted by the order_goods trigger (they are written after it)
  IF TG_OP <> 'INSERT' THEN
    FOREACH q IN ARRAY stat_line_facts(stat_order_lines(src)) LOOP EXECUTE q; END LOOP;
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  src text := format($q$SELECT l.sign, l.goods_id, l.order_id, l.buy_num, l.total_price, o.store_id, o.pay_time, o.deleted_at,
    o.refund_money, o.total_price AS order_total FROM (%s) l JOIN orders o ON o.id = l.order_id$q$,
    stat_signed_rows(TG_OP, 'order_id,goods_id,buy_num,total_price'));
  q text;
BEGIN
  FOREACH q IN ARRAY stat_line_facts(src) LOOP EXECUTE q; END LOOP;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_users_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE q text;
BEGIN
  FOREACH q IN ARRAY stat_account_facts(stat_signed_rows(TG_OP, 'created_at,deleted_at,belong_id'), 'users') LOOP EXECUTE q; END LOOP;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_stores_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE q text;
BEGIN
  FOREACH q IN ARRAY stat_account_facts(stat_signed_rows(TG_OP, 'created_at,deleted_at'), 'stores') LOOP EXECUTE q; END LOOP;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER stat_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_orders_changed();
--> statement-breakpoint
CREATE TRIGGER stat_orders_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_orders_changed();
--> statement-breakpoint
CREATE TRIGGER stat_orders_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_orders_changed();
--> statement-breakpoint
CREATE TRIGGER stat_lines_ins AFTER INSERT ON order_goods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_lines_changed();
--> statement-breakpoint
CREATE TRIGGER stat_lines_upd AFTER UPDATE ON order_goods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_lines_changed();
--> statement-breakpoint
CREATE TRIGGER stat_lines_del AFTER DELETE ON order_goods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_lines_changed();
--> statement-breakpoint
CREATE TRIGGER stat_users_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_users_changed();
--> statement-breakpoint
CREATE TRIGGER stat_users_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_users_changed();
--> statement-breakpoint
CREATE TRIGGER stat_users_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_users_changed();
--> statement-breakpoint
CREATE TRIGGER stat_stores_ins AFTER INSERT ON stores REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_stores_changed();
--> statement-breakpoint
CREATE TRIGGER stat_stores_upd AFTER UPDATE ON stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_stores_changed();
--> statement-breakpoint
CREATE TRIGGER stat_stores_del AFTER DELETE ON stores REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_stores_changed();
--> statement-breakpoint
-- Moves the deltas into the daily tables (one statement per table: the deleted deltas and the
-- raised rows commit together, so a reader sees them either before or after, never twice).
-- Several instances may call it: one folds, the others return at once (`force` waits instead).
CREATE FUNCTION stat_fold(force boolean DEFAULT false) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  IF force THEN PERFORM pg_advisory_xact_lock(7204526);
  ELSIF NOT pg_try_advisory_xact_lock(7204526) THEN RETURN;
  END IF;
  WITH moved AS (DELETE FROM stat_day_deltas RETURNING *), agg AS (
    SELECT store_id, day, sum(sales) AS sales, sum(paid_orders) AS paid_orders, sum(refund_money) AS refund_money,
           sum(refund_orders) AS refund_orders, sum(new_users) AS new_users, sum(new_stores) AS new_stores
    FROM moved GROUP BY 1, 2 ORDER BY 1, 2)
  INSERT INTO stat_days AS t (store_id, day, sales, paid_orders, refund_money, refund_orders, new_users, new_stores)
  SELECT * FROM agg
  ON CONFLICT (store_id, day) DO UPDATE SET sales = t.sales + excluded.sales, paid_orders = t.paid_orders + excluded.paid_orders,
    refund_money = t.refund_money + excluded.refund_money, refund_orders = t.refund_orders + excluded.refund_orders,
    new_users = t.new_users + excluded.new_users, new_stores = t.new_stores + excluded.new_stores;
  WITH moved AS (DELETE FROM stat_buyer_deltas RETURNING *), agg AS (
    SELECT store_id, day, user_id, sum(orders) AS orders FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3)
  INSERT INTO stat_buyers AS t (store_id, day, user_id, orders) SELECT * FROM agg
  ON CONFLICT (store_id, day, user_id) DO UPDATE SET orders = t.orders + excluded.orders;
  WITH moved AS (DELETE FROM stat_goods_deltas RETURNING *), agg AS (
    SELECT goods_id, day, min(store_id) AS store_id, sum(quantity) AS quantity, sum(amount) AS amount, sum(orders) AS orders
    FROM moved GROUP BY 1, 2 ORDER BY 1, 2)
  INSERT INTO stat_goods_days AS t (goods_id, day, store_id, quantity, amount, orders) SELECT * FROM agg
  ON CONFLICT (goods_id, day) DO UPDATE SET quantity = t.quantity + excluded.quantity, amount = t.amount + excluded.amount,
    orders = t.orders + excluded.orders;
  WITH moved AS (DELETE FROM stat_state_deltas RETURNING *), agg AS (
    SELECT store_id, order_status, sum(orders) AS orders FROM moved GROUP BY 1, 2 ORDER BY 1, 2)
  INSERT INTO stat_states AS t (store_id, order_status, orders) SELECT * FROM agg
  ON CONFLICT (store_id, order_status) DO UPDATE SET orders = t.orders + excluded.orders;
END
$f$;
--> statement-breakpoint
-- Recomputes every rollup from orders, order_goods, users and stores (an existing database, bulk
-- data written with the triggers off). Writers of those tables wait for it; it is exact because
-- nothing can change them between the clearing and the recount.
CREATE FUNCTION stat_rebuild() RETURNS void LANGUAGE plpgsql AS $f$
DECLARE q text;
BEGIN
  PERFORM pg_advisory_xact_lock(7204526);
  LOCK TABLE orders, order_goods, stores, users IN SHARE MODE;
  TRUNCATE stat_days, stat_buyers, stat_goods_days, stat_states, stat_day_deltas, stat_buyer_deltas, stat_goods_deltas, stat_state_deltas;
  FOREACH q IN ARRAY stat_order_facts('SELECT 1 AS sign, o.* FROM orders o') LOOP EXECUTE q; END LOOP;
  FOREACH q IN ARRAY stat_line_facts(stat_order_lines('SELECT 1 AS sign, o.* FROM orders o')) LOOP EXECUTE q; END LOOP;
  FOREACH q IN ARRAY stat_account_facts('SELECT 1 AS sign, u.* FROM users u', 'users') LOOP EXECUTE q; END LOOP;
  FOREACH q IN ARRAY stat_account_facts('SELECT 1 AS sign, s.* FROM stores s', 'stores') LOOP EXECUTE q; END LOOP;
  PERFORM stat_fold(true);
END
$f$;
--> statement-breakpoint
-- to-do counters that are not order states: goods awaiting review (per store)
CREATE INDEX IF NOT EXISTS "goods_review_idx" ON "goods" ("store_id") WHERE "goods_verify" = 2 AND "deleted_at" IS NULL;
--> statement-breakpoint
-- the analysis lists: new users, payments of a window (newest first)
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" ("created_at", "id") WHERE "deleted_at" IS NULL AND "belong_id" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_pays_created_idx" ON "order_pays" ("created_at", "id");
--> statement-breakpoint
SELECT stat_rebuild();
