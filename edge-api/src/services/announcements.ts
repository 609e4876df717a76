// Tells a space's members about a newly published event: a notification row each (their inbox,
// which survives being offline), inserted in one statement, then one fan-out call that reaches
// every member's user room (services/notifications.ts). A live stream starting now (what Go Live
// creates) is a ROOM_CALL, "{host} is live in {space}: {title}"; any other event an
// EVENT_ANNOUNCEMENT. The write has already committed; a failed push only means the client says
// the announcement could not be sent.
import { notifications } from '@community/db/schema';
import type { CommunityEvent } from '@community/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { isoColumn, pushNotifications } from './notifications.ts';
import { rowsOf } from './posts-rows.ts';

/** A streamed event starting within this long counts as "live now". */
export const LIVE_SOON_MS = 5 * 60_000;

type AnnouncedEvent = Pick<
  CommunityEvent,
  'id' | 'title' | 'spaceId' | 'authorId' | 'hostId' | 'location' | 'startDate' | 'endDate'
> & { host: { firstName: string; lastName: string } };

/** A stream (not in person) that has started or starts within LIVE_SOON_MS, and has not ended. */
export function isLiveNow(
  event: Pick<AnnouncedEvent, 'location' | 'startDate' | 'endDate'>,
  now = Date.now(),
): boolean {
  return (
    event.location !== 'IN_PERSON' &&
    Date.parse(event.startDate) <= now + LIVE_SOON_MS &&
    Date.parse(event.endDate) > now
  );
}

export async function announceEvent(
  db: Database,
  realtime: Fetcher,
  config: Config,
  event: AnnouncedEvent,
): Promise<boolean> {
  try {
    const live = isLiveNow(event);
    const type = live ? 'ROOM_CALL' : 'EVENT_ANNOUNCEMENT';
    const payload = { eventId: event.id, spaceId: event.spaceId };
    // The space's name is read in the statement; the host hears nothing about their own stream.
    const title = live
      ? sql`${`${event.host.firstName} ${event.host.lastName} is live in `} || s.name || ${`: ${event.title}`}`
      : sql`${`New event: ${event.title}`}`;
    const rows = rowsOf<{ id: string; user_id: string; created_at: string; title: string }>(
      await db.execute(sql`
        insert into ${notifications} (user_id, type, title, payload)
        select m.user_id, ${type}::notification_type, ${title}, ${JSON.stringify(payload)}::jsonb
        from space_members m join spaces s on s.id = m.space_id
        where m.space_id = ${event.spaceId} and m.user_id <> ${event.authorId}
          ${live ? sql`and m.user_id <> ${event.hostId}` : sql``}
        returning id, user_id, title, ${isoColumn('created_at')} as created_at`),
    );
    const [first] = rows;
    if (!first) return true;
    return await pushNotifications(realtime, config, rows, { type, title: first.title, payload });
  } catch (error) {
    console.warn('Event announcement failed', event.id, error);
    return false;
  }
}
