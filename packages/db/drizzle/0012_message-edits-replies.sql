-- Issue 28: a message's author may edit it (edited_at, and edit_key: the edit's client key, so a
-- retried edit changes nothing) and a message may reply to another of the same channel (reply_to_id;
-- the channel is checked on send).
ALTER TABLE "direct_messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "edit_key" text;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "space_messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "space_messages" ADD COLUMN "edit_key" text;--> statement-breakpoint
ALTER TABLE "space_messages" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD CONSTRAINT "direct_messages_reply_to_id_direct_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."direct_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_messages" ADD CONSTRAINT "space_messages_reply_to_id_space_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."space_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_messages_reply_to_id_idx" ON "direct_messages" USING btree ("reply_to_id");--> statement-breakpoint
CREATE INDEX "space_messages_reply_to_id_idx" ON "space_messages" USING btree ("reply_to_id");