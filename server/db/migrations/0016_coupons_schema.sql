CREATE TABLE "coupon_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"use_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0) NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "coupon_logs_used_has_order" CHECK (("coupon_logs"."status" = 0 and "coupon_logs"."order_id" = 0) or ("coupon_logs"."status" = 1 and "coupon_logs"."order_id" > 0))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"use_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"content" varchar(60) DEFAULT '' NOT NULL,
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0) NOT NULL,
	"stopped" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "coupons_stock_nonneg" CHECK ("coupons"."stock" >= 0),
	CONSTRAINT "coupons_money_pos" CHECK ("coupons"."money" > 0 and "coupons"."use_money" >= 0)
);
--> statement-breakpoint
CREATE TABLE "full_reductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"use_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0) NOT NULL,
	"stopped" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "full_reductions_money_pos" CHECK ("full_reductions"."money" > 0 and "full_reductions"."use_money" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"kind" varchar(20) DEFAULT '' NOT NULL,
	"ref_id" integer DEFAULT 0 NOT NULL,
	"label" varchar(60) DEFAULT '' NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_logs_taker_uq" ON "coupon_logs" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_logs_user_idx" ON "coupon_logs" USING btree ("user_id","status","id") WHERE "coupon_logs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "coupon_logs_order_idx" ON "coupon_logs" USING btree ("order_id") WHERE "coupon_logs"."order_id" > 0;--> statement-breakpoint
CREATE INDEX "coupons_store_idx" ON "coupons" USING btree ("store_id","id") WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "full_reductions_store_idx" ON "full_reductions" USING btree ("store_id","id") WHERE "full_reductions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "order_discounts_order_idx" ON "order_discounts" USING btree ("order_id");