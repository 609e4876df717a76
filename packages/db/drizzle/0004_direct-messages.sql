ALTER TABLE "conversation_participants" ADD COLUMN "last_read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_messages_author_id_idx" ON "direct_messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Older duplicates (before coalescing) are marked read so the index can be built.
UPDATE "notifications" SET "read_at" = now() WHERE "type" = 'SPACE_MESSAGE' AND "read_at" IS NULL AND "id" NOT IN (
  SELECT DISTINCT ON ("user_id", "payload"->>'spaceId') "id" FROM "notifications"
  WHERE "type" = 'SPACE_MESSAGE' AND "read_at" IS NULL ORDER BY "user_id", "payload"->>'spaceId', "created_at" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_space_message_key" ON "notifications" USING btree ("user_id",("payload"->>'spaceId')) WHERE "notifications"."type" = 'SPACE_MESSAGE' and "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_conversation_id_idx" ON "uploads" USING btree ("conversation_id");--> statement-breakpoint
-- Conversations that already have messages keep their place in the list, and what was there before
-- this migration counts as read.
UPDATE "conversations" SET "last_message_at" = (
  SELECT max("created_at") FROM "direct_messages" WHERE "direct_messages"."conversation_id" = "conversations"."id"
);--> statement-breakpoint
UPDATE "conversation_participants" SET "last_read_seq" = "conversations"."last_seq"
  FROM "conversations" WHERE "conversations"."id" = "conversation_participants"."conversation_id";
