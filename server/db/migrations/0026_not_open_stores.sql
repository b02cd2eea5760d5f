-- Every goods search excludes the goods of stores that are not open (server/modules/shop/goodsSearch.ts
-- inOpenStore: store_id not in those stores): this index lists them, a handful, so a search reads a
-- few index entries instead of every store's row.
CREATE INDEX "stores_not_open_idx" ON "stores" USING btree ("id") WHERE ("stores"."store_status" = 1 and "stores"."store_verify" = 4 and "stores"."deleted_at" is null) is not true;