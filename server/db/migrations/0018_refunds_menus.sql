-- The after-sales pages (issue 13) on a database seeded before them: the menu rows a fresh seed
-- writes (server/db/seed/menus.ts: admin 64 售后管理 under 35 订单中心; seller 40 售后管理 under
-- 19 订单中心) and the permissions of the new admin routes (admin.refunds.index / .show / .update)
-- in their group, so a role can be granted them. A fresh database has no menus or groups yet
-- here: its seed writes them after the migrations. Never twice: each row only when absent.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (64, 35, '售后管理', 'After-sales', '', '/Admin/refunds', 'Admin/exts/refunds/index', 1)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "admin_menus") AND NOT EXISTS (SELECT 1 FROM "admin_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (40, 19, '售后管理', 'After-sales', 'fa-undo', '/Seller/refunds', 'Seller/refunds/index', 1)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "admin_permission_groups" ("name", "content")
SELECT v.name, v.content
FROM (VALUES ('售后', 'refunds')) AS v(name, content)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups")
  AND NOT EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.content AND g."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT (SELECT g."id" FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL ORDER BY g."id" LIMIT 1), v.name, v.apis, v.apis
FROM (VALUES
  ('refunds', '售后 列表', 'admin.refunds.index'),
  ('refunds', '售后 详情', 'admin.refunds.show'),
  ('refunds', '售后 编辑', 'admin.refunds.update')
) AS v(grp, name, apis)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = v.apis AND p."deleted_at" IS NULL);
