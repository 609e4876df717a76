// Tells a space's members about a newly published event: a notification row each (their inbox,
// which survives being offline), written in one statement, then one fan-out call that reaches
// every member's user room (services/notifications.ts). A live stream starting now (what Go Live
// creates) is a ROOM_CALL, "{host} is live in {space}: {title}"; any other event an
// EVENT_ANNOUNCEMENT. Only the space's members hear of it: they are its readers (a public space's
// other readers are not notified, as for its posts). The write has already committed; a failed
// push only means the client says the announcement could not be sent.
//
// One author's announcements coalesce (issue 27): a member has at most one unread announcement of
// each type per author (a partial unique index), which a later one updates ("3 new events by Ann
// Lee, the latest: …"). Within COALESCE_WINDOW_MS of that row's time the update is silent; after
// it the row moves to the top and is pushed again, so a flood costs each member one row and one
// toast, while an event days later is still heard of.
import { notifications } from '@community/db/schema';
import type { CommunityEvent } from '@community/domain';
import { errorFields } from '@community/realtime-protocol';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { logEvent } from '../lib/request-trace.ts';
import { isoColumn, pushNotifications } from './notifications.ts';
import { rowsOf } from './posts-rows.ts';

/** Announcements of one author to one member within this long make one toast. */
export const COALESCE_WINDOW_MS = 10 * 60_000;

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
    const payload = { eventId: event.id, spaceId: event.spaceId, authorId: event.authorId };
    // The space's name is read in the statement; the host hears nothing about their own stream.
    const title = live
      ? sql`${`${event.host.firstName} ${event.host.lastName} is live in `} || s.name || ${`: ${event.title}`}`
      : sql`${`New event: ${event.title}`}`;
    // A later call replaces an unread one; later events are counted, under their author's name.
    const count = sql`coalesce((${notifications.payload}->>'count')::int, 1) + 1`;
    const mergedTitle = live
      ? sql`excluded.title`
      : sql`(${count})::text || ${' new events by '}::text ||
          (select u.first_name || ' ' || u.last_name from users u where u.id = ${event.authorId})
          || ${`, the latest: ${event.title}`}::text`;
    const rows = rowsOf<AnnouncementRow>(
      await db.execute(sql`
        insert into ${notifications} (user_id, type, title, payload)
        select m.user_id, ${type}::notification_type, ${title}, ${JSON.stringify({ ...payload, count: 1 })}::jsonb
        from space_members m join spaces s on s.id = m.space_id
        where m.space_id = ${event.spaceId} and m.user_id <> ${event.authorId}
          ${live ? sql`and m.user_id <> ${event.hostId}` : sql``}
        on conflict (user_id, type, (payload->>'authorId'))
          where type in ('EVENT_ANNOUNCEMENT', 'ROOM_CALL') and read_at is null
        do update set
          title = ${mergedTitle},
          payload = excluded.payload || jsonb_build_object('count', ${count}),
          created_at = case
            when ${notifications.createdAt} < now() - make_interval(secs => ${COALESCE_WINDOW_MS / 1000})
            then now() else ${notifications.createdAt} end
        returning id, user_id, title, payload->>'count' as count, created_at = now() as fresh,
          ${isoColumn('created_at')} as created_at`),
    );
    return await pushAnnouncements(realtime, config, type, payload, rows);
  } catch (error) {
    logEvent('warn', 'Event announcement failed', { eventId: event.id, error: errorFields(error) });
    return false;
  }
}

type AnnouncementRow = {
  id: string;
  user_id: string;
  created_at: string;
  title: string;
  count: string;
  fresh: boolean;
};

/**
 * Pushes the rows written or moved to the top just now (not the silent merges), one fan-out per
 * distinct title: members who had read the last one get "New event: …", others a count.
 */
async function pushAnnouncements(
  realtime: Fetcher,
  config: Config,
  type: 'ROOM_CALL' | 'EVENT_ANNOUNCEMENT',
  payload: Record<string, string>,
  rows: AnnouncementRow[],
): Promise<boolean> {
  const byTitle = new Map<string, AnnouncementRow[]>();
  for (const row of rows.filter((candidate) => candidate.fresh)) {
    const key = `${row.count}\n${row.title}`;
    const group = byTitle.get(key);
    if (group) group.push(row);
    else byTitle.set(key, [row]);
  }
  const pushed = await Promise.all(
    [...byTitle.values()].map((group) => {
      const [{ title, count }] = group as [AnnouncementRow];
      return pushNotifications(realtime, config, group, { type, title, payload: { ...payload, count } });
    }),
  );
  return pushed.every(Boolean);
}
