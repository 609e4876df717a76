// Notifications about one event to some of its members (a cancellation, a waitlist promotion, a
// reminder):
// only those who may still open the event hear of it (they read its space, are not blocked, and
// have `events` on, the rule mentions follow too, docs/features.md), in one statement, then one
// fan-out. Best effort: what caused it stands whatever happens here; the answer says whether the
// push went out.
import { notifications } from '@community/db/schema';
import { errorFields } from '@community/realtime-protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { logEvent } from '../lib/request-trace.ts';
import { isoColumn, pushNotifications } from './notifications.ts';
import { rowsOf } from './posts-rows.ts';
import { publishToPostsRoom } from './realtime.ts';

type InsertedRow = { id: string; user_id: string; created_at: string };

export type EventNotice = {
  type: 'EVENT_CANCELLED' | 'WAITLIST_PROMOTED' | 'EVENT_REMINDER';
  title: string;
  /** A query of the user ids to consider (`select … as id`); the rule above picks among them. */
  candidates: SQL;
  /** More ids for the link (`{ eventId, spaceId }` always). */
  payload?: Record<string, string>;
  /**
   * A `with` clause run in the same statement, which `candidates` may read: the reminders' ledger
   * row, so a reminder is recorded if and only if its notifications are written.
   */
  withClause?: SQL;
};

export async function notifyAboutEvent(
  db: Database,
  realtime: Fetcher,
  config: Config,
  event: { id: string; spaceId: string },
  { type, title, candidates, payload: more, withClause }: EventNotice,
): Promise<boolean> {
  try {
    const payload = { eventId: event.id, spaceId: event.spaceId, ...more };
    const rows = rowsOf<InsertedRow>(
      await db.execute(sql`
        ${withClause ?? sql``}
        insert into ${notifications} (user_id, type, title, payload)
        select u.id, ${sql.raw(`'${type}'`)}, ${title}, ${JSON.stringify(payload)}::jsonb
        from users u
        join events e on e.id = ${event.id}
        join spaces s on s.id = e.space_id
        where u.id in (${candidates}) and not u.is_blocked
          and (s.type = 'PUBLIC' or exists
            (select 1 from space_members m where m.space_id = s.id and m.user_id = u.id))
          and exists (select 1 from user_features f
            where f.user_id = u.id and f.feature = 'events' and f.enabled)
        returning id, user_id, ${isoColumn('created_at')} as created_at`),
    );
    return await pushNotifications(realtime, config, rows, { type, title, payload });
  } catch (error) {
    logEvent('error', 'Event notification failed', { type, eventId: event.id, error: errorFields(error) });
    return false;
  }
}

/**
 * Tells the event pages open in the event's space that what they show of its places changed (an
 * RSVP given or taken back, the waitlist, a promotion, capacity, cancelled or back on): one small
 * `event.changed` to the space's posts room, whose sockets are the space's readers, those who may
 * see the event; each page reads the event again. Drafts are their author's alone: nothing is sent.
 * Best effort, as every broadcast (sendRoomCommand logs a failure).
 */
export async function publishEventChanged(
  realtime: Fetcher,
  config: Config,
  event: { id: string; spaceId: string; published: boolean },
): Promise<void> {
  if (!event.published) return;
  await publishToPostsRoom(realtime, config, event.spaceId, { type: 'event.changed', eventId: event.id });
}
