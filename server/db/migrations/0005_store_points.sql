ALTER TABLE "stores" ALTER COLUMN "store_lat" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "store_lat" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "store_lng" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "store_lng" DROP NOT NULL;--> statement-breakpoint
-- The columns' old default (the reference's visitor point, 39.92 / 116.46) was no store's real
-- point: stores that still hold it, or no valid number, have no map point.
UPDATE "stores" SET "store_lat" = NULL, "store_lng" = NULL
WHERE ("store_lat" = '39.92' AND "store_lng" = '116.46')
   OR "store_lat" !~ '^-?[0-9]{1,3}(\.[0-9]+)?$'
   OR "store_lng" !~ '^-?[0-9]{1,3}(\.[0-9]+)?$';
