-- The coupon and full-reduction pages (issue 14) on a database seeded before them: the menu rows a
-- fresh seed writes (server/db/seed/menus.ts: admin 70 营销中心 / 71 优惠券 / 72 满减活动; seller
-- 50 营销中心 / 51 优惠券 / 52 满减活动; the containers 70 and 50 are shared with the seckill and
-- points lanes, each adding them only when absent) and the permissions of the new admin routes
-- (admin.coupons.* / admin.full_reductions.* index, show, update) in their groups.
-- A fresh database has no menus or groups yet here: its seed writes them after the migrations.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (70, 0, '营销中心', 'Marketing', 'fa-gift', '', '', 4),
  (71, 70, '优惠券', 'Coupons', '', '/Admin/coupons', 'Admin/coupons/index', 0),
  (72, 70, '满减活动', 'Full reductions', '', '/Admin/full_reductions', 'Admin/full_reductions/index', 1)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "admin_menus") AND NOT EXISTS (SELECT 1 FROM "admin_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (50, 0, '营销中心', 'Marketing', 'fa-gift', '', '', 2),
  (51, 50, '优惠券', 'Coupons', 'fa-ticket', '/Seller/coupons', 'Seller/coupons/index', 0),
  (52, 50, '满减活动', 'Full reductions', 'fa-tags', '/Seller/full_reductions', 'Seller/full_reductions/index', 1)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "admin_permission_groups" ("name", "content")
SELECT v.name, v.content
FROM (VALUES ('优惠券', 'coupons'), ('满减', 'full_reductions')) AS v(name, content)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups")
  AND NOT EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.content AND g."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT (SELECT g."id" FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL ORDER BY g."id" LIMIT 1), v.name, v.apis, v.apis
FROM (VALUES
  ('coupons', '优惠券 列表', 'admin.coupons.index'),
  ('coupons', '优惠券 详情', 'admin.coupons.show'),
  ('coupons', '优惠券 编辑', 'admin.coupons.update'),
  ('full_reductions', '满减 列表', 'admin.full_reductions.index'),
  ('full_reductions', '满减 详情', 'admin.full_reductions.show'),
  ('full_reductions', '满减 编辑', 'admin.full_reductions.update')
) AS v(grp, name, apis)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = v.apis AND p."deleted_at" IS NULL);
