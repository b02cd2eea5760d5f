CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"last_message_id" integer DEFAULT 0 NOT NULL,
	"user_read_id" integer DEFAULT 0 NOT NULL,
	"store_read_id" integer DEFAULT 0 NOT NULL,
	"user_unread" integer DEFAULT 0 NOT NULL,
	"store_unread" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"from_store" smallint DEFAULT 0 NOT NULL,
	"sender_id" integer DEFAULT 0 NOT NULL,
	"content_type" varchar(10) DEFAULT 'text' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"card" jsonb,
	"client_id" varchar(64),
	"created_at" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_pair_uq" ON "chat_conversations" USING btree ("user_id","store_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_store_idx" ON "chat_conversations" USING btree ("store_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "chat_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_store_idx" ON "chat_messages" USING btree ("store_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_uq" ON "chat_messages" USING btree ("sender_id","client_id") WHERE "chat_messages"."client_id" is not null;--> statement-breakpoint
-- The seller centre's customer-service page (issue 27) on a database seeded before it: the menu
-- row a fresh seed writes (server/db/seed/menus.ts: seller 38 客服聊天 /Seller/chats under 1 工作台,
-- the reference's id). A fresh database has no menus yet here: its seed writes them.
INSERT INTO "user_menus" ("id", "pid", "name", "ename", "icon", "apis", "view", "is_open", "is_sort", "content")
SELECT v.id, v.pid, v.name, v.ename, v.icon, v.apis, v.view, 0, v.is_sort, ''
FROM (VALUES
  (38, 1, '客服聊天', 'Customer chat', 'fa-comments-o', '/Seller/chats', 'Seller/chats/index', 1)
) AS v(id, pid, name, ename, icon, apis, view, is_sort)
WHERE EXISTS (SELECT 1 FROM "user_menus") AND NOT EXISTS (SELECT 1 FROM "user_menus" m WHERE m."id" = v.id);
