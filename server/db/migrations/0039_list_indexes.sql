-- Back-office lists at scale (issue 31, docs/benchmarks.md "Lists at scale"): each common filter
-- and order of a list has an index to walk, so a page reads its rows and a bounded count
-- (COUNT_CAP in server/http/crud/listRun.ts) instead of every matching row.
-- Contains-searches (`|like`) of order numbers, account names and phones, store and goods names
-- use trigram indexes (pg_trgm: PostgreSQL contrib, loaded into PGlite by server/db/embedded/thread.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_no_trgm_idx" ON "orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_nickname_trgm_idx" ON "users" USING gin ("nickname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stores_name_trgm_idx" ON "stores" USING gin ("store_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_name_trgm_idx" ON "goods" USING gin ("goods_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_settlements_no_trgm_idx" ON "order_settlements" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
-- the shopper's order search reads the shopper's own order lines (orders/shopperOrders.ts)
CREATE INDEX IF NOT EXISTS "order_goods_user_idx" ON "order_goods" USING btree ("user_id","order_id");--> statement-breakpoint
-- newest first and date ranges of the generic lists (users, money logs, settlements, goods, refunds)
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "money_logs_created_idx" ON "money_logs" USING btree ("created_at","id") WHERE "money_logs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "money_logs_type_idx" ON "money_logs" USING btree ("is_type","is_belong","id") WHERE "money_logs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_settlements_created_idx" ON "order_settlements" USING btree ("created_at","id") WHERE "order_settlements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_created_idx" ON "goods" USING btree ("created_at","id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_live_idx" ON "goods" USING btree ("id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_live_store_idx" ON "goods" USING btree ("store_id","id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_live_class_idx" ON "goods" USING btree ("class_id","id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_live_status_idx" ON "goods" USING btree ("goods_status","id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_live_verify_idx" ON "goods" USING btree ("goods_verify","id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_created_idx" ON "refunds" USING btree ("created_at","id") WHERE "refunds"."deleted_at" is null;--> statement-breakpoint
-- a store's own money logs and settlements by date (the seller's lists)
CREATE INDEX IF NOT EXISTS "money_logs_owner_created_idx" ON "money_logs" USING btree ("is_belong","user_id","created_at","id") WHERE "money_logs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_settlements_store_created_idx" ON "order_settlements" USING btree ("store_id","created_at","id") WHERE "order_settlements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_settlements_live_store_idx" ON "order_settlements" USING btree ("store_id","id") WHERE "order_settlements"."deleted_at" is null;--> statement-breakpoint
-- the store list (/api/stores): each listed store's visible goods count and review counts from an index alone
CREATE INDEX IF NOT EXISTS "goods_public_store_idx" ON "goods" USING btree ("store_id") WHERE "goods"."goods_status" = 1 and "goods"."goods_verify" = 1 and "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_store_rating_idx" ON "goods" USING btree ("store_id") INCLUDE ("comment_count","comment_good");
