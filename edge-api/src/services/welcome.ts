// The first-visit welcome (issue 30): shown on Home to a newcomer until they dismiss it, which is
// stored on their account (so it does not come back on another device). It suggests the public
// spaces they are not in, most active first, and names the space "Introduce yourself" posts in.
import { posts, spaceMessages, spaces, users } from '@community/db/schema';
import {
  DEFAULT_WELCOME_TEXT,
  hasFeature,
  type User,
  WELCOME_SUGGESTIONS_SHOWN,
  type Welcome,
} from '@community/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { findCommunity } from './community.ts';
import { listSpaceCards } from './spaces.ts';

/** How far back a space's posts and chat messages count towards "most active". */
const ACTIVITY_DAYS = 30;

/** Public spaces with their recent activity, the introduction space first (General, else the oldest). */
async function publicSpaceActivity(db: Database) {
  return db
    .select({
      id: spaces.id,
      activity: sql<number>`(
        (select count(*)::int from ${posts} as p where p.space_id = ${spaces}.id
          and p.published_at > now() - make_interval(days => ${ACTIVITY_DAYS}) and p.published_at <= now())
        + (select count(*)::int from ${spaceMessages} as m where m.space_id = ${spaces}.id
          and m.deleted_at is null and m.created_at > now() - make_interval(days => ${ACTIVITY_DAYS})))`,
    })
    .from(spaces)
    .where(eq(spaces.type, 'PUBLIC'))
    .orderBy(sql`lower(${spaces.name}) = 'general' desc`, spaces.createdAt, spaces.id);
}

export async function findWelcome(db: Database, user: User): Promise<Welcome> {
  const [community, [me], activity] = await Promise.all([
    findCommunity(db),
    db.select({ pending: users.welcomePending }).from(users).where(eq(users.id, user.id)),
    publicSpaceActivity(db),
  ]);
  const activityOf = new Map(activity.map((row) => [row.id, row.activity]));
  // Joining needs the `spaces` feature: without it there is nothing to suggest.
  const cards = hasFeature(user, 'spaces') ? await listSpaceCards(db, user.id) : [];
  const suggestions = cards
    .filter((card) => card.type === 'PUBLIC' && !card.isMember)
    .sort(
      (a, b) =>
        (activityOf.get(b.id) ?? 0) - (activityOf.get(a.id) ?? 0) ||
        b.membersCount - a.membersCount ||
        a.name.localeCompare(b.name),
    )
    .slice(0, WELCOME_SUGGESTIONS_SHOWN);
  return {
    show: me?.pending ?? false,
    communityName: community?.communityName ?? '',
    welcomeText: community?.welcomeText ?? DEFAULT_WELCOME_TEXT,
    suggestions,
    introductionSpaceId: activity[0]?.id ?? null,
  };
}

/** Dismissed for good, on every device; dismissing again is harmless. */
export async function dismissWelcome(db: Database, user: User): Promise<void> {
  await db.update(users).set({ welcomePending: false }).where(eq(users.id, user.id));
}
