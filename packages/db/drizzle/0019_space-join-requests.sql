CREATE TYPE "public"."space_join_request_status" AS ENUM('PENDING', 'DECLINED');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'JOIN_REQUEST';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'JOIN_APPROVED';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'JOIN_DECLINED';--> statement-breakpoint
CREATE TABLE "space_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "space_join_request_status" DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "space_join_requests_space_id_user_id_key" UNIQUE("space_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "space_join_requests" ADD CONSTRAINT "space_join_requests_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_join_requests" ADD CONSTRAINT "space_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_join_requests_space_id_status_idx" ON "space_join_requests" USING btree ("space_id","status","created_at");--> statement-breakpoint
CREATE INDEX "space_join_requests_user_id_idx" ON "space_join_requests" USING btree ("user_id");