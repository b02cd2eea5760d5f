ALTER TABLE "integral_goods_classes" ADD COLUMN "ename" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
-- The demo points classes get their English names (server/db/seed/points.ts) where an operator
-- has kept the seeded name; other classes have none until one is entered.
UPDATE "integral_goods_classes" AS c SET "ename" = v.ename
FROM (VALUES ('数码好物', 'Digital picks'), ('居家生活', 'Home living'), ('美食饮品', 'Food & drinks')) AS v(name, ename)
WHERE c."name" = v.name AND c."ename" = '';
