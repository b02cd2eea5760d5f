-- Seeded permission names in Chinese (QA 2026-11-25: "平台用户 import", "平台用户 money handle",
-- "文章 import"…): the seed (server/db/seed/permissions.ts) now names the import and money routes
-- 导入 and 资金调整. A database seeded before keeps the names an operator gave; only a name that
-- is still the one the seed wrote is renamed.
UPDATE "admin_permissions" SET "name" = left(regexp_replace("name", ' import$', ' 导入'), 35)
WHERE "apis" LIKE 'admin.%.import' AND "name" LIKE '% import';
--> statement-breakpoint
UPDATE "admin_permissions" SET "name" = '平台用户 资金调整'
WHERE "apis" = 'admin.users.money.handle' AND "name" = '平台用户 money handle';
--> statement-breakpoint
-- The store delete route (empty applications only) is new: a database seeded before gets its
-- permission in the stores group, like a fresh seed, so a role can be granted it. A fresh
-- database has no groups yet here: its seed writes every permission after the migrations.
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT g."id", '店铺 删除', 'admin.stores.destroy', 'admin.stores.destroy'
FROM "admin_permission_groups" g
WHERE g."content" = 'stores' AND g."deleted_at" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = 'admin.stores.destroy' AND p."deleted_at" IS NULL)
ORDER BY g."id"
LIMIT 1;
