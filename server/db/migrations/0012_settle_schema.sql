CREATE TABLE "cashes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"commission" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"commission_rate" varchar(10) DEFAULT '0' NOT NULL,
	"cash_status" smallint DEFAULT 0 NOT NULL,
	"refuse_info" varchar(200) DEFAULT '' NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"bank_name" varchar(30) DEFAULT '' NOT NULL,
	"card_no" varchar(30) DEFAULT '' NOT NULL,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"audit_time" timestamp(0),
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "cashes_money_pos" CHECK ("cashes"."money" > 0 and "cashes"."commission" >= 0),
	CONSTRAINT "cashes_owner" CHECK (("cashes"."user_id" > 0) <> ("cashes"."store_id" > 0))
);
--> statement-breakpoint
CREATE TABLE "order_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"order_no" varchar(30) DEFAULT '' NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"settlement_no" varchar(30) DEFAULT '' NOT NULL,
	"total_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"refund_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"commission_rate" varchar(10) DEFAULT '0' NOT NULL,
	"commission" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"referral_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"settlement_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "order_settlements_money_nonneg" CHECK ("order_settlements"."settlement_price" >= 0 and "order_settlements"."commission" >= 0 and "order_settlements"."referral_money" >= 0 and "order_settlements"."refund_money" >= 0)
);
--> statement-breakpoint
CREATE INDEX "cashes_user_idx" ON "cashes" USING btree ("user_id","id") WHERE "cashes"."user_id" > 0;--> statement-breakpoint
CREATE INDEX "cashes_store_idx" ON "cashes" USING btree ("store_id","id") WHERE "cashes"."store_id" > 0;--> statement-breakpoint
CREATE INDEX "cashes_pending_idx" ON "cashes" USING btree ("id") WHERE "cashes"."cash_status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "order_settlements_order_uq" ON "order_settlements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_settlements_store_idx" ON "order_settlements" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "order_settlements_no_idx" ON "order_settlements" USING btree ("settlement_no");