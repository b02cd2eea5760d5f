-- The consoles' order and freight pages (issue 12) on a database seeded before them: the menu rows
-- a fresh seed writes (server/db/seed/menus.ts: admin 35 订单中心 / 36 订单管理; seller 30 运费配置,
-- 19 订单中心, 20 订单管理, 31 全部订单, 32 待发订单) and the permissions of the new admin routes
-- (admin.orders.index / .show, admin.order.edit) in their groups, so a role can be granted them.
-- A fresh database has no menus or groups yet here: its seed writes them after the migrations.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, '', v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (35, 30, '订单中心', 'fa-file-text', '', '', 1),
  (36, 35, '订单管理', '', '/Admin/orders', 'Admin/exts/orders/index', 0)
) AS v(id, pid, name, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "admin_menus") AND NOT EXISTS (SELECT 1 FROM "admin_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, '', v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (30, 4, '运费配置', 'fa-truck', '/Seller/freights', 'Seller/freights/index', 4),
  (19, 0, '订单中心', 'fa-first-order', '', '', 3),
  (20, 19, '订单管理', 'fa-first-order', '', '', 0),
  (31, 20, '全部订单', '', '/Seller/orders', 'Seller/orders/index', 0),
  (32, 20, '待发订单', '', '/Seller/orders/wait', 'Seller/orders/wait', 1)
) AS v(id, pid, name, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "admin_permission_groups" ("name", "content")
SELECT v.name, v.content
FROM (VALUES ('订单', 'orders'), ('订单操作', 'order')) AS v(name, content)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups")
  AND NOT EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.content AND g."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT (SELECT g."id" FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL ORDER BY g."id" LIMIT 1), v.name, v.apis, v.apis
FROM (VALUES
  ('orders', '订单 列表', 'admin.orders.index'),
  ('orders', '订单 详情', 'admin.orders.show'),
  ('order', '订单操作 修改', 'admin.order.edit')
) AS v(grp, name, apis)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = v.apis AND p."deleted_at" IS NULL);
