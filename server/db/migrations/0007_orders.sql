CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"receive_name" varchar(30) DEFAULT '' NOT NULL,
	"receive_tel" varchar(20) DEFAULT '' NOT NULL,
	"area_info" varchar(140) DEFAULT '' NOT NULL,
	"address" varchar(120) DEFAULT '' NOT NULL,
	"province_id" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"region_id" integer DEFAULT 0 NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "freights" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"f_weight" numeric(9, 2) DEFAULT '0.00' NOT NULL,
	"f_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"o_weight" numeric(9, 2) DEFAULT '0.00' NOT NULL,
	"o_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"area_id" text DEFAULT '' NOT NULL,
	"is_type" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "freights_nonneg" CHECK ("freights"."f_weight" >= 0 and "freights"."f_price" >= 0 and "freights"."o_weight" >= 0 and "freights"."o_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"idem_key" varchar(64) DEFAULT '' NOT NULL,
	"order_ids" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "order_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"sku_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"goods_name" varchar(120) DEFAULT '' NOT NULL,
	"goods_image" varchar(150) DEFAULT '' NOT NULL,
	"sku_name" varchar(60) DEFAULT '' NOT NULL,
	"buy_num" integer DEFAULT 0 NOT NULL,
	"total_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"goods_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"currency_id" integer DEFAULT 0 NOT NULL,
	"total_weight" numeric(9, 2) DEFAULT '0.00' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "order_goods_buy_num_pos" CHECK ("order_goods"."buy_num" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"from_status" smallint DEFAULT -1 NOT NULL,
	"to_status" smallint DEFAULT 0 NOT NULL,
	"actor" varchar(10) DEFAULT '' NOT NULL,
	"actor_id" integer DEFAULT 0 NOT NULL,
	"actor_name" varchar(30) DEFAULT '' NOT NULL,
	"action" varchar(20) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "order_pays" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(150) DEFAULT '' NOT NULL,
	"order_ids" text DEFAULT '' NOT NULL,
	"pay_no" varchar(32) DEFAULT '' NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"payment_name" varchar(20) DEFAULT '' NOT NULL,
	"device" varchar(20) DEFAULT '' NOT NULL,
	"is_recharge" smallint DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"refunded" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"currency_id" integer DEFAULT 0 NOT NULL,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"pay_time" timestamp(0),
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"checkout_id" integer DEFAULT 0 NOT NULL,
	"coupon_id" integer DEFAULT 0 NOT NULL,
	"collective_id" integer DEFAULT 0 NOT NULL,
	"order_no" varchar(30) DEFAULT '' NOT NULL,
	"order_name" varchar(120) DEFAULT '' NOT NULL,
	"order_image" varchar(150) DEFAULT '' NOT NULL,
	"total_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"order_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"order_balance" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"freight_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"coupon_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"currency_id" integer DEFAULT 0 NOT NULL,
	"order_status" smallint DEFAULT 1 NOT NULL,
	"refund_status" smallint DEFAULT 0 NOT NULL,
	"is_settlement" smallint DEFAULT 0 NOT NULL,
	"delivery_no" varchar(30) DEFAULT '' NOT NULL,
	"delivery_code" varchar(20) DEFAULT '' NOT NULL,
	"receive_name" varchar(30) DEFAULT '' NOT NULL,
	"receive_tel" varchar(20) DEFAULT '' NOT NULL,
	"receive_area" varchar(140) DEFAULT '' NOT NULL,
	"receive_address" varchar(120) DEFAULT '' NOT NULL,
	"receive_province_id" integer DEFAULT 0 NOT NULL,
	"payment_name" varchar(20) DEFAULT '' NOT NULL,
	"pay_id" integer DEFAULT 0 NOT NULL,
	"pay_time" timestamp(0),
	"delivery_time" timestamp(0),
	"receipt_time" timestamp(0),
	"comment_time" timestamp(0),
	"cancel_time" timestamp(0),
	"remark" varchar(150) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "orders_money_nonneg" CHECK ("orders"."total_price" >= 0 and "orders"."order_price" >= 0 and "orders"."freight_money" >= 0 and "orders"."coupon_money" >= 0)
);
--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","id") WHERE "addresses"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_default_uq" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default" = 1 and "addresses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "freights_store_idx" ON "freights" USING btree ("store_id","is_type","id") WHERE "freights"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "freights_default_uq" ON "freights" USING btree ("store_id") WHERE "freights"."is_type" = 0 and "freights"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_checkouts_key_uq" ON "order_checkouts" USING btree ("user_id","idem_key");--> statement-breakpoint
CREATE INDEX "order_goods_order_idx" ON "order_goods" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_goods_goods_idx" ON "order_goods" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_pays_no_uq" ON "order_pays" USING btree ("pay_no");--> statement-breakpoint
CREATE INDEX "order_pays_user_idx" ON "order_pays" USING btree ("belong_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","order_status","id") WHERE "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_store_idx" ON "orders" USING btree ("store_id","order_status","id") WHERE "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "orders"."order_status" = 1 and "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_shipped_idx" ON "orders" USING btree ("delivery_time") WHERE "orders"."order_status" = 3 and "orders"."deleted_at" is null;