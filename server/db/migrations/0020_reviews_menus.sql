-- The reviews pages (issue 13) on a database seeded before them: the menu rows a fresh seed
-- writes (server/db/seed/menus.ts: admin 65 评论管理 /Admin/comments under 26 商品中心; seller
-- 41 评论管理 /Seller/comments under 3 商品中心), the permissions of the operator's review routes
-- (admin.comments.index / .show / .update / .destroy) in their group, and the SMS template of a
-- phone change (new_phone).
-- A fresh database has no menus or groups yet here: its seed writes them.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (65, 26, '评论管理', 'Reviews', 'fa-commenting', '/Admin/comments', 'Admin/comments/index', 3)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "admin_menus") AND NOT EXISTS (SELECT 1 FROM "admin_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (41, 3, '评论管理', 'Reviews', 'fa-commenting', '/Seller/comments', 'Seller/comments/index', 2)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "admin_permission_groups" ("name", "content")
SELECT '评论', 'comments'
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups")
  AND NOT EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = 'comments' AND g."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT (SELECT g."id" FROM "admin_permission_groups" g WHERE g."content" = 'comments' AND g."deleted_at" IS NULL ORDER BY g."id" LIMIT 1), v.name, v.apis, v.apis
FROM (VALUES
  ('评论 列表', 'admin.comments.index'),
  ('评论 详情', 'admin.comments.show'),
  ('评论 编辑', 'admin.comments.update'),
  ('评论 删除', 'admin.comments.destroy')
) AS v(name, apis)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = 'comments' AND g."deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = v.apis AND p."deleted_at" IS NULL);
--> statement-breakpoint
-- the SMS template of a phone change's code to the new phone (user centre /user/safe)
INSERT INTO "sms" ("name", "code", "content", "description")
SELECT 'new_phone', 'SMS_NEW_PHONE', 'Souk商城', '更换手机号验证码'
WHERE EXISTS (SELECT 1 FROM "sms") AND NOT EXISTS (SELECT 1 FROM "sms" s WHERE s."name" = 'new_phone' AND s."deleted_at" IS NULL);
