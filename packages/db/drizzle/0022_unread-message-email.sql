CREATE TABLE "mail_watermarks" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"through" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_watermarks_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_watermarks" ADD CONSTRAINT "mail_watermarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;