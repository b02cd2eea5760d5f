-- The goods search without keywords picks its page from an index alone, then reads those rows
-- by id (server/modules/shop/goodsSearch.ts goodsPageQuery): the public class, brand and id
-- indexes also carry what the filter, the open-store join and the sorts read. Same names and
-- keys as the schema declares (Drizzle has no INCLUDE); only the included columns are new.
DROP INDEX IF EXISTS goods_public_class_idx;
--> statement-breakpoint
CREATE INDEX goods_public_class_idx ON goods (class_id, id) INCLUDE (store_id, goods_price, goods_sale, comment_count) WHERE goods_status = 1 AND goods_verify = 1 AND deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS goods_public_brand_id_idx;
--> statement-breakpoint
CREATE INDEX goods_public_brand_id_idx ON goods (brand_id, id) INCLUDE (store_id, class_id, goods_price, goods_sale, comment_count) WHERE goods_status = 1 AND goods_verify = 1 AND deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS goods_public_idx;
--> statement-breakpoint
CREATE INDEX goods_public_idx ON goods (id) INCLUDE (store_id, class_id, brand_id, is_recommend, is_master, goods_price, goods_sale, comment_count) WHERE goods_status = 1 AND goods_verify = 1 AND deleted_at IS NULL;
