CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" varchar(32) DEFAULT '' NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"pay_id" integer DEFAULT 0 NOT NULL,
	"payment_name" varchar(20) DEFAULT '' NOT NULL,
	"pay_no" varchar(32) DEFAULT '' NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"pay_total" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"reason" varchar(80) DEFAULT '' NOT NULL,
	"actor" varchar(10) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp(0) DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"provider_refund_id" varchar(64) DEFAULT '' NOT NULL,
	"done_at" timestamp(0),
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "payment_refunds_money_pos" CHECK ("payment_refunds"."money" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"refund_no" varchar(32) DEFAULT '' NOT NULL,
	"refund_type" smallint DEFAULT 0 NOT NULL,
	"refund_verify" smallint DEFAULT 0 NOT NULL,
	"refund_step" smallint DEFAULT 0 NOT NULL,
	"delivery_no" varchar(30) DEFAULT '' NOT NULL,
	"delivery_code" varchar(20) DEFAULT '' NOT NULL,
	"re_delivery_no" varchar(30) DEFAULT '' NOT NULL,
	"re_delivery_code" varchar(20) DEFAULT '' NOT NULL,
	"refund_remark" text DEFAULT '' NOT NULL,
	"images" text DEFAULT '' NOT NULL,
	"refuse_remark" text DEFAULT '' NOT NULL,
	"from_status" smallint DEFAULT 0 NOT NULL,
	"refund_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_money" numeric(12, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_no_uq" ON "payment_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending_idx" ON "payment_refunds" USING btree ("next_try_at") WHERE "payment_refunds"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_no_uq" ON "refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_open_uq" ON "refunds" USING btree ("order_id") WHERE "refunds"."refund_verify" in (0, 1) and "refunds"."refund_step" < 3 and "refunds"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "refunds_store_idx" ON "refunds" USING btree ("store_id","id") WHERE "refunds"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id","id") WHERE "refunds"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_money_range" CHECK ("orders"."refund_money" >= 0 and "orders"."refund_money" <= "orders"."total_price");