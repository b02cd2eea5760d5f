-- Settlement and withdrawal pages (issue 13) on a database seeded before them: the menu rows a
-- fresh seed writes (server/db/seed/menus.ts: admin 66 结算管理 / 67 提现管理 under 37 资金管理;
-- seller 42 订单结算 / 43 资金提现 under 4 店铺中心), the permissions of the new admin routes in
-- their groups (so a role can be granted them), and the store config's platform commission
-- (0 %: an existing shop keeps paying its stores in full until the operator sets one).
-- A fresh database has no menus, groups or configs yet here: its seed writes them after the migrations.
INSERT INTO "admin_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, '', v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (66, 37, '结算管理', 'Settlements', '/Admin/order_settlements', 'Admin/exts/order_settlements/index', 1),
  (67, 37, '提现管理', 'Withdrawals', '/Admin/cashes', 'Admin/exts/cashes/index', 2)
) AS v(id, pid, name, ename, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "admin_menus") AND NOT EXISTS (SELECT 1 FROM "admin_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (42, 4, '订单结算', 'Settlements', 'fa-calculator', '/Seller/order_settlements', 'Seller/order_settlements/index', 2),
  (43, 4, '资金提现', 'Withdrawals', 'fa-credit-card', '/Seller/cashes', 'Seller/cashes/index', 3)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
--> statement-breakpoint
INSERT INTO "admin_permission_groups" ("name", "content")
SELECT v.name, v.content
FROM (VALUES ('订单结算', 'order_settlements'), ('资金提现', 'cashes')) AS v(name, content)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups")
  AND NOT EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.content AND g."deleted_at" IS NULL);
--> statement-breakpoint
INSERT INTO "admin_permissions" ("pid", "name", "apis", "content")
SELECT (SELECT g."id" FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL ORDER BY g."id" LIMIT 1), v.name, v.apis, v.apis
FROM (VALUES
  ('order_settlements', '订单结算 列表', 'admin.order_settlements.index'),
  ('order_settlements', '订单结算 详情', 'admin.order_settlements.show'),
  ('order_settlements', '订单结算 执行', 'admin.order_settlements.handle'),
  ('cashes', '资金提现 列表', 'admin.cashes.index'),
  ('cashes', '资金提现 详情', 'admin.cashes.show'),
  ('cashes', '资金提现 编辑', 'admin.cashes.update')
) AS v(grp, name, apis)
WHERE EXISTS (SELECT 1 FROM "admin_permission_groups" g WHERE g."content" = v.grp AND g."deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "admin_permissions" p WHERE p."apis" = v.apis AND p."deleted_at" IS NULL);
--> statement-breakpoint
UPDATE "configs" SET "content" = ("content"::jsonb || '{"commission": "0"}'::jsonb)::text
WHERE "name" = 'store' AND "deleted_at" IS NULL AND "content" ~ '^\s*\{' AND NOT ("content"::jsonb ? 'commission');
