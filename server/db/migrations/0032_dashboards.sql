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
-- stat_*_facts functions below (inlinable SQL functions of a row and a sign: 1 counts the row, -1
-- takes it back). The triggers apply them to the rows a statement inserts (statement triggers:
-- one INSERT of deltas for a whole bulk insert) and to a row updated in a column they read or
-- deleted (row triggers, filtered by WHEN so other updates cost nothing), in the transaction of
-- the change, whatever made it (payment, refund, cancel, delete, any area, the seed);
-- stat_rebuild() applies them to whole tables. Sales = Σ (total_price − refund_money) of the
-- orders paid in the window, by pay_time (wall time in TIME_ZONE, so pay_time::date is the
-- shop's day). Every order figure is written for its store and for store 0, the platform, so a
-- platform figure reads as few rows as a store's.
CREATE FUNCTION stat_order_facts(o orders, sign int)
RETURNS TABLE (store_id int, day date, sales numeric, paid_orders int, refund_money numeric, refund_orders int)
LANGUAGE sql IMMUTABLE AS $f$
  SELECT s, o.pay_time::date, sign * (o.total_price - o.refund_money), sign, sign * o.refund_money, sign * (o.refund_money > 0)::int
  FROM unnest(ARRAY[o.store_id, 0]) AS s
  WHERE o.pay_time IS NOT NULL AND o.deleted_at IS NULL
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_buyer_facts(o orders, sign int)
RETURNS TABLE (store_id int, day date, user_id int, orders int)
LANGUAGE sql IMMUTABLE AS $f$
  SELECT s, o.pay_time::date, o.user_id, sign
  FROM unnest(ARRAY[o.store_id, 0]) AS s
  WHERE o.pay_time IS NOT NULL AND o.deleted_at IS NULL
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_state_facts(o orders, sign int)
RETURNS TABLE (store_id int, order_status smallint, orders int)
LANGUAGE sql IMMUTABLE AS $f$
  SELECT s, o.order_status, sign FROM unnest(ARRAY[o.store_id, 0]) AS s WHERE o.deleted_at IS NULL
$f$;
--> statement-breakpoint
-- Goods: the lines of orders paid and not wholly refunded, by the order's pay day.
CREATE FUNCTION stat_line_facts(l order_goods, o orders, sign int)
RETURNS TABLE (goods_id int, day date, store_id int, order_id int, quantity int, amount numeric, line_sign int)
LANGUAGE sql IMMUTABLE AS $f$
  SELECT l.goods_id, o.pay_time::date, o.store_id, o.id, sign * l.buy_num, sign * l.total_price, sign
  WHERE o.pay_time IS NOT NULL AND o.deleted_at IS NULL AND NOT (o.refund_money > 0 AND o.refund_money >= o.total_price)
$f$;
--> statement-breakpoint
-- New users (main accounts, not staff sub-accounts) and new stores per day, on the platform row.
CREATE FUNCTION stat_user_facts(u users, sign int) RETURNS TABLE (day date, n int) LANGUAGE sql IMMUTABLE AS $f$
  SELECT u.created_at::date, sign WHERE u.deleted_at IS NULL AND u.belong_id = 0
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_store_facts(s stores, sign int) RETURNS TABLE (day date, n int) LANGUAGE sql IMMUTABLE AS $f$
  SELECT s.created_at::date, sign WHERE s.deleted_at IS NULL
$f$;
--> statement-breakpoint
-- Inserted orders (statement): their money, buyers and states. Their lines come after them and
-- are counted by the order_goods trigger.
CREATE FUNCTION stat_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO stat_day_deltas (store_id, day, sales, paid_orders, refund_money, refund_orders)
  SELECT f.store_id, f.day, sum(f.sales), sum(f.paid_orders), sum(f.refund_money), sum(f.refund_orders)
  FROM new_rows n CROSS JOIN LATERAL stat_order_facts(n, 1) f GROUP BY 1, 2;
  INSERT INTO stat_buyer_deltas (store_id, day, user_id, orders)
  SELECT f.store_id, f.day, f.user_id, sum(f.orders) FROM new_rows n CROSS JOIN LATERAL stat_buyer_facts(n, 1) f GROUP BY 1, 2, 3;
  INSERT INTO stat_state_deltas (store_id, order_status, orders)
  SELECT f.store_id, f.order_status, sum(f.orders) FROM new_rows n CROSS JOIN LATERAL stat_state_facts(n, 1) f GROUP BY 1, 2;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
-- An order updated in a column the figures read, or deleted (row): taken back as it was, counted as it is.
CREATE FUNCTION stat_order_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO stat_day_deltas (store_id, day, sales, paid_orders, refund_money, refund_orders)
  SELECT f.store_id, f.day, sum(f.sales), sum(f.paid_orders), sum(f.refund_money), sum(f.refund_orders)
  FROM (SELECT * FROM stat_order_facts(OLD, -1) UNION ALL SELECT * FROM stat_order_facts(NEW, 1) WHERE TG_OP = 'UPDATE') f
  GROUP BY 1, 2
  HAVING sum(f.sales) <> 0 OR sum(f.paid_orders) <> 0 OR sum(f.refund_money) <> 0 OR sum(f.refund_orders) <> 0;
  INSERT INTO stat_buyer_deltas (store_id, day, user_id, orders)
  SELECT f.store_id, f.day, f.user_id, sum(f.orders)
  FROM (SELECT * FROM stat_buyer_facts(OLD, -1) UNION ALL SELECT * FROM stat_buyer_facts(NEW, 1) WHERE TG_OP = 'UPDATE') f
  GROUP BY 1, 2, 3 HAVING sum(f.orders) <> 0;
  INSERT INTO stat_state_deltas (store_id, order_status, orders)
  SELECT f.store_id, f.order_status, sum(f.orders)
  FROM (SELECT * FROM stat_state_facts(OLD, -1) UNION ALL SELECT * FROM stat_state_facts(NEW, 1) WHERE TG_OP = 'UPDATE') f
  GROUP BY 1, 2 HAVING sum(f.orders) <> 0;
  INSERT INTO stat_goods_deltas (goods_id, day, store_id, quantity, amount, orders)
  SELECT f.goods_id, f.day, f.store_id, sum(f.quantity), sum(f.amount), sum(f.sign)
  FROM (
    SELECT g.goods_id, g.day, g.store_id, sum(g.quantity) AS quantity, sum(g.amount) AS amount, g.line_sign AS sign
    FROM (
      SELECT x.* FROM order_goods l CROSS JOIN LATERAL stat_line_facts(l, OLD, -1) x WHERE l.order_id = OLD.id
      UNION ALL
      SELECT x.* FROM order_goods l CROSS JOIN LATERAL stat_line_facts(l, NEW, 1) x WHERE l.order_id = NEW.id AND TG_OP = 'UPDATE'
    ) g GROUP BY g.goods_id, g.day, g.store_id, g.order_id, g.line_sign
  ) f
  GROUP BY 1, 2, 3 HAVING sum(f.quantity) <> 0 OR sum(f.amount) <> 0 OR sum(f.sign) <> 0;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
-- Inserted lines (statement), with the orders they belong to.
CREATE FUNCTION stat_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO stat_goods_deltas (goods_id, day, store_id, quantity, amount, orders)
  SELECT f.goods_id, f.day, f.store_id, sum(f.quantity), sum(f.amount), count(*)
  FROM (
    SELECT x.goods_id, x.day, x.store_id, sum(x.quantity) AS quantity, sum(x.amount) AS amount
    FROM new_rows l JOIN orders o ON o.id = l.order_id CROSS JOIN LATERAL stat_line_facts(l, o, 1) x
    GROUP BY x.goods_id, x.day, x.store_id, x.order_id
  ) f GROUP BY 1, 2, 3;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
-- A line updated in a column the figures read, or deleted (row).
CREATE FUNCTION stat_line_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO stat_goods_deltas (goods_id, day, store_id, quantity, amount, orders)
  SELECT f.goods_id, f.day, f.store_id, sum(f.quantity), sum(f.amount), sum(f.line_sign)
  FROM (
    SELECT x.* FROM orders o CROSS JOIN LATERAL stat_line_facts(OLD, o, -1) x WHERE o.id = OLD.order_id
    UNION ALL
    SELECT x.* FROM orders o CROSS JOIN LATERAL stat_line_facts(NEW, o, 1) x WHERE o.id = NEW.order_id AND TG_OP = 'UPDATE'
  ) f
  GROUP BY 1, 2, 3 HAVING sum(f.quantity) <> 0 OR sum(f.amount) <> 0 OR sum(f.line_sign) <> 0;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_users_inserted() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO stat_day_deltas (store_id, day, new_users)
  SELECT 0, f.day, sum(f.n) FROM new_rows u CROSS JOIN LATERAL stat_user_facts(u, 1) f GROUP BY 2;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_user_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO stat_day_deltas (store_id, day, new_users)
  SELECT 0, f.day, sum(f.n)
  FROM (SELECT * FROM stat_user_facts(OLD, -1) UNION ALL SELECT * FROM stat_user_facts(NEW, 1) WHERE TG_OP = 'UPDATE') f
  GROUP BY 2 HAVING sum(f.n) <> 0;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_stores_inserted() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO stat_day_deltas (store_id, day, new_stores)
  SELECT 0, f.day, sum(f.n) FROM new_rows s CROSS JOIN LATERAL stat_store_facts(s, 1) f GROUP BY 2;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_store_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO stat_day_deltas (store_id, day, new_stores)
  SELECT 0, f.day, sum(f.n)
  FROM (SELECT * FROM stat_store_facts(OLD, -1) UNION ALL SELECT * FROM stat_store_facts(NEW, 1) WHERE TG_OP = 'UPDATE') f
  GROUP BY 2 HAVING sum(f.n) <> 0;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER stat_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_orders_inserted();
--> statement-breakpoint
CREATE TRIGGER stat_orders_upd AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.store_id, OLD.user_id, OLD.order_status, OLD.pay_time, OLD.total_price, OLD.refund_money, OLD.deleted_at)
    IS DISTINCT FROM (NEW.store_id, NEW.user_id, NEW.order_status, NEW.pay_time, NEW.total_price, NEW.refund_money, NEW.deleted_at))
  EXECUTE FUNCTION stat_order_changed();
--> statement-breakpoint
CREATE TRIGGER stat_orders_del AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION stat_order_changed();
--> statement-breakpoint
CREATE TRIGGER stat_lines_ins AFTER INSERT ON order_goods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_lines_inserted();
--> statement-breakpoint
CREATE TRIGGER stat_lines_upd AFTER UPDATE ON order_goods FOR EACH ROW
  WHEN ((OLD.order_id, OLD.goods_id, OLD.buy_num, OLD.total_price) IS DISTINCT FROM (NEW.order_id, NEW.goods_id, NEW.buy_num, NEW.total_price))
  EXECUTE FUNCTION stat_line_changed();
--> statement-breakpoint
CREATE TRIGGER stat_lines_del AFTER DELETE ON order_goods FOR EACH ROW EXECUTE FUNCTION stat_line_changed();
--> statement-breakpoint
CREATE TRIGGER stat_users_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_users_inserted();
--> statement-breakpoint
CREATE TRIGGER stat_users_upd AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.created_at, OLD.deleted_at, OLD.belong_id) IS DISTINCT FROM (NEW.created_at, NEW.deleted_at, NEW.belong_id))
  EXECUTE FUNCTION stat_user_changed();
--> statement-breakpoint
CREATE TRIGGER stat_users_del AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION stat_user_changed();
--> statement-breakpoint
CREATE TRIGGER stat_stores_ins AFTER INSERT ON stores REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_stores_inserted();
--> statement-breakpoint
CREATE TRIGGER stat_stores_upd AFTER UPDATE ON stores FOR EACH ROW
  WHEN ((OLD.created_at, OLD.deleted_at) IS DISTINCT FROM (NEW.created_at, NEW.deleted_at))
  EXECUTE FUNCTION stat_store_changed();
--> statement-breakpoint
CREATE TRIGGER stat_stores_del AFTER DELETE ON stores FOR EACH ROW EXECUTE FUNCTION stat_store_changed();
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
BEGIN
  PERFORM pg_advisory_xact_lock(7204526);
  LOCK TABLE orders, order_goods, stores, users IN SHARE MODE;
  TRUNCATE stat_days, stat_buyers, stat_goods_days, stat_states, stat_day_deltas, stat_buyer_deltas, stat_goods_deltas, stat_state_deltas;
  INSERT INTO stat_day_deltas (store_id, day, sales, paid_orders, refund_money, refund_orders)
  SELECT f.store_id, f.day, sum(f.sales), sum(f.paid_orders), sum(f.refund_money), sum(f.refund_orders)
  FROM orders o CROSS JOIN LATERAL stat_order_facts(o, 1) f GROUP BY 1, 2;
  INSERT INTO stat_buyer_deltas (store_id, day, user_id, orders)
  SELECT f.store_id, f.day, f.user_id, sum(f.orders) FROM orders o CROSS JOIN LATERAL stat_buyer_facts(o, 1) f GROUP BY 1, 2, 3;
  INSERT INTO stat_state_deltas (store_id, order_status, orders)
  SELECT f.store_id, f.order_status, sum(f.orders) FROM orders o CROSS JOIN LATERAL stat_state_facts(o, 1) f GROUP BY 1, 2;
  INSERT INTO stat_goods_deltas (goods_id, day, store_id, quantity, amount, orders)
  SELECT f.goods_id, f.day, f.store_id, sum(f.quantity), sum(f.amount), count(*)
  FROM (
    SELECT x.goods_id, x.day, x.store_id, sum(x.quantity) AS quantity, sum(x.amount) AS amount
    FROM order_goods l JOIN orders o ON o.id = l.order_id CROSS JOIN LATERAL stat_line_facts(l, o, 1) x
    GROUP BY x.goods_id, x.day, x.store_id, x.order_id
  ) f GROUP BY 1, 2, 3;
  INSERT INTO stat_day_deltas (store_id, day, new_users)
  SELECT 0, f.day, sum(f.n) FROM users u CROSS JOIN LATERAL stat_user_facts(u, 1) f GROUP BY 2;
  INSERT INTO stat_day_deltas (store_id, day, new_stores)
  SELECT 0, f.day, sum(f.n) FROM stores s CROSS JOIN LATERAL stat_store_facts(s, 1) f GROUP BY 2;
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
