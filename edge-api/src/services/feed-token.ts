// Calendar apps cannot sign in, so the community feed URL carries a per-user token: an HMAC, under
// the server's secret, of the user id and the user's own `calendar_feed_key`. It grants read access
// to published events only. A new key ("Reset link") retires every URL given out before; a blocked
// or deleted user's URL stops working because the key is looked up with the account.
import { users } from '@community/db/schema';
import { hmacSign, hmacVerify } from '@community/realtime-protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';

const purpose = (userId: string, feedKey: string) => `calendar-feed:${userId}:${feedKey}`;

/** The feed key of an account that may still read the feed (exists, not blocked), or null. */
async function activeFeedKey(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ feedKey: users.calendarFeedKey })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isBlocked, false)));
  return row?.feedKey ?? null;
}

export const calendarFeedUrl = (origin: string, userId: string, token: string) =>
  `${origin}/api/events.ics?user=${userId}&token=${token}`;

/** The current token of a signed-in (so existing, unblocked) user. */
export async function calendarFeedToken(db: Database, secret: string, userId: string): Promise<string> {
  const feedKey = await activeFeedKey(db, userId);
  if (!feedKey) throw new Error('Calendar feed asked for a user who cannot have one');
  return hmacSign(secret, purpose(userId, feedKey));
}

export async function checkCalendarFeedToken(
  db: Database,
  secret: string,
  userId: string,
  token: string,
): Promise<boolean> {
  const feedKey = await activeFeedKey(db, userId);
  if (!feedKey) return false;
  return hmacVerify(secret, purpose(userId, feedKey), token);
}

/** "Reset link": a new random key, so every earlier feed URL of this user stops working. */
export async function resetCalendarFeedToken(db: Database, secret: string, userId: string): Promise<string> {
  const [row] = await db
    .update(users)
    .set({ calendarFeedKey: sql`gen_random_uuid()` })
    .where(eq(users.id, userId))
    .returning({ feedKey: users.calendarFeedKey });
  if (!row) throw new Error('Calendar feed reset for a user who does not exist');
  return hmacSign(secret, purpose(userId, row.feedKey));
}
