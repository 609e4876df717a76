// Email for direct messages left unread while away (issue 32): the minute Cron Trigger finds each
// member who has been offline for UNREAD_MAIL_DELAY_MINUTES with messages unread at least that old
// and not yet told, and queues one email for all of them (ADR 26). A member's watermark
// (`mail_watermarks`, kind `messages`) moves to the newest message counted in the statement that
// finds them, and only a run that moved it queues the email: runs may overlap or repeat, each
// message is told at most once, and the messages that come later make the next email.
//
// Who is written to: members who are not blocked, have `messages` on and have not turned this
// email off (`email_off`); about messages of others that are not deleted, in conversations they are
// part of. Never someone online: reading on the platform is what the email would ask for.
import { sql } from 'drizzle-orm';
import type { Bindings, Config } from '../config.ts';
import type { Database } from '../db.ts';
import { signUnsubscribeToken } from '../lib/unsubscribe-token.ts';
import { queueMail } from '../mail/queue.ts';
import { rowsOf } from './posts-rows.ts';

export const UNREAD_MAIL_DELAY_MINUTES = 10;
/** Conversations named in one email; the rest are counted ("and 3 more conversations"). */
export const UNREAD_CONVERSATIONS_SHOWN = 5;
/** Members written to per run (each is a queue send); the rest are due in the next run. */
const MEMBERS_PER_RUN = 200;

type Due = {
  user_id: string;
  through: string | Date;
  email: string;
  first_name: string;
  total: number | string;
  conversations: { from: string; fromId: string; count: number }[];
};

export async function queueUnreadMessageMail(
  db: Database,
  env: Bindings,
  config: Config,
  now: Date,
): Promise<{ queued: number }> {
  if (!config.mail || !env.MAIL_QUEUE) return { queued: 0 };
  const cutoff = new Date(now.getTime() - UNREAD_MAIL_DELAY_MINUTES * 60_000);
  const due = rowsOf<Due>(
    await db.execute(sql`
      with unread as (
        select p.user_id, m.conversation_id, m.author_id, m.seq, m.created_at
        from conversation_participants p
        join users u on u.id = p.user_id
        join direct_messages m on m.conversation_id = p.conversation_id
        left join mail_watermarks w on w.user_id = p.user_id and w.kind = 'messages'
        where m.seq > p.last_read_seq and m.author_id <> p.user_id and m.deleted_at is null
          and m.created_at <= ${cutoff} and m.created_at > coalesce(w.through, '-infinity')
          and u.last_offline_at is not null and u.last_offline_at <= ${cutoff}
          and not u.is_blocked and not ('messages' = any(u.email_off))
          and exists (select 1 from user_features f
                      where f.user_id = u.id and f.feature = 'messages' and f.enabled)
      ), per_conversation as (
        select user_id, conversation_id, count(*)::int as count, max(created_at) as newest,
               (array_agg(author_id order by seq desc))[1] as author_id
        from unread group by user_id, conversation_id
      ), per_user as (
        select pc.user_id, max(pc.newest) as through, sum(pc.count)::int as total,
               json_agg(json_build_object('from', trim(a.first_name || ' ' || a.last_name),
                 'fromId', a.id, 'count', pc.count) order by pc.newest desc) as conversations
        from per_conversation pc join users a on a.id = pc.author_id
        group by pc.user_id
        order by min(pc.newest)
        limit ${MEMBERS_PER_RUN}
      ), advanced as (
        insert into mail_watermarks (user_id, kind, through)
        select user_id, 'messages', through from per_user
        on conflict (user_id, kind) do update set through = excluded.through
          where mail_watermarks.through < excluded.through
        returning user_id
      )
      select pu.user_id, pu.through, u.email, u.first_name, pu.total, pu.conversations
      from advanced join per_user pu using (user_id) join users u on u.id = pu.user_id`),
  );
  const communityName = await nameOfCommunity(db);
  let queued = 0;
  for (const member of due) {
    const through = new Date(member.through).toISOString();
    const token = await signUnsubscribeToken(config.authSecret, member.user_id, 'messages', now.getTime());
    const shown = member.conversations.slice(0, UNREAD_CONVERSATIONS_SHOWN);
    const sent = await queueMail(env, config, {
      kind: 'unread-messages',
      key: `unread-messages:${member.user_id}:${through}`,
      to: member.email,
      firstName: member.first_name,
      communityName,
      total: Number(member.total),
      conversations: shown.map((conversation) => ({
        from: conversation.from,
        count: conversation.count,
        url: `${config.publicUrl}/community/conversations/${conversation.fromId}`,
      })),
      more: member.conversations.length - shown.length,
      messagesUrl: `${config.publicUrl}/messages`,
      unsubscribeUrl: `${config.publicUrl}/api/email/unsubscribe?token=${token}`,
    });
    if (sent) queued++;
  }
  return { queued };
}

async function nameOfCommunity(db: Database): Promise<string> {
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select name from communities limit 1`));
  return row?.name ?? 'Your community';
}
