DROP INDEX "order_comments_goods_idx";--> statement-breakpoint
CREATE INDEX "order_comments_goods_created_idx" ON "order_comments" USING btree ("goods_id","created_at","id");