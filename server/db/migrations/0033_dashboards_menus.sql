-- Analysis pages (issue 26) on a database seeded before them: the menu rows a fresh seed writes
-- (server/db/seed/menus.ts: admin 54 数据统计 with 55 会员分析, 56 店铺分析, 57 销量分析, 58 支付分析;
-- seller 17 数据统计 with 29 销量分析) and the permissions of the dashboard routes in their group
-- (so a role can be granted them). A fresh database has no menus or groups yet here: its seed
-- writes them after the migrations.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (54, 0, '数据统计', 'Statistics', 'fa-bar-chart-o', '', '', 98),
  (55, 54, '会员分析', 'Members', 'fa-users', '/Admin/dashboard/user', 'Admin/dashboard/user', 0),
  (56, 54, '店铺分析', 'Stores', 'fa-window-restore', '/Admin/dashboard/store', 'Admin/dashboard/store', 1),
  (57, 54, '销量分析', 'Sales', 'fa-first-order', '/Admin/dashboard/order', 'Admin/dashboard/order', 2),
  (58, 54, '支付分析', 'Payments', 'fa-money', '/Admin/dashboard/pay', 'Admin/dashboard/pay', 3)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "admin_menus") AND NOT EXISTS (SELECT 1 FROM "admin_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (17, 0, '数据统计', 'Statistics', 'fa-bar-chart-o', '', '', 98),
  (29, 17, '销量分析', 'Sales', 'fa-first-order', '/Seller/dashboard/order', 'Seller/dashboard/order', 0)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "admin_permission_groups" ("name", "content")
SELECT v.name, v.content
FROM (VALUES ('数据统计', 'dashboard')) AS v(name, content)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups")
  AND NOT EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.content AND g."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT (SELECT g."id" FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL ORDER BY g."id" LIMIT 1), v.name, v.apis, v.apis
FROM (VALUES
  ('dashboard', '数据统计 总览', 'admin.dashboard.all'),
  ('dashboard', '数据统计 销量分析', 'admin.dashboard.order'),
  ('dashboard', '数据统计 会员分析', 'admin.dashboard.user'),
  ('dashboard', '数据统计 支付分析', 'admin.dashboard.pay'),
  ('dashboard', '数据统计 店铺分析', 'admin.dashboard.store')
) AS v(grp, name, apis)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = v.apis AND p."deleted_at" IS NULL);
