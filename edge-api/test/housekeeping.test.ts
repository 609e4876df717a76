// The hourly Cron Trigger, run on demand through Miniflare's /cdn-cgi/local/scheduled: what only grows
// (rate-limit buckets, dead sessions with their retired tokens and grants, old sign-in attempts, old
// email delivery rows) is removed once it means nothing, and nothing live is touched.
import { describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import {
  baseUrl,
  call,
  extraMember,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

async function seedRows(tag: string) {
  return withDatabase(async (db) => {
    const user = await db.query(`select id from users where email = 'member@example.com'`);
    const userId = user.rows[0].id as string;
    await db.query(
      `insert into rate_limit_buckets (key, tokens, updated_at) values
        ($1, 0, now() - interval '2 days'), ($2, 0, now())`,
      [`stale:${tag}`, `fresh:${tag}`],
    );
    const sessions = await db.query(
      `insert into sessions (user_id, refresh_token_hash, expires_at, revoked_at) values
        ($1, $2, now() - interval '2 days', null),
        ($1, $3, now() + interval '20 days', now() - interval '3 days'),
        ($1, $4, now() + interval '20 days', null)
       returning id`,
      [userId, `expired-${tag}`, `revoked-${tag}`, `live-${tag}`],
    );
    const [expired, revoked, live] = sessions.rows.map((row) => row.id as string);
    await db.query(`insert into retired_refresh_tokens (token_hash, session_id) values ($1, $2), ($3, $4)`, [
      `old-expired-${tag}`,
      expired,
      `old-live-${tag}`,
      live,
    ]);
    await db.query(`insert into realtime_grants (session_id, party, room) values ($1, 'user-room', $2)`, [
      revoked,
      userId,
    ]);
    await db.query(
      `insert into login_attempts (email, ip, succeeded, created_at) values
        ($1, 'test', false, now() - interval '40 days'), ($2, 'test', false, now())`,
      [`old-${tag}@example.com`, `new-${tag}@example.com`],
    );
    await db.query(
      `insert into mail_deliveries (key, kind, recipient, status, claimed_at) values
        ($1, 'digest', 'a@example.com', 'sent', now() - interval '31 days'),
        ($2, 'digest', 'a@example.com', 'sent', now() - interval '2 days')`,
      [`old-mail-${tag}`, `new-mail-${tag}`],
    );
    return { expired, revoked, live };
  });
}

describe('hourly housekeeping', () => {
  it('removes stale buckets, dead sessions with their tokens and grants, and old sign-in attempts', async () => {
    const tag = unique();
    const ids = await seedRows(tag);

    const run = await fetch(`${baseUrl()}/cdn-cgi/local/scheduled?cron=17+*+*+*+*`);
    expect(run.status).toBe(200);

    await withDatabase(async (db) => {
      const buckets = await db.query(`select key from rate_limit_buckets where key like $1 order by key`, [
        `%:${tag}`,
      ]);
      expect(buckets.rows.map((row) => row.key)).toEqual([`fresh:${tag}`]);
      const sessions = await db.query(`select id from sessions where id = any($1)`, [Object.values(ids)]);
      expect(sessions.rows.map((row) => row.id)).toEqual([ids.live]);
      const tokens = await db.query(
        `select token_hash from retired_refresh_tokens where token_hash like $1`,
        [`old-%-${tag}`],
      );
      expect(tokens.rows.map((row) => row.token_hash)).toEqual([`old-live-${tag}`]);
      const grants = await db.query(`select 1 from realtime_grants where session_id = $1`, [ids.revoked]);
      expect(grants.rowCount).toBe(0);
      const attempts = await db.query(`select email from login_attempts where email like $1`, [
        `%-${tag}@example.com`,
      ]);
      expect(attempts.rows.map((row) => row.email)).toEqual([`new-${tag}@example.com`]);
      const mail = await db.query(`select key from mail_deliveries where key like $1`, [`%-mail-${tag}`]);
      expect(mail.rows.map((row) => row.key)).toEqual([`new-mail-${tag}`]);
    });
  });

  it('asks the rooms of members shown online to recount: one whose sockets vanished unseen goes offline', async () => {
    const [gone, here, viewer] = await Promise.all([
      signIn(await extraMember(18)),
      signIn(await extraMember(19)),
      signIn('member@example.com'),
    ]);
    const tab = await openRoom(here, 'user-room', here.user.id);
    const lastOfflineAt = async (userId: string) =>
      (await call(`/api/users/${userId}`, { token: viewer.token })).body.user.lastOfflineAt as string | null;
    await expect.poll(() => lastOfflineAt(here.user.id), { timeout: 5000 }).toBeNull();
    // What a deploy leaves behind: shown online, with no socket anywhere (its closing never seen).
    await withDatabase((db) =>
      db.query('update users set last_offline_at = null where id = $1', [gone.user.id]),
    );

    const run = await fetch(`${baseUrl()}/cdn-cgi/local/scheduled?cron=17+*+*+*+*`);
    expect(run.status).toBe(200);

    await expect.poll(() => lastOfflineAt(gone.user.id), { timeout: 8000 }).toEqual(expect.any(String));
    expect(await lastOfflineAt(here.user.id)).toBeNull();
    tab.socket.close();
  });
});
