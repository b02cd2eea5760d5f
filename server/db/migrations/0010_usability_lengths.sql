ALTER TABLE "stores" ALTER COLUMN "store_refuse_info" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "store_refuse_info" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "expresses" ALTER COLUMN "name" SET DATA TYPE varchar(30);--> statement-breakpoint
ALTER TABLE "expresses" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
-- English menu names (issue 15: the back office in English showed Chinese tabs, sidebar, titles
-- and breadcrumbs; most seeded rows had no ename, some the placeholder "Menu Name"). A database
-- seeded before gets them where the row still has the seeded Chinese name and no English one.
UPDATE "admin_menus" AS m SET "ename" = v.ename
FROM (VALUES
  (1, '工作台', 'Workbench'),
  (59, '仪表盘', 'Dashboard'),
  (19, '公告中心', 'Notices'),
  (20, '公告管理', 'Notice management'),
  (16, '文章中心', 'Articles'),
  (17, '文章栏目', 'Article columns'),
  (18, '文章管理', 'Article management'),
  (26, '商品中心', 'Goods centre'),
  (27, '商品分类', 'Goods classes'),
  (28, '商品管理', 'Goods'),
  (29, '品牌管理', 'Brands'),
  (30, '店铺中心', 'Store centre'),
  (31, '店铺管理', 'Stores'),
  (32, '店铺管理', 'Store management'),
  (60, '店铺配置', 'Store settings'),
  (35, '订单中心', 'Orders'),
  (36, '订单管理', 'Order management'),
  (49, '物流中心', 'Logistics'),
  (50, '区域地址', 'Areas'),
  (51, '物流公司', 'Couriers'),
  (2, '系统中心', 'System'),
  (3, '系统配置', 'System settings'),
  (10, '网站配置', 'Website settings'),
  (21, '支付配置', 'Payment settings'),
  (22, '第三方登录', 'Third-party login'),
  (63, '货币管理', 'Currencies'),
  (62, '版本更新', 'App versions'),
  (4, '用户管理', 'Users'),
  (6, '用户管理', 'Administrators'),
  (61, '平台用户', 'Platform users'),
  (7, '角色管理', 'Roles'),
  (8, '接口分组', 'API groups'),
  (9, '接口管理', 'APIs'),
  (11, '短信配置', 'SMS'),
  (12, '基础配置', 'SMS settings'),
  (13, '签名配置', 'SMS signatures'),
  (14, '短信日志', 'SMS logs'),
  (23, '广告中心', 'Adverts'),
  (24, '广告位', 'Advert spaces'),
  (25, '广告管理', 'Advert management'),
  (37, '资金管理', 'Funds'),
  (38, '用户资金', 'User funds'),
  (5, '菜单管理', 'Menus'),
  (33, '后台菜单', 'Admin menus'),
  (34, '商家菜单', 'Seller menus'),
  (15, '协议管理', 'Agreements')
) AS v(id, name, ename)
WHERE m."id" = v.id AND m."name" = v.name AND m."ename" IN ('', 'Menu Name');--> statement-breakpoint
UPDATE "user_menus" AS m SET "ename" = v.ename
FROM (VALUES
  (1, '工作台', 'Workbench'),
  (37, '仪表盘', 'Dashboard'),
  (3, '商品中心', 'Goods centre'),
  (12, '商品管理', 'Goods'),
  (9, '属性规格', 'Attributes & specs'),
  (10, '属性管理', 'Attributes'),
  (11, '规格管理', 'Specs'),
  (4, '店铺中心', 'Store centre'),
  (13, '店铺配置', 'Store settings'),
  (14, '店铺资金', 'Store funds'),
  (39, '图片空间', 'Image space'),
  (30, '运费配置', 'Freight settings'),
  (19, '订单中心', 'Orders'),
  (20, '订单管理', 'Order management'),
  (31, '全部订单', 'All orders'),
  (32, '待发订单', 'Orders to ship'),
  (5, '系统中心', 'System'),
  (6, '用户管理', 'Users'),
  (7, '用户管理', 'Staff'),
  (8, '角色管理', 'Roles')
) AS v(id, name, ename)
WHERE m."id" = v.id AND m."name" = v.name AND m."ename" IN ('', 'Menu Name');
