ALTER TABLE "event_tombstones" ADD COLUMN "space_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_announcement_key" ON "notifications" USING btree ("user_id","type",("payload"->>'authorId')) WHERE "notifications"."type" in ('EVENT_ANNOUNCEMENT', 'ROOM_CALL') and "notifications"."read_at" is null;--> statement-breakpoint
-- A tombstone keeps its event's space, so feeds show the cancellation only to that space's readers.
CREATE OR REPLACE FUNCTION "event_tombstone_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.published THEN
    INSERT INTO "event_tombstones" ("event_id", "space_id", "title", "start_date", "end_date", "time_zone", "repeat", "sequence")
    VALUES (OLD.id, OLD.space_id, OLD.title, OLD.start_date, OLD.end_date, OLD.time_zone, OLD.repeat, OLD.sequence + 1)
    ON CONFLICT ("event_id") DO NOTHING;
  END IF;
  RETURN OLD;
END $$;
