-- An RSVP in one statement (edge-api/src/services/event-waitlist.ts rsvpOrWait; ADR 0021): the
-- event row is locked, then every step reads afresh (a VOLATILE function takes a new snapshot per
-- statement under READ COMMITTED, so the count sees RSVPs committed while it waited for the lock).
-- The lock is held for the function's own few microseconds, not for a client's round trips.
-- Rows are stamped when the lock is held (clock_timestamp(), not the statement's start), so the
-- waitlist's order (created_at, user id) is the order RSVPs passed the lock, as promotions and the
-- positions callers are told follow. Answers 'missing' (no such event), 'cancelled', 'going' or 'waiting'.
CREATE OR REPLACE FUNCTION event_rsvp(p_event uuid, p_user uuid) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_capacity integer;
  v_cancelled timestamptz;
BEGIN
  SELECT capacity, cancelled_at INTO v_capacity, v_cancelled FROM events WHERE id = p_event FOR UPDATE;
  IF NOT FOUND THEN RETURN 'missing'; END IF;
  -- Taking an RSVP back stays possible once the event is off; giving one or waiting is not.
  IF v_cancelled IS NOT NULL THEN RETURN 'cancelled'; END IF;
  IF EXISTS (SELECT 1 FROM event_members WHERE event_id = p_event AND user_id = p_user) THEN
    RETURN 'going';
  END IF;
  IF EXISTS (SELECT 1 FROM event_waitlist WHERE event_id = p_event AND user_id = p_user) THEN
    RETURN 'waiting';
  END IF;
  -- Every RSVP row counts (a blocked member's too): a place is taken until its row is gone.
  IF v_capacity IS NULL OR (SELECT count(*) FROM event_members WHERE event_id = p_event) < v_capacity THEN
    INSERT INTO event_members (event_id, user_id, created_at)
    VALUES (p_event, p_user, clock_timestamp()) ON CONFLICT DO NOTHING;
    RETURN 'going';
  END IF;
  INSERT INTO event_waitlist (event_id, user_id, created_at)
  VALUES (p_event, p_user, clock_timestamp()) ON CONFLICT DO NOTHING;
  RETURN 'waiting';
END
$$;
