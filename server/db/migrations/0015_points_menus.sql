-- The points mall and referral commission pages (issue 14, points lane) on a database seeded before
-- them: the menu rows a fresh seed writes (server/db/seed/menus.ts: admin 70 营销中心 — shared with
-- coupons and seckill, added only if absent — 75 积分商城 with 76–78, 79 分销管理; seller 50 营销中心
-- (shared, same rule) and 55 分销管理), the permissions of the new admin routes in their groups, and
-- the `integral` configuration row. A fresh database has no menus, groups or configs yet here: its
-- seed writes them after the migrations.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (70, 0, '营销中心', 'Marketing', 'fa-gift', '', '', 4),
  (75, 0, '积分商城', 'Points mall', 'fa-diamond', '', '', 5),
  (76, 75, '积分商品', 'Points goods', '', '/Admin/integral_goods', 'Admin/exts/integral_goods/index', 0),
  (77, 75, '商品分类', 'Points goods classes', '', '/Admin/integral_goods_classes', 'Admin/exts/integral_goods_classes/index', 1),
  (78, 75, '积分订单', 'Points orders', '', '/Admin/integral_orders', 'Admin/exts/integral_orders/index', 2),
  (79, 70, '分销管理', 'Referral commission', 'fa-sitemap', '/Admin/distributions', 'Admin/exts/distributions/index', 9)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "admin_menus") AND NOT EXISTS (SELECT 1 FROM "admin_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (50, 0, '营销中心', 'Marketing', 'fa-gift', '', '', 2),
  (55, 50, '分销管理', 'Referral commission', 'fa-sitemap', '/Seller/distributions', 'Seller/distributions/index', 9)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "admin_permission_groups" ("name", "content")
SELECT v.name, v.content
FROM (VALUES ('积分商品分类', 'integral_goods_classes'), ('积分商品', 'integral_goods'), ('积分订单', 'integral_orders'), ('分销设置', 'distributions'), ('分销日志', 'distribution_logs')) AS v(name, content)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups")
  AND NOT EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.content AND g."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT (SELECT g."id" FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL ORDER BY g."id" LIMIT 1), v.name, v.apis, v.apis
FROM (VALUES
  ('integral_goods_classes', '积分商品分类 列表', 'admin.integral_goods_classes.index'),
  ('integral_goods_classes', '积分商品分类 详情', 'admin.integral_goods_classes.show'),
  ('integral_goods_classes', '积分商品分类 新增', 'admin.integral_goods_classes.store'),
  ('integral_goods_classes', '积分商品分类 编辑', 'admin.integral_goods_classes.update'),
  ('integral_goods_classes', '积分商品分类 删除', 'admin.integral_goods_classes.destroy'),
  ('integral_goods_classes', '积分商品分类 导入', 'admin.integral_goods_classes.import'),
  ('integral_goods', '积分商品 列表', 'admin.integral_goods.index'),
  ('integral_goods', '积分商品 详情', 'admin.integral_goods.show'),
  ('integral_goods', '积分商品 新增', 'admin.integral_goods.store'),
  ('integral_goods', '积分商品 编辑', 'admin.integral_goods.update'),
  ('integral_goods', '积分商品 删除', 'admin.integral_goods.destroy'),
  ('integral_orders', '积分订单 列表', 'admin.integral_orders.index'),
  ('integral_orders', '积分订单 详情', 'admin.integral_orders.show'),
  ('integral_orders', '积分订单 编辑', 'admin.integral_orders.update'),
  ('distributions', '分销设置 列表', 'admin.distributions.index'),
  ('distributions', '分销设置 详情', 'admin.distributions.show'),
  ('distributions', '分销设置 删除', 'admin.distributions.destroy'),
  ('distribution_logs', '分销日志 列表', 'admin.distribution_logs.index')
) AS v(grp, name, apis)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = v.apis AND p."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "configs" ("name", "content", "description", "is_type")
SELECT 'integral', '{"order_rate":"100"}', '积分配置', 1
WHERE EXISTS (SELECT 1 FROM "configs")
  AND NOT EXISTS (SELECT 1 FROM "configs" c WHERE c."name" = 'integral' AND c."deleted_at" IS NULL);
