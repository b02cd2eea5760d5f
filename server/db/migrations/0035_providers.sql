CREATE TABLE "express_traces" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(20) DEFAULT '' NOT NULL,
	"delivery_code" varchar(20) DEFAULT '' NOT NULL,
	"delivery_no" varchar(30) DEFAULT '' NOT NULL,
	"state" varchar(20) DEFAULT '' NOT NULL,
	"delivered" smallint DEFAULT 0 NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp(0) DEFAULT now() NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "oauths" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"oauth_name" varchar(15) DEFAULT '' NOT NULL,
	"openid" varchar(64) DEFAULT '' NOT NULL,
	"unionid" varchar(64) DEFAULT '' NOT NULL,
	"nickname" varchar(100) DEFAULT '' NOT NULL,
	"avatar" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "provider" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "provider_code" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "express_traces_waybill_uq" ON "express_traces" USING btree ("provider","delivery_code","delivery_no");--> statement-breakpoint
CREATE UNIQUE INDEX "oauths_name_openid_uq" ON "oauths" USING btree ("oauth_name","openid") WHERE "oauths"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "oauths_unionid_idx" ON "oauths" USING btree ("unionid") WHERE "oauths"."deleted_at" is null and "oauths"."unionid" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "oauths_user_app_uq" ON "oauths" USING btree ("user_id","oauth_name") WHERE "oauths"."deleted_at" is null;--> statement-breakpoint
-- The `login` template: the code that proves a phone when a first-time WeChat user binds or creates an account.
INSERT INTO "sms" ("name", "code", "content", "description")
SELECT 'login', 'SMS_LOGIN', 'Souk商城', '登录验证码'
WHERE NOT EXISTS (SELECT 1 FROM "sms" WHERE "name" = 'login' AND "deleted_at" IS NULL);
