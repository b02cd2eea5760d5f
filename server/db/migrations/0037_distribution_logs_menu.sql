-- The operator's commission list (issue 30) on a database seeded before it: the menu row a fresh
-- seed writes (server/db/seed/menus.ts: admin 53 分销日志 under 70 营销中心). Its permissions
-- (group distribution_logs) came with 0015_points_menus. A fresh database has no menus yet here:
-- its seed writes them after the migrations.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT 53, 70, '分销日志', 'Commission logs', 'fa-list-alt', '/Admin/distribution_logs', 'Admin/exts/distribution_logs/index', 0, 10, ''
WHERE EXISTS (SELECT 1 FROM "admin_menus" WHERE "id" = 70) AND NOT EXISTS (SELECT 1 FROM "admin_menus" WHERE "id" = 53);
