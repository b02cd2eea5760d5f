ALTER TABLE "users" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "comment_good" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "comment_medium" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "comment_bad" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_comments" ADD COLUMN "order_goods_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_comments" ADD COLUMN "is_show" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_comments" ADD COLUMN "is_system" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_comments_line_uq" ON "order_comments" USING btree ("order_goods_id") WHERE "order_comments"."order_goods_id" > 0;--> statement-breakpoint
CREATE INDEX "order_comments_user_idx" ON "order_comments" USING btree ("user_id","id");--> statement-breakpoint
-- reviews already stored (a database seeded before this migration) counted by kind, as
-- modules/reviews/rating.ts keeps them from now on
UPDATE "goods" g SET "comment_count" = v.n, "comment_good" = v.good, "comment_medium" = v.medium, "comment_bad" = v.bad
FROM (
  SELECT c."goods_id",
    count(*)::int AS n,
    (count(*) FILTER (WHERE c."score" + c."agree" + c."service" + c."speed" >= 15))::int AS good,
    (count(*) FILTER (WHERE c."score" + c."agree" + c."service" + c."speed" > 10 AND c."score" + c."agree" + c."service" + c."speed" < 15))::int AS medium,
    (count(*) FILTER (WHERE c."score" + c."agree" + c."service" + c."speed" <= 10))::int AS bad
  FROM "order_comments" c WHERE c."deleted_at" IS NULL AND c."is_show" = 1 GROUP BY c."goods_id"
) v WHERE g."id" = v."goods_id";
