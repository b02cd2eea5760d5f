CREATE TABLE "integral_earnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"points" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "integral_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer DEFAULT 0 NOT NULL,
	"goods_name" varchar(120) DEFAULT '' NOT NULL,
	"goods_subname" varchar(120) DEFAULT '' NOT NULL,
	"goods_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"goods_market_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"goods_stock" integer DEFAULT 0 NOT NULL,
	"goods_images" text DEFAULT '' NOT NULL,
	"goods_master_image" varchar(150) DEFAULT '' NOT NULL,
	"goods_sale" integer DEFAULT 0 NOT NULL,
	"goods_status" smallint DEFAULT 0 NOT NULL,
	"is_recommend" smallint DEFAULT 0 NOT NULL,
	"goods_content" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "integral_goods_nonneg" CHECK ("integral_goods"."goods_stock" >= 0 and "integral_goods"."goods_sale" >= 0 and "integral_goods"."goods_price" >= 0 and "integral_goods"."goods_market_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "integral_goods_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "integral_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"order_no" varchar(30) DEFAULT '' NOT NULL,
	"idem_key" varchar(64) DEFAULT '' NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"order_name" varchar(120) DEFAULT '' NOT NULL,
	"order_image" varchar(150) DEFAULT '' NOT NULL,
	"buy_num" integer DEFAULT 0 NOT NULL,
	"goods_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"total_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"order_status" smallint DEFAULT 2 NOT NULL,
	"delivery_no" varchar(30) DEFAULT '' NOT NULL,
	"delivery_code" varchar(20) DEFAULT '' NOT NULL,
	"receive_name" varchar(30) DEFAULT '' NOT NULL,
	"receive_tel" varchar(20) DEFAULT '' NOT NULL,
	"receive_area" varchar(140) DEFAULT '' NOT NULL,
	"receive_address" varchar(120) DEFAULT '' NOT NULL,
	"pay_time" timestamp(0),
	"delivery_time" timestamp(0),
	"remark" varchar(150) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "integral_orders_pos" CHECK ("integral_orders"."buy_num" >= 1 and "integral_orders"."total_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "distribution_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) DEFAULT '分销' NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"buyer_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"order_no" varchar(30) DEFAULT '' NOT NULL,
	"order_goods_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"distribution_id" integer DEFAULT 0 NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"lev" numeric(5, 2) DEFAULT '0.00' NOT NULL,
	"commission" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "distribution_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"order_no" varchar(30) DEFAULT '' NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"buyer_id" integer DEFAULT 0 NOT NULL,
	"commission" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"lev_1" numeric(5, 2) DEFAULT '0.00' NOT NULL,
	"lev_2" numeric(5, 2) DEFAULT '0.00' NOT NULL,
	"lev_3" numeric(5, 2) DEFAULT '0.00' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "distributions_rates" CHECK ("distributions"."lev_1" >= 0 and "distributions"."lev_2" >= 0 and "distributions"."lev_3" >= 0 and "distributions"."lev_1" + "distributions"."lev_2" + "distributions"."lev_3" <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integral_earnings_order_uq" ON "integral_earnings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "integral_goods_shelf_idx" ON "integral_goods" USING btree ("goods_status","cid","id") WHERE "integral_goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "integral_goods_classes_live_idx" ON "integral_goods_classes" USING btree ("id") WHERE "integral_goods_classes"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "integral_orders_no_uq" ON "integral_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "integral_orders_key_uq" ON "integral_orders" USING btree ("user_id","idem_key");--> statement-breakpoint
CREATE INDEX "integral_orders_user_idx" ON "integral_orders" USING btree ("user_id","id") WHERE "integral_orders"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_logs_line_uq" ON "distribution_logs" USING btree ("order_goods_id","level");--> statement-breakpoint
CREATE INDEX "distribution_logs_user_idx" ON "distribution_logs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "distribution_logs_store_idx" ON "distribution_logs" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "distribution_logs_order_idx" ON "distribution_logs" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_orders_order_uq" ON "distribution_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributions_goods_uq" ON "distributions" USING btree ("goods_id") WHERE "distributions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "distributions_store_idx" ON "distributions" USING btree ("store_id","id") WHERE "distributions"."deleted_at" is null;