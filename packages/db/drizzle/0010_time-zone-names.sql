-- Issue 27: an edit could store a UTC offset ("+05:30") as an event's time zone, after which every
-- read of that event failed; names were also kept in the letter case they were sent in
-- ("america/new_york"). repair_time_zone() spells a stored name as Postgres's IANA zone list does,
-- or gives `fallback` when it names no zone. repair_stored_time_zones() applies it to every time zone
-- column that holds no known name (an event falls back to the community's zone, the community to
-- America/New_York; a repaired event's SEQUENCE is bumped so subscribed calendars take the change)
-- and answers how many rows it changed. Then CHECKs keep anything not shaped like a zone name out;
-- the API checks the name itself (packages/domain canonicalTimeZone).
CREATE FUNCTION "repair_time_zone"("zone" text, "fallback" text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT "name" FROM pg_timezone_names
      WHERE lower("name") = lower("zone")
        AND "name" ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$'
        AND "name" !~ '^(posix|right)/'
      ORDER BY "name" = "zone" DESC, "name"
      LIMIT 1),
    "fallback")
$$;
--> statement-breakpoint
CREATE FUNCTION "repair_stored_time_zones"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  known text[] := ARRAY(
    SELECT "name" FROM pg_timezone_names
    WHERE "name" ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$' AND "name" !~ '^(posix|right)/');
  community_zone text;
  changed integer;
  total integer := 0;
BEGIN
  UPDATE "communities" SET "time_zone" = repair_time_zone("time_zone", 'America/New_York')
    WHERE NOT ("time_zone" = ANY (known));
  GET DIAGNOSTICS changed = ROW_COUNT;
  total := total + changed;
  SELECT "time_zone" INTO community_zone FROM "communities" ORDER BY "created_at" LIMIT 1;
  community_zone := coalesce(community_zone, 'America/New_York');
  UPDATE "events"
    SET "time_zone" = repair_time_zone("time_zone", community_zone), "sequence" = "sequence" + 1, "updated_at" = now()
    WHERE NOT ("time_zone" = ANY (known));
  GET DIAGNOSTICS changed = ROW_COUNT;
  total := total + changed;
  UPDATE "event_tombstones" SET "time_zone" = repair_time_zone("time_zone", community_zone)
    WHERE NOT ("time_zone" = ANY (known));
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN total + changed;
END $$;
--> statement-breakpoint
SELECT "repair_stored_time_zones"();
--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_time_zone_name" CHECK ("communities"."time_zone" ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$');--> statement-breakpoint
ALTER TABLE "event_tombstones" ADD CONSTRAINT "event_tombstones_time_zone_name" CHECK ("event_tombstones"."time_zone" ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$');--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_time_zone_name" CHECK ("events"."time_zone" ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$');
