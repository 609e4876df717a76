// Tells a space's members about a newly published event: a notification row each (their inbox,
// which survives being offline), then a live push to each member's room. The write has already
// committed; a failed push only means the client says the announcement could not be sent.
import { notifications, spaceMembers } from '@community/db/schema';
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { publishToUser } from './realtime.ts';

/** Pushes at most this many room commands at once. */
const PUSH_CONCURRENCY = 16;

export async function announceEvent(
  db: Database,
  realtime: Fetcher,
  config: Config,
  event: { id: string; title: string; spaceId: string; authorId: string },
): Promise<boolean> {
  try {
    const members = await db
      .select({ userId: spaceMembers.userId })
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, event.spaceId), ne(spaceMembers.userId, event.authorId)));
    if (members.length === 0) return true;
    const title = `New event: ${event.title}`;
    const payload = { eventId: event.id, spaceId: event.spaceId };
    const rows = await db
      .insert(notifications)
      .values(members.map(({ userId }) => ({ userId, type: 'EVENT_ANNOUNCEMENT' as const, title, payload })))
      .returning({ id: notifications.id, userId: notifications.userId, createdAt: notifications.createdAt });
    let delivered = true;
    for (let start = 0; start < rows.length; start += PUSH_CONCURRENCY) {
      const batch = rows.slice(start, start + PUSH_CONCURRENCY);
      const results = await Promise.all(
        batch.map((row) =>
          publishToUser(realtime, config, row.userId, {
            type: 'notification',
            id: row.id,
            cursor: row.createdAt.toISOString(),
            notification: { type: 'EVENT_ANNOUNCEMENT', title, payload },
          }),
        ),
      );
      delivered &&= results.every(Boolean);
    }
    return delivered;
  } catch (error) {
    console.warn('Event announcement failed', event.id, error);
    return false;
  }
}
