CREATE TABLE "event_cancelled_occurrences" (
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_cancelled_occurrences_event_id_occurrence_start_pk" PRIMARY KEY("event_id","occurrence_start")
);
--> statement-breakpoint
CREATE TABLE "event_tombstones" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"repeat" "event_repeat" NOT NULL,
	"sequence" integer NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_cancelled_occurrences" ADD CONSTRAINT "event_cancelled_occurrences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_tombstones_deleted_at_idx" ON "event_tombstones" USING btree ("deleted_at");--> statement-breakpoint
-- A deleted published event leaves a tombstone, whatever deleted it (a host, or a cascade from its
-- space or author), so calendar feeds can send STATUS:CANCELLED. Written here, not by the API, since
-- cascades never pass through our code.
CREATE FUNCTION "event_tombstone_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.published THEN
    INSERT INTO "event_tombstones" ("event_id", "title", "start_date", "end_date", "time_zone", "repeat", "sequence")
    VALUES (OLD.id, OLD.title, OLD.start_date, OLD.end_date, OLD.time_zone, OLD.repeat, OLD.sequence + 1)
    ON CONFLICT ("event_id") DO NOTHING;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_tombstone_after_delete" AFTER DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "event_tombstone_on_delete"();
