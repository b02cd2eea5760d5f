-- Flash sales and group buys (issue 14, seckill) on a database seeded before them: the menu rows a
-- fresh seed writes (server/db/seed/menus.ts: admin 70 营销中心 container, 73 /Admin/seckills,
-- 74 /Admin/collectives; seller 50 营销中心 container, 53 /Seller/seckills, 54 /Seller/collectives;
-- the containers are shared with the coupons and points lanes and only added when absent) and the
-- permissions of the new admin routes in their groups, so a role can be granted them.
-- A fresh database has no menus or groups yet here: its seed writes them after the migrations.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (70, 0, '营销中心', 'Marketing', 'fa-gift', '', '', 4),
  (73, 70, '秒杀管理', 'Flash sales', 'fa-clock-o', '/Admin/seckills', 'Admin/seckills/index', 2),
  (74, 70, '拼团管理', 'Group buys', 'fa-users', '/Admin/collectives', 'Admin/collectives/index', 3)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "admin_menus") AND NOT EXISTS (SELECT 1 FROM "admin_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (50, 0, '营销中心', 'Marketing', 'fa-gift', '', '', 2),
  (53, 50, '秒杀管理', 'Flash sales', 'fa-clock-o', '/Seller/seckills', 'Seller/seckills/index', 2),
  (54, 50, '拼团管理', 'Group buys', 'fa-users', '/Seller/collectives', 'Seller/collectives/index', 3)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "admin_permission_groups" ("name", "content")
SELECT v.name, v.content
FROM (VALUES ('秒杀', 'seckills'), ('拼团', 'collectives')) AS v(name, content)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups")
  AND NOT EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.content AND g."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT (SELECT g."id" FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL ORDER BY g."id" LIMIT 1), v.name, v.apis, v.apis
FROM (VALUES
  ('seckills', '秒杀 列表', 'admin.seckills.index'),
  ('seckills', '秒杀 详情', 'admin.seckills.show'),
  ('seckills', '秒杀 编辑', 'admin.seckills.update'),
  ('collectives', '拼团 列表', 'admin.collectives.index'),
  ('collectives', '拼团 详情', 'admin.collectives.show'),
  ('collectives', '拼团 编辑', 'admin.collectives.update')
) AS v(grp, name, apis)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = v.apis AND p."deleted_at" IS NULL);
