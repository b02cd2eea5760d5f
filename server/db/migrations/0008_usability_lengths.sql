ALTER TABLE "stores" ALTER COLUMN "store_refuse_info" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "store_refuse_info" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "expresses" ALTER COLUMN "name" SET DATA TYPE varchar(30);--> statement-breakpoint
ALTER TABLE "expresses" ALTER COLUMN "name" SET DEFAULT '';