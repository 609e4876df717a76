DROP INDEX "posts_created_at_id_idx";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "client_key" text;--> statement-breakpoint
-- Posts written before walls belonged to spaces go to the first public space (or the first space).
ALTER TABLE "posts" ADD COLUMN "space_id" uuid;--> statement-breakpoint
UPDATE "posts" SET "space_id" = (SELECT "id" FROM "spaces" ORDER BY ("type" = 'PUBLIC') DESC, "created_at" LIMIT 1);--> statement-breakpoint
DELETE FROM "posts" WHERE "space_id" IS NULL;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "space_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "client_key" text;--> statement-breakpoint
UPDATE "posts" SET
  "published_at" = coalesce("scheduled_at", "created_at"),
  "likes_count" = (SELECT count(*) FROM "post_likes" WHERE "post_id" = "posts"."id"),
  "comments_count" = (SELECT count(*) FROM "comments" WHERE "post_id" = "posts"."id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_space_published_idx" ON "posts" USING btree ("space_id","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "posts_space_popular_idx" ON "posts" USING btree ("space_id","likes_count","comments_count","id");--> statement-breakpoint
CREATE INDEX "posts_popular_idx" ON "posts" USING btree ("likes_count","comments_count","id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_client_key_unique" UNIQUE("user_id","client_key");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_client_key_unique" UNIQUE("author_id","client_key");