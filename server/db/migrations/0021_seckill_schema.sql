CREATE TABLE "collective_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"collective_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"discount" numeric(6, 2) DEFAULT '0.00' NOT NULL,
	"need" integer DEFAULT 0 NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"expires_at" timestamp(0) NOT NULL,
	"filled_at" timestamp(0),
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "collective_logs_seats" CHECK ("collective_logs"."joined" >= 0 and "collective_logs"."joined" <= "collective_logs"."need" and "collective_logs"."paid" >= 0 and "collective_logs"."paid" <= "collective_logs"."joined")
);
--> statement-breakpoint
CREATE TABLE "collective_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"log_id" integer DEFAULT 0 NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "collectives" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"discount" numeric(6, 2) DEFAULT '0.00' NOT NULL,
	"need" integer DEFAULT 0 NOT NULL,
	"fill_hours" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "collectives_need" CHECK ("collectives"."need" >= 2 and "collectives"."need" <= 50),
	CONSTRAINT "collectives_discount_range" CHECK ("collectives"."discount" > 0 and "collectives"."discount" < 100)
);
--> statement-breakpoint
CREATE TABLE "seckill_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"seckill_id" integer DEFAULT 0 NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"buy_num" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "seckills" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"discount" numeric(6, 2) DEFAULT '0.00' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "seckills_stock_nonneg" CHECK ("seckills"."stock" >= 0 and "seckills"."sold" >= 0),
	CONSTRAINT "seckills_discount_range" CHECK ("seckills"."discount" > 0 and "seckills"."discount" < 100),
	CONSTRAINT "seckills_window" CHECK ("seckills"."end_time" > "seckills"."start_time")
);
--> statement-breakpoint
CREATE INDEX "collective_logs_goods_idx" ON "collective_logs" USING btree ("goods_id","status","id") WHERE "collective_logs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "collective_logs_open_idx" ON "collective_logs" USING btree ("expires_at") WHERE "collective_logs"."status" = 2 and "collective_logs"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "collective_members_order_uq" ON "collective_members" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collective_members_user_uq" ON "collective_members" USING btree ("log_id","user_id") WHERE "collective_members"."status" > 0;--> statement-breakpoint
CREATE INDEX "collective_members_log_idx" ON "collective_members" USING btree ("log_id","status");--> statement-breakpoint
CREATE INDEX "collectives_store_idx" ON "collectives" USING btree ("store_id","id") WHERE "collectives"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "collectives_goods_uq" ON "collectives" USING btree ("goods_id") WHERE "collectives"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "seckill_orders_uq" ON "seckill_orders" USING btree ("order_id","seckill_id");--> statement-breakpoint
CREATE INDEX "seckill_orders_sale_idx" ON "seckill_orders" USING btree ("seckill_id");--> statement-breakpoint
CREATE INDEX "seckills_store_idx" ON "seckills" USING btree ("store_id","id") WHERE "seckills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "seckills_window_idx" ON "seckills" USING btree ("start_time","end_time") WHERE "seckills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "seckills_goods_idx" ON "seckills" USING btree ("goods_id") WHERE "seckills"."deleted_at" is null;