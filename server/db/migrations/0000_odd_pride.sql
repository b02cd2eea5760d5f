CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"username" varchar(20) DEFAULT '' NOT NULL,
	"password" varchar(255) DEFAULT '' NOT NULL,
	"nickname" varchar(15) DEFAULT '' NOT NULL,
	"avatar" varchar(150) DEFAULT '' NOT NULL,
	"is_super" smallint DEFAULT 0 NOT NULL,
	"ip" varchar(45) DEFAULT '0.0.0.0' NOT NULL,
	"login_time" timestamp(0),
	"last_login_time" timestamp(0),
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "user_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"card_no" varchar(30) DEFAULT '' NOT NULL,
	"card_t" varchar(150) DEFAULT '' NOT NULL,
	"card_b" varchar(150) DEFAULT '' NOT NULL,
	"bank_no" varchar(30) DEFAULT '' NOT NULL,
	"bank_name" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"username" varchar(20) DEFAULT '' NOT NULL,
	"password" varchar(255) DEFAULT '' NOT NULL,
	"pay_password" varchar(255) DEFAULT '' NOT NULL,
	"nickname" varchar(15) DEFAULT '' NOT NULL,
	"sex" smallint DEFAULT 1 NOT NULL,
	"avatar" varchar(150) DEFAULT '' NOT NULL,
	"phone" varchar(15) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"frozen_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"integral" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"inviter_id" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"invalid_time" timestamp(0),
	"ip" varchar(45) DEFAULT '0.0.0.0' NOT NULL,
	"login_time" timestamp(0),
	"last_login_time" timestamp(0),
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "users_money_nonneg" CHECK ("users"."money" >= 0 and "users"."frozen_money" >= 0 and "users"."integral" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"class_id" text DEFAULT '[]' NOT NULL,
	"class_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_name" varchar(30) DEFAULT '神秘商户' NOT NULL,
	"store_logo" varchar(150) DEFAULT '' NOT NULL,
	"store_face_image" varchar(150) DEFAULT '' NOT NULL,
	"store_mobile" varchar(20) DEFAULT '' NOT NULL,
	"store_description" varchar(150) DEFAULT '该商户很懒，什么也没留下' NOT NULL,
	"store_slide" varchar(550) DEFAULT '' NOT NULL,
	"store_mobile_slide" varchar(550) DEFAULT '' NOT NULL,
	"store_company_name" varchar(30) DEFAULT '' NOT NULL,
	"province_id" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"region_id" integer DEFAULT 0 NOT NULL,
	"store_lat" varchar(20) DEFAULT '39.92' NOT NULL,
	"store_lng" varchar(20) DEFAULT '116.46' NOT NULL,
	"area_info" varchar(60) DEFAULT '' NOT NULL,
	"store_address" varchar(80) DEFAULT '' NOT NULL,
	"business_license" varchar(150) DEFAULT '' NOT NULL,
	"business_license_no" varchar(40) DEFAULT '' NOT NULL,
	"legal_person" varchar(10) DEFAULT '' NOT NULL,
	"store_phone" varchar(12) DEFAULT '' NOT NULL,
	"id_card_no" varchar(30) DEFAULT '' NOT NULL,
	"id_card_t" varchar(150) DEFAULT '' NOT NULL,
	"id_card_b" varchar(150) DEFAULT '' NOT NULL,
	"emergency_contact" varchar(10) DEFAULT '' NOT NULL,
	"emergency_contact_phone" varchar(12) DEFAULT '' NOT NULL,
	"store_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"store_frozen_money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"store_status" smallint DEFAULT 1 NOT NULL,
	"store_verify" smallint DEFAULT 0 NOT NULL,
	"store_refuse_info" varchar(20) DEFAULT '' NOT NULL,
	"after_sale_service" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "stores_money_nonneg" CHECK ("stores"."store_money" >= 0 and "stores"."store_frozen_money" >= 0)
);
--> statement-breakpoint
CREATE TABLE "admin_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(35) DEFAULT '' NOT NULL,
	"ename" varchar(35) DEFAULT '' NOT NULL,
	"icon" varchar(30) DEFAULT '' NOT NULL,
	"apis" varchar(150) DEFAULT '' NOT NULL,
	"view" varchar(80) DEFAULT '' NOT NULL,
	"is_open" smallint DEFAULT 0 NOT NULL,
	"content" varchar(40) DEFAULT '' NOT NULL,
	"is_sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "admin_permission_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(35) DEFAULT '' NOT NULL,
	"content" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "admin_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(35) DEFAULT '' NOT NULL,
	"apis" varchar(60) DEFAULT '' NOT NULL,
	"content" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "admin_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(15) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "admin_to_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "admin_to_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "admin_to_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer DEFAULT 0 NOT NULL,
	"role_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "user_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(35) DEFAULT '' NOT NULL,
	"ename" varchar(35) DEFAULT '' NOT NULL,
	"icon" varchar(30) DEFAULT '' NOT NULL,
	"apis" varchar(150) DEFAULT '' NOT NULL,
	"view" varchar(80) DEFAULT '' NOT NULL,
	"is_open" smallint DEFAULT 0 NOT NULL,
	"content" varchar(40) DEFAULT '' NOT NULL,
	"is_sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "user_permission_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(35) DEFAULT '' NOT NULL,
	"content" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(35) DEFAULT '' NOT NULL,
	"apis" varchar(60) DEFAULT '' NOT NULL,
	"content" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(15) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "user_to_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "user_to_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "user_to_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"role_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"description" varchar(30) DEFAULT '' NOT NULL,
	"is_type" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "sms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"code" varchar(30) DEFAULT '' NOT NULL,
	"content" varchar(25) DEFAULT '' NOT NULL,
	"description" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "sms_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(15) DEFAULT '' NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"content" varchar(15) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"error_msg" text DEFAULT '' NOT NULL,
	"ip" varchar(45) DEFAULT '0.0.0.0' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"used_at" timestamp(0),
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "money_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(20) DEFAULT '未知变动' NOT NULL,
	"ename" varchar(20) DEFAULT 'money' NOT NULL,
	"money" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"is_type" smallint DEFAULT 0 NOT NULL,
	"is_belong" smallint DEFAULT 0 NOT NULL,
	"currency_id" integer DEFAULT 1 NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area" varchar(10) NOT NULL,
	"provider" varchar(10) NOT NULL,
	"account_id" integer NOT NULL,
	"refresh_hash" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(45) DEFAULT '0.0.0.0' NOT NULL,
	"expires_at" timestamp(0) NOT NULL,
	"revoked_at" timestamp(0),
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(200) NOT NULL,
	"window_start" timestamp(0) DEFAULT now() NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "adv_spaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(25) DEFAULT '' NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "advs" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(25) DEFAULT '' NOT NULL,
	"url" varchar(150) DEFAULT '' NOT NULL,
	"image" varchar(150) DEFAULT '' NOT NULL,
	"adv_start" timestamp(0) DEFAULT now() NOT NULL,
	"adv_end" timestamp(0) DEFAULT now() + interval '1 day' NOT NULL,
	"is_sort" integer DEFAULT 0 NOT NULL,
	"is_type" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "advs_period" CHECK ("advs"."adv_start" < "advs"."adv_end")
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(15) DEFAULT '' NOT NULL,
	"ename" varchar(15) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) DEFAULT '名称' NOT NULL,
	"version" varchar(20) DEFAULT '1.0.0' NOT NULL,
	"version_code" integer DEFAULT 100 NOT NULL,
	"url" varchar(150) DEFAULT '' NOT NULL,
	"device" varchar(10) DEFAULT 'android' NOT NULL,
	"apple_id" varchar(20) DEFAULT '' NOT NULL,
	"is_wgt" smallint DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" varchar(20) DEFAULT '0' NOT NULL,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"code" varchar(20) DEFAULT '' NOT NULL,
	"deep" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "article_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(35) DEFAULT '' NOT NULL,
	"is_sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(80) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"click" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) DEFAULT '名称' NOT NULL,
	"ename" varchar(20) DEFAULT 'zh-cn' NOT NULL,
	"currency" varchar(20) DEFAULT '￥' NOT NULL,
	"currency_ename" varchar(20) DEFAULT 'RMB' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "expresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(10) DEFAULT '' NOT NULL,
	"code" varchar(10) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"tag" varchar(20) DEFAULT '' NOT NULL,
	"name" varchar(35) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_type" smallint DEFAULT 0 NOT NULL,
	"is_send" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "file_space_dirs" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(30) DEFAULT 'tmpdir' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "file_spaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"belong_id" integer DEFAULT 0 NOT NULL,
	"dir_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(100) DEFAULT 'filename' NOT NULL,
	"new_name" varchar(60) DEFAULT 'filename' NOT NULL,
	"md5" varchar(32) DEFAULT '' NOT NULL,
	"url" varchar(150) DEFAULT '' NOT NULL,
	"ext_name" varchar(20) DEFAULT 'ext_name' NOT NULL,
	"disk_name" varchar(15) DEFAULT 'public' NOT NULL,
	"info" varchar(30) DEFAULT '0*0' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_type" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"sku_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"buy_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "carts_buy_num_pos" CHECK ("carts"."buy_num" >= 1)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"out_id" integer DEFAULT 0 NOT NULL,
	"is_type" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer DEFAULT 0 NOT NULL,
	"class_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"goods_name" varchar(120) DEFAULT '' NOT NULL,
	"goods_subname" varchar(120) DEFAULT '' NOT NULL,
	"goods_no" varchar(30) DEFAULT '' NOT NULL,
	"goods_images" text DEFAULT '' NOT NULL,
	"goods_master_image" varchar(150) DEFAULT '' NOT NULL,
	"goods_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"goods_market_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"currency_id" integer DEFAULT 0 NOT NULL,
	"goods_stock" integer DEFAULT 0 NOT NULL,
	"goods_weight" numeric(9, 2) DEFAULT '0.00' NOT NULL,
	"goods_sale" integer DEFAULT 0 NOT NULL,
	"goods_collect" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"goods_status" smallint DEFAULT 0 NOT NULL,
	"goods_verify" smallint DEFAULT 1 NOT NULL,
	"refuse_info" varchar(80) DEFAULT '暂无缘由' NOT NULL,
	"freight_id" integer DEFAULT 0 NOT NULL,
	"goods_content" text DEFAULT '' NOT NULL,
	"goods_content_mobile" text DEFAULT '' NOT NULL,
	"is_recommend" smallint DEFAULT 0 NOT NULL,
	"is_master" smallint DEFAULT 0 NOT NULL,
	"search_tokens" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "goods_stock_nonneg" CHECK ("goods"."goods_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "goods_attrs" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "goods_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"thumb" varchar(150) DEFAULT '' NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"is_sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "goods_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"thumb" varchar(150) DEFAULT '' NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"is_sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "goods_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"spec_id" text DEFAULT '' NOT NULL,
	"sku_name" varchar(60) DEFAULT '' NOT NULL,
	"goods_image" varchar(150) DEFAULT '' NOT NULL,
	"goods_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"goods_market_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"currency_id" integer DEFAULT 0 NOT NULL,
	"goods_stock" integer DEFAULT 0 NOT NULL,
	"goods_weight" numeric(9, 2) DEFAULT '0.00' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0),
	CONSTRAINT "goods_skus_stock_nonneg" CHECK ("goods_skus"."goods_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "goods_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"attr_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "order_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"goods_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"score" numeric(5, 2) DEFAULT '5.00' NOT NULL,
	"agree" numeric(5, 2) DEFAULT '5.00' NOT NULL,
	"service" numeric(5, 2) DEFAULT '5.00' NOT NULL,
	"speed" numeric(5, 2) DEFAULT '5.00' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"reply_time" varchar(19) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL,
	"deleted_at" timestamp(0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_uq" ON "admins" USING btree ("username") WHERE "admins"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_checks_user_uq" ON "user_checks" USING btree ("user_id") WHERE "user_checks"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone") WHERE "users"."deleted_at" is null and "users"."phone" <> '';--> statement-breakpoint
CREATE INDEX "store_classes_store_idx" ON "store_classes" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_user_uq" ON "stores" USING btree ("user_id") WHERE "stores"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stores_listing_idx" ON "stores" USING btree ("store_verify","store_status");--> statement-breakpoint
CREATE INDEX "admin_menus_pid_idx" ON "admin_menus" USING btree ("pid","is_sort");--> statement-breakpoint
CREATE INDEX "admin_permissions_apis_idx" ON "admin_permissions" USING btree ("apis");--> statement-breakpoint
CREATE INDEX "admin_permissions_pid_idx" ON "admin_permissions" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "admin_roles_belong_idx" ON "admin_roles" USING btree ("belong_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_to_menus_uq" ON "admin_to_menus" USING btree ("role_id","menu_id") WHERE "admin_to_menus"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_to_permissions_uq" ON "admin_to_permissions" USING btree ("role_id","permission_id") WHERE "admin_to_permissions"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_to_roles_uq" ON "admin_to_roles" USING btree ("admin_id","role_id") WHERE "admin_to_roles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_menus_pid_idx" ON "user_menus" USING btree ("pid","is_sort");--> statement-breakpoint
CREATE INDEX "user_permissions_apis_idx" ON "user_permissions" USING btree ("apis");--> statement-breakpoint
CREATE INDEX "user_permissions_pid_idx" ON "user_permissions" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "user_roles_belong_idx" ON "user_roles" USING btree ("belong_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_to_menus_uq" ON "user_to_menus" USING btree ("role_id","menu_id") WHERE "user_to_menus"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_to_permissions_uq" ON "user_to_permissions" USING btree ("role_id","permission_id") WHERE "user_to_permissions"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_to_roles_uq" ON "user_to_roles" USING btree ("user_id","role_id") WHERE "user_to_roles"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "configs_name_uq" ON "configs" USING btree ("name") WHERE "configs"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_name_uq" ON "sms" USING btree ("name") WHERE "sms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sms_logs_lookup_idx" ON "sms_logs" USING btree ("phone","name","id");--> statement-breakpoint
CREATE INDEX "money_logs_owner_idx" ON "money_logs" USING btree ("is_belong","user_id","is_type");--> statement-breakpoint
CREATE INDEX "auth_sessions_account_idx" ON "auth_sessions" USING btree ("provider","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limits_key_uq" ON "rate_limits" USING btree ("key");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "adv_spaces_name_uq" ON "adv_spaces" USING btree ("name") WHERE "adv_spaces"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "advs_pid_idx" ON "advs" USING btree ("pid","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_ename_uq" ON "agreements" USING btree ("ename") WHERE "agreements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "app_versions_device_idx" ON "app_versions" USING btree ("device","version_code");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_code_uq" ON "areas" USING btree ("code") WHERE "areas"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "areas_pid_code_idx" ON "areas" USING btree ("pid","code");--> statement-breakpoint
CREATE INDEX "article_menus_pid_idx" ON "article_menus" USING btree ("pid","is_sort");--> statement-breakpoint
CREATE INDEX "articles_pid_idx" ON "articles" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "articles_name_idx" ON "articles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "expresses_code_uq" ON "expresses" USING btree ("code") WHERE "expresses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "file_space_dirs_belong_idx" ON "file_space_dirs" USING btree ("belong_id","id");--> statement-breakpoint
CREATE INDEX "file_spaces_belong_dir_idx" ON "file_spaces" USING btree ("belong_id","dir_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_line_uq" ON "carts" USING btree ("user_id","goods_id","sku_id") WHERE "carts"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_uq" ON "favorites" USING btree ("user_id","is_type","out_id") WHERE "favorites"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_store_idx" ON "goods" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "goods_public_class_idx" ON "goods" USING btree ("class_id","id") WHERE "goods"."goods_status" = 1 and "goods"."goods_verify" = 1 and "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_public_idx" ON "goods" USING btree ("id") WHERE "goods"."goods_status" = 1 and "goods"."goods_verify" = 1 and "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_public_brand_id_idx" ON "goods" USING btree ("brand_id","id") WHERE "goods"."goods_status" = 1 and "goods"."goods_verify" = 1 and "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_public_goods_price_idx" ON "goods" USING btree ("goods_price","id") WHERE "goods"."goods_status" = 1 and "goods"."goods_verify" = 1 and "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_public_goods_sale_idx" ON "goods" USING btree ("goods_sale","id") WHERE "goods"."goods_status" = 1 and "goods"."goods_verify" = 1 and "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_public_comment_count_idx" ON "goods" USING btree ("comment_count","id") WHERE "goods"."goods_status" = 1 and "goods"."goods_verify" = 1 and "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_search_idx" ON "goods" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "goods_attrs_store_idx" ON "goods_attrs" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "goods_brands_sort_idx" ON "goods_brands" USING btree ("is_sort","id");--> statement-breakpoint
CREATE INDEX "goods_classes_pid_idx" ON "goods_classes" USING btree ("pid","is_sort","id");--> statement-breakpoint
CREATE INDEX "goods_skus_goods_idx" ON "goods_skus" USING btree ("goods_id","id");--> statement-breakpoint
CREATE INDEX "goods_specs_attr_idx" ON "goods_specs" USING btree ("attr_id","id");--> statement-breakpoint
CREATE INDEX "order_comments_goods_idx" ON "order_comments" USING btree ("goods_id","id");--> statement-breakpoint
CREATE INDEX "order_comments_store_idx" ON "order_comments" USING btree ("store_id","id");