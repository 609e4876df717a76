ALTER TABLE "communities" ADD COLUMN "welcome_text" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "welcome_pending" boolean DEFAULT false NOT NULL;