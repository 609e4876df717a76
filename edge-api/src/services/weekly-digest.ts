// The weekly digest (issue 32, ADR 26): once a week, on the day the member chose (Monday unless they
// picked another), from DIGEST_HOUR in their own time zone, one email with the week's top posts in
// their spaces, the events of the coming week they can go to, and what waits unread for them.
// The minute Cron Trigger calls it; each member's `digest` watermark moves to the run's time in the
// statement that picks them, so overlapping or repeated runs send one digest a week at most.
// A week with nothing to tell (no post, no event, nothing unread) sends nothing, as Discourse does;
// nor does a member's first week: all it would tell them is what they saw when they joined.
//
// Cost: three statements a run whatever the number of members (who is due, the week's top posts per
// space, the coming events), then each member's email is put together here and queued in batches.
import type { EventRepeat } from '@community/domain';
import { sql } from 'drizzle-orm';
import type { Bindings, Config } from '../config.ts';
import type { Database } from '../db.ts';
import { occurrencesBetween } from '../lib/occurrences.ts';
import { signUnsubscribeToken } from '../lib/unsubscribe-token.ts';
import { type EmailBrand, emailBrandOf } from '../mail/brand.ts';
import type { DigestJob } from '../mail/mail-job.ts';
import { queueMailBatch } from '../mail/queue.ts';
import { seriesOf } from './events.ts';
import { rowsOf } from './posts-rows.ts';

/** The local hour from which a digest day's email goes out. */
export const DIGEST_HOUR = 9;
/** Members written to per run; the rest are due in the next minute's run. */
const DIGEST_MEMBERS_PER_RUN = 1000;
export const DIGEST_POSTS_SHOWN = 3;
export const DIGEST_EVENTS_SHOWN = 3;
/** Top posts kept per space before each member's best are picked among their spaces. */
const POSTS_PER_SPACE = DIGEST_POSTS_SHOWN;
const WEEK_MS = 7 * 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type DueMember = {
  user_id: string;
  email: string;
  first_name: string;
  time_zone: string;
  digest_day: number;
  local_date: string;
  space_ids: string[];
  posts_on: boolean;
  events_on: boolean;
  unread_messages: number | string;
  unread_notifications: number | string;
};
type TopPost = {
  id: string;
  space_id: string;
  space_name: string;
  author: string;
  excerpt: string;
  comments_count: number;
  score: number;
};
type ComingEvent = { id: string; spaceId: string; publicSpace: boolean; title: string; start: Date };

/**
 * The members whose digest is due now, their watermark moved in the same statement: digest on, not
 * blocked, here a week or more, address not suppressed, today their digest day and past DIGEST_HOUR in their zone (theirs,
 * else the community's; a name Postgres does not know counts as the community's), none sent in the
 * last six days.
 */
async function dueMembers(db: Database, now: Date): Promise<DueMember[]> {
  return rowsOf<DueMember>(
    await db.execute(sql`
      with community as (
        select coalesce(z.name, 'UTC') as zone
        from communities c left join pg_timezone_names z on z.name = c.time_zone
        limit 1
      ), candidates as (
        select u.id, u.digest_day, coalesce(z.name, (select zone from community), 'UTC') as zone
        from users u
        left join pg_timezone_names z on z.name = u.time_zone
        left join mail_watermarks w on w.user_id = u.id and w.kind = 'digest'
        where not u.is_blocked and not ('digest' = any(u.email_off))
          and u.created_at <= ${now}::timestamptz - interval '7 days'
          and not exists (select 1 from mail_suppressions s where s.email = u.email)
          and (w.through is null or w.through <= ${now}::timestamptz - interval '6 days')
      ), due as (
        select id, zone, (${now}::timestamptz at time zone zone)::date as local_date
        from candidates
        where extract(dow from ${now}::timestamptz at time zone zone) = digest_day
          and extract(hour from ${now}::timestamptz at time zone zone) >= ${DIGEST_HOUR}
        order by id
        limit ${DIGEST_MEMBERS_PER_RUN}
      ), advanced as (
        insert into mail_watermarks (user_id, kind, through)
        select id, 'digest', ${now} from due
        on conflict (user_id, kind) do update set through = excluded.through
          where mail_watermarks.through <= excluded.through - interval '6 days'
        returning user_id
      )
      select u.id as user_id, u.email, u.first_name, due.zone as time_zone, u.digest_day,
             due.local_date::text as local_date,
             to_json(array(select m.space_id from space_members m where m.user_id = u.id)) as space_ids,
             exists (select 1 from user_features f
                     where f.user_id = u.id and f.feature = 'posts' and f.enabled) as posts_on,
             exists (select 1 from user_features f
                     where f.user_id = u.id and f.feature = 'events' and f.enabled) as events_on,
             case when exists (select 1 from user_features f
                               where f.user_id = u.id and f.feature = 'messages' and f.enabled)
               then (select count(*) from conversation_participants p
                     join direct_messages m on m.conversation_id = p.conversation_id
                     where p.user_id = u.id and m.seq > p.last_read_seq
                       and m.author_id <> u.id and m.deleted_at is null)
               else 0 end as unread_messages,
             (select count(*) from notifications n
              where n.user_id = u.id and n.read_at is null) as unread_notifications
      from advanced join due on due.id = advanced.user_id join users u on u.id = due.id`),
  );
}

/** The week's best posts of every space (likes and twice the comments), a few per space. */
async function topPostsBySpace(db: Database, now: Date): Promise<Map<string, TopPost[]>> {
  const rows = rowsOf<TopPost>(
    await db.execute(sql`
      select id, space_id, space_name, author, excerpt, comments_count, score from (
        select p.id, p.space_id, s.name as space_name,
               trim(a.first_name || ' ' || a.last_name) as author,
               left(coalesce(nullif(trim(p.title), ''),
                             (select string_agg(t #>> '{}', ' ')
                              from jsonb_path_query(p.content, 'strict $.**.text') t), ''), 140) as excerpt,
               p.comments_count, p.likes_count + 2 * p.comments_count as score,
               row_number() over (partition by p.space_id
                                  order by p.likes_count + 2 * p.comments_count desc, p.published_at desc) as rank
        from posts p
        join spaces s on s.id = p.space_id
        join users a on a.id = p.author_id
        where p.published_at > ${new Date(now.getTime() - WEEK_MS)} and p.published_at <= ${now}
      ) ranked
      where rank <= ${POSTS_PER_SPACE}`),
  );
  const bySpace = new Map<string, TopPost[]>();
  for (const row of rows) bySpace.set(row.space_id, [...(bySpace.get(row.space_id) ?? []), row]);
  return bySpace;
}

/** Dates of published events, not called off, starting in the coming week, soonest first. */
async function comingEvents(db: Database, now: Date): Promise<ComingEvent[]> {
  const until = new Date(now.getTime() + WEEK_MS);
  const rows = rowsOf<{
    id: string;
    space_id: string;
    public_space: boolean;
    title: string;
    start_date: string | Date;
    end_date: string | Date;
    repeat: EventRepeat;
    time_zone: string;
    cancelled: (string | Date)[];
  }>(
    await db.execute(sql`
      select e.id, e.space_id, s.type = 'PUBLIC' as public_space, e.title, e.start_date, e.end_date,
             e.repeat, e.time_zone,
             to_json(array(select o.occurrence_start from event_cancelled_occurrences o
                           where o.event_id = e.id)) as cancelled
      from events e join spaces s on s.id = e.space_id
      where e.published and e.cancelled_at is null and e.start_date < ${until}
        and (e.repeat <> 'NO_REPEAT' or e.start_date >= ${now})`),
  );
  return rows
    .flatMap((row) => {
      const series = seriesOf(
        {
          startDate: new Date(row.start_date),
          endDate: new Date(row.end_date),
          repeat: row.repeat,
          timeZone: row.time_zone,
        },
        row.cancelled ?? [],
      );
      const next = occurrencesBetween(series, now, until).find((date) => !date.cancelled);
      return next
        ? [
            {
              id: row.id,
              spaceId: row.space_id,
              publicSpace: row.public_space,
              title: row.title,
              start: next.start,
            },
          ]
        : [];
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** "Thu, Dec 3, 7:00 PM" in the member's zone. */
const whenIn = (start: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(start);

/** The member's digest, or null when the week has nothing for them. */
export function digestOf(
  member: DueMember,
  context: { posts: Map<string, TopPost[]>; events: ComingEvent[]; brand: EmailBrand; publicUrl: string },
): Omit<DigestJob, 'unsubscribeUrl'> | null {
  const spaces = new Set(member.space_ids);
  const posts = member.posts_on
    ? member.space_ids
        .flatMap((spaceId) => context.posts.get(spaceId) ?? [])
        .sort((a, b) => b.score - a.score)
        .slice(0, DIGEST_POSTS_SHOWN)
    : [];
  // Their own spaces' events first (soonest first, as `context.events` comes), then public ones.
  const events = member.events_on
    ? [
        ...context.events.filter((event) => spaces.has(event.spaceId)),
        ...context.events.filter((event) => event.publicSpace && !spaces.has(event.spaceId)),
      ].slice(0, DIGEST_EVENTS_SHOWN)
    : [];
  const unreadMessages = Number(member.unread_messages);
  const unreadNotifications = Number(member.unread_notifications);
  if (posts.length === 0 && events.length === 0 && unreadMessages + unreadNotifications === 0) return null;
  const url = (path: string) => `${context.publicUrl}${path}`;
  return {
    kind: 'digest',
    key: `digest:${member.user_id}:${member.local_date}`,
    to: member.email,
    firstName: member.first_name,
    ...context.brand,
    dayName: WEEKDAYS[member.digest_day] ?? 'Monday',
    posts: posts.map((post) => ({
      excerpt: post.excerpt || 'A post',
      url: url(`/spaces/${post.space_id}?postId=${post.id}`),
      space: post.space_name,
      author: post.author,
      comments: post.comments_count,
    })),
    events: events.map((event) => ({
      title: event.title,
      url: url(`/events/${event.id}`),
      when: whenIn(event.start, member.time_zone),
    })),
    unreadMessages,
    unreadNotifications,
    appUrl: url('/'),
  };
}

/** Queues the digests due at `now`; answers how many members were due and how many were emailed. */
export async function queueWeeklyDigests(
  db: Database,
  env: Bindings,
  config: Config,
  now: Date,
): Promise<{ due: number; queued: number }> {
  if (!config.mail || !env.MAIL_QUEUE) return { due: 0, queued: 0 };
  const members = await dueMembers(db, now);
  if (members.length === 0) return { due: 0, queued: 0 };
  try {
    const [posts, events, brand] = await Promise.all([
      topPostsBySpace(db, now),
      comingEvents(db, now),
      emailBrandOf(db, config),
    ]);
    const jobs: DigestJob[] = [];
    for (const member of members) {
      const digest = digestOf(member, { posts, events, brand, publicUrl: config.publicUrl });
      if (!digest) continue;
      const token = await signUnsubscribeToken(config.authSecret, member.user_id, 'digest', now.getTime());
      jobs.push({ ...digest, unsubscribeUrl: `${config.publicUrl}/api/email/unsubscribe?token=${token}` });
    }
    await queueMailBatch(env, config, jobs);
    return { due: members.length, queued: jobs.length };
  } catch (error) {
    // Nothing of this run reached the queue for sure: give the week back, so the next minute's run
    // tries again (a job that did reach it is sent once anyway: its key is the member's local date).
    await db.execute(sql`
      delete from mail_watermarks
      where kind = 'digest' and through = ${now}
        and user_id in (${sql.join(
          members.map((member) => sql`${member.user_id}::uuid`),
          sql`, `,
        )})`);
    throw error;
  }
}
