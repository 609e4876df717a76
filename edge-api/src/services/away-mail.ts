// Email for what members should hear of (issue 32, ADR 26): every minute the Cron Trigger queues
// one email per member and kind for all the news of that kind not yet told:
// - `messages`: direct messages left unread (who wrote and how many in each conversation), and
// - `mentions`: unread MENTION and POST_COMMENT notifications (someone named them, or commented on
//   their post), as the bell titles them; both only once the member has been offline for
//   AWAY_MAIL_DELAY_MINUTES and the news is that old (while they are here, the page tells them);
// - `events`: EVENT_REMINDER and EVENT_CANCELLED notifications, at once and whether or not the
//   member is here (a reminder is for the calendar, as Luma and Meetup send it).
// A member's watermark per kind (`mail_watermarks`) moves to the newest item counted in the statement
// that finds them, and only a run that moved it queues the email: runs may overlap or repeat, each
// item is told at most once, and what comes later makes the next email.
//
// Who is written to: members who are not blocked and have not turned the kind off (`email_off`);
// for messages, who also have `messages` on, about messages of others that are not deleted. Never
// someone online: reading on the platform is what the email would ask for.
import { type SQL, sql } from 'drizzle-orm';
import type { Bindings, Config } from '../config.ts';
import type { Database } from '../db.ts';
import { type EmailKind, signUnsubscribeToken } from '../lib/unsubscribe-token.ts';
import { emailBrandOf } from '../mail/brand.ts';
import { queueMail } from '../mail/queue.ts';
import { rowsOf } from './posts-rows.ts';

export const AWAY_MAIL_DELAY_MINUTES = 10;
/** Lines named in one email; the rest are counted ("and 3 more"). */
export const AWAY_LINES_SHOWN = 5;
/** Members written to per run and kind (each is a queue send); the rest are due in the next run. */
const MEMBERS_PER_RUN = 200;

/** The kinds this module sends (the digest is services/weekly-digest.ts). */
const AWAY_KINDS = ['messages', 'mentions', 'events'] as const;
type AwayKind = (typeof AWAY_KINDS)[number];

/** One line of the email: a conversation (`from`, `fromId`, `count`) or a notification (`title`). */
type Line = { from?: string; fromId?: string; title?: string; count: number };
type Due = {
  user_id: string;
  through: string | Date;
  email: string;
  first_name: string;
  total: number | string;
  lines: Line[];
};

/** SQL: the member `user` may be written to about `kind` now (offline long enough, not blocked, kind on). */
const away = (kind: EmailKind, cutoff: Date) => sql`
  u.last_offline_at is not null and u.last_offline_at <= ${cutoff}
  and not u.is_blocked and not (${kind} = any(u.email_off))`;

/** Each kind's news, one row per line: user_id, newest (the time it counts to), count, line (json). */
const SOURCES: Record<AwayKind, (cutoff: Date, now: Date) => SQL> = {
  messages: (cutoff) => sql`
    select p.user_id, max(m.created_at) as newest, count(*)::int as count,
           json_build_object('fromId', (array_agg(m.author_id order by m.seq desc))[1]) as line
    from conversation_participants p
    join users u on u.id = p.user_id
    join direct_messages m on m.conversation_id = p.conversation_id
    left join mail_watermarks w on w.user_id = p.user_id and w.kind = 'messages'
    where m.seq > p.last_read_seq and m.author_id <> p.user_id and m.deleted_at is null
      and m.created_at <= ${cutoff} and m.created_at > coalesce(w.through, '-infinity')
      and ${away('messages', cutoff)}
      and exists (select 1 from user_features f
                  where f.user_id = u.id and f.feature = 'messages' and f.enabled)
    group by p.user_id, p.conversation_id`,
  mentions: (cutoff) => notices('mentions', ['MENTION', 'POST_COMMENT'], cutoff, away('mentions', cutoff)),
  // Told at once: the cutoff is the run's time, and being here is no reason to skip it.
  events: (_cutoff, now) =>
    notices(
      'events',
      ['EVENT_REMINDER', 'EVENT_CANCELLED'],
      now,
      sql`not u.is_blocked and not ('events' = any(u.email_off))`,
    ),
};

/** Unread notifications of `types` up to `until`, one line each (the bell's title). */
const notices = (kind: EmailKind, types: readonly string[], until: Date, who: SQL) => sql`
    select n.user_id, n.created_at as newest, 1 as count, json_build_object('title', n.title) as line
    from notifications n
    join users u on u.id = n.user_id
    left join mail_watermarks w on w.user_id = n.user_id and w.kind = ${kind}
    where n.type in (${sql.join(
      types.map((type) => sql`${type}`),
      sql`, `,
    )}) and n.read_at is null
      and n.created_at <= ${until} and n.created_at > coalesce(w.through, '-infinity')
      and ${who}`;

/** The members due an email of `kind`, their watermark moved in the same statement. */
async function dueFor(db: Database, kind: AwayKind, cutoff: Date, now: Date): Promise<Due[]> {
  return rowsOf<Due>(
    await db.execute(sql`
      with items as (${SOURCES[kind](cutoff, now)}), per_user as (
        select user_id, max(newest) as through, sum(count)::int as total,
               json_agg(line::jsonb || jsonb_build_object('count', count) order by newest desc) as lines
        from items group by user_id
        order by min(newest)
        limit ${MEMBERS_PER_RUN}
      ), advanced as (
        insert into mail_watermarks (user_id, kind, through)
        select user_id, ${kind}, through from per_user
        on conflict (user_id, kind) do update set through = excluded.through
          where mail_watermarks.through < excluded.through
        returning user_id
      )
      select pu.user_id, pu.through, u.email, u.first_name, pu.total,
             (select json_agg(e.l || jsonb_build_object('from', trim(a.first_name || ' ' || a.last_name))
                              order by e.i)
              from jsonb_array_elements(pu.lines::jsonb) with ordinality as e(l, i)
              left join users a on a.id = (e.l->>'fromId')::uuid) as lines
      from advanced join per_user pu using (user_id) join users u on u.id = pu.user_id`),
  );
}

export async function queueAwayMail(
  db: Database,
  env: Bindings,
  config: Config,
  now: Date,
): Promise<Record<AwayKind, number>> {
  const queued = { messages: 0, mentions: 0, events: 0 };
  if (!config.mail || !env.MAIL_QUEUE) return queued;
  const cutoff = new Date(now.getTime() - AWAY_MAIL_DELAY_MINUTES * 60_000);
  const brand = await emailBrandOf(db, config);
  for (const kind of AWAY_KINDS) {
    for (const member of await dueFor(db, kind, cutoff, now)) {
      const through = new Date(member.through).toISOString();
      const token = await signUnsubscribeToken(config.authSecret, member.user_id, kind, now.getTime());
      const shown = member.lines.slice(0, AWAY_LINES_SHOWN);
      const common = {
        key: `${kind}:${member.user_id}:${through}`,
        to: member.email,
        firstName: member.first_name,
        ...brand,
        total: Number(member.total),
        more: member.lines.length - shown.length,
        unsubscribeUrl: `${config.publicUrl}/api/email/unsubscribe?token=${token}`,
      };
      const sent =
        kind === 'messages'
          ? await queueMail(env, config, {
              ...common,
              kind: 'unread-messages',
              conversations: shown.map((line) => ({
                from: line.from ?? '',
                count: line.count,
                url: `${config.publicUrl}/community/conversations/${line.fromId}`,
              })),
              messagesUrl: `${config.publicUrl}/messages`,
            })
          : await queueMail(env, config, {
              ...common,
              kind,
              titles: shown.map((line) => line.title ?? ''),
              appUrl: `${config.publicUrl}${kind === 'events' ? '/events' : '/'}`,
            });
      if (sent) queued[kind]++;
    }
  }
  return queued;
}
