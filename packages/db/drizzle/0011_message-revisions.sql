-- Issue 28: each chat channel (a space, a conversation) counts the changes to its messages (edits,
-- deletions, later reactions): last_rev on the channel, rev on the changed message, set in one
-- statement (sequenced-channel.ts reviseSequenced); a reconnecting client asks ?changedAfter=<rev>.
ALTER TABLE "conversations" ADD COLUMN "last_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_messages" ADD COLUMN "rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "last_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "direct_messages_conversation_id_rev_idx" ON "direct_messages" USING btree ("conversation_id","rev");--> statement-breakpoint
CREATE INDEX "space_messages_space_id_rev_idx" ON "space_messages" USING btree ("space_id","rev");