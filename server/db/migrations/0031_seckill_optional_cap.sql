-- A flash sale's units are an optional cap (issue 25): null = no cap, the goods' own stock limits
-- it (the reference's flash sales had no units of their own). Existing sales keep their cap.
ALTER TABLE "seckills" ALTER COLUMN "stock" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "seckills" ALTER COLUMN "stock" DROP NOT NULL;
