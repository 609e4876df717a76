ALTER TYPE "public"."notification_type" ADD VALUE 'EVENT_CANCELLED';--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_reason" text;