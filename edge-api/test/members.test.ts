// The members directory and its widgets over HTTP (issue #11): search, both sorts with their keyset
// paging, the `community` feature (403 without it), blocked members left out, and the leaderboard
// and most-active counts (posts, comments, space chat and direct messages in their windows).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Session, signIn, unique, withDatabase } from '../../scripts/lib/api-test-client.ts';
import { doc, newMember, ok, paragraph, text } from './wall-cast.ts';

let owner: Session;
const TAG = `Dirx${unique()}`;
let members: Session[];

const directory = (session: Session, query: string) =>
  call(`/api/community/users${query}`, { token: session.token });
const block = (userId: string) =>
  ok(call(`/api/admin-panel/users/${userId}?operation=block`, { method: 'PATCH', token: owner.token }), 200);
const rename = (session: Session, firstName: string) =>
  ok(
    call(`/api/users/${session.user.id}`, {
      method: 'PATCH',
      token: session.token,
      body: { firstName, lastName: TAG },
    }),
    200,
  );

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  members = await Promise.all([1, 2, 3, 4].map(() => newMember(owner)));
  // Four members sharing a last name no one else has, with first names in a known order.
  await Promise.all(['Cleo', 'Abel', 'Dana', 'Bart'].map((name, i) => rename(members[i]!, name)));
});

describe('GET /api/community/users', () => {
  it('searches names and pages by name with a cursor', async () => {
    const first = await directory(members[0]!, `?search=${TAG}&limit=3`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items.map((m: { firstName: string }) => m.firstName)).toEqual(['Abel', 'Bart', 'Cleo']);
    expect(first.body.items[0]).toEqual({
      id: members[1]!.user.id,
      firstName: 'Abel',
      lastName: TAG,
      pseudo: expect.any(String),
      imageUrl: null,
      job: 'Tester',
      company: 'Acme',
      city: 'Oslo',
      lastOfflineAt: expect.any(String),
    });
    const second = await directory(members[0]!, `?search=${TAG}&limit=3&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({
      items: [expect.objectContaining({ firstName: 'Dana' })],
      nextCursor: null,
    });
  });

  it('sorts by recent activity: online first, then most recently seen, paged', async () => {
    await withDatabase(async (db) => {
      const ids = members.map((m) => m.user.id);
      await db.query(`update users set last_offline_at = null where id = $1`, [ids[3]]);
      await db.query(`update users set last_offline_at = now() - interval '1 minute' where id = $1`, [
        ids[0],
      ]);
      await db.query(`update users set last_offline_at = now() - interval '1 hour' where id = $1`, [ids[2]]);
      await db.query(`update users set last_offline_at = now() - interval '1 day' where id = $1`, [ids[1]]);
    });
    const first = await directory(members[0]!, `?search=${TAG}&sort=recent&limit=2`);
    expect(first.body.items.map((m: { firstName: string }) => m.firstName)).toEqual(['Bart', 'Cleo']);
    expect(first.body.items[0].lastOfflineAt).toBeNull();
    const second = await directory(
      members[0]!,
      `?search=${TAG}&sort=recent&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((m: { firstName: string }) => m.firstName)).toEqual(['Dana', 'Abel']);
    expect(second.body.nextCursor).toBeNull();
    // The whole directory pages without repeating anyone.
    const seen = new Set<string>();
    let cursor = '';
    for (let page = 0; page < 50; page++) {
      const answer = await directory(
        members[0]!,
        `?sort=recent&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      for (const member of answer.body.items) {
        expect(seen.has(member.id)).toBe(false);
        seen.add(member.id);
      }
      if (!answer.body.nextCursor) break;
      cursor = answer.body.nextCursor;
    }
    expect(seen.has(members[1]!.user.id)).toBe(true);
  });

  it('leaves blocked members out', async () => {
    const blocked = await newMember(owner);
    await rename(blocked, 'Aaron');
    expect((await directory(members[0]!, `?search=${TAG}`)).body.items).toHaveLength(5);
    await block(blocked.user.id);
    const names = (await directory(members[0]!, `?search=${TAG}`)).body.items.map(
      (m: { firstName: string }) => m.firstName,
    );
    expect(names).not.toContain('Aaron');
  });

  it('needs the community feature (403), and a valid sort', async () => {
    const without = await newMember(owner, ['community']);
    expect(await directory(without, '')).toMatchObject({
      status: 403,
      body: { error: 'The community feature is not enabled for your account.' },
    });
    expect((await directory(members[0]!, '?sort=age')).status).toBe(400);
  });
});

describe('GET /api/users/leaderboard and /api/users/most-active', () => {
  let star: Session;
  let blockedStar: Session;

  /** `count` space chat messages by `session`, `daysAgo` days ago, written straight to the table. */
  const chatter = (spaceId: string, session: Session, count: number, daysAgo: number, from: number) =>
    withDatabase((db) =>
      db.query(
        `insert into space_messages (space_id, author_id, seq, content, created_at, updated_at)
         select $1, $2, $5 + n, '{}'::jsonb, now() - make_interval(days => $4), now()
         from generate_series(1, $3::int) as n`,
        [spaceId, session.user.id, count, daysAgo, from],
      ),
    );

  beforeAll(async () => {
    [star, blockedStar] = await Promise.all([newMember(owner), newMember(owner)]);
    const space = await ok(
      call('/api/spaces', {
        method: 'POST',
        token: star.token,
        body: { name: `Leaderboard ${unique()}`, description: 'Counts', type: 'PUBLIC' },
      }),
      201,
    );
    const posted = [];
    for (const n of [1, 2]) {
      const body = {
        spaceId: space.id,
        content: doc(paragraph(text(`Post ${n}`))),
        clientKey: `k-${unique()}`,
      };
      posted.push(
        (await ok(call('/api/socket/posts', { method: 'POST', token: star.token, body }), 201)).post,
      );
    }
    await ok(
      call(`/api/socket/posts/comments/${posted[0].id}`, {
        method: 'POST',
        token: star.token,
        body: { content: doc(paragraph(text('A comment'))), clientKey: `k-${unique()}` },
      }),
      201,
    );
    const opened = await ok(
      call('/api/conversations', { method: 'POST', token: star.token, body: { userId: owner.user.id } }),
      201,
    );
    await ok(
      call(`/api/conversations/${opened.conversation.id}/messages`, {
        method: 'POST',
        token: star.token,
        body: { content: 'Hello', clientKey: `k-${unique()}` },
      }),
      201,
    );
    // Far more than anyone else writes: first place in both widgets.
    await chatter(space.id, star, 5000, 0, 1000);
    await chatter(space.id, star, 1, 10, 9000); // in the 30 days, not the 7
    await chatter(space.id, star, 1, 40, 9001); // in neither
    await chatter(space.id, blockedStar, 9000, 0, 20000);
    await block(blockedStar.user.id);
  });

  it('counts posts, comments and messages of the last 30 days, blocked members left out', async () => {
    const answer = await call('/api/users/leaderboard', { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body.items.length).toBeLessThanOrEqual(10);
    expect(answer.body.items[0]).toEqual({
      user: expect.objectContaining({ id: star.user.id, firstName: 'Tess' }),
      posts: 2,
      comments: 1,
      messages: 5002,
      total: 5005,
    });
    expect(answer.body.items.map((e: { user: { id: string } }) => e.user.id)).not.toContain(
      blockedStar.user.id,
    );
  });

  it('counts the last 7 days for the most active, top 5', async () => {
    const answer = await call('/api/users/most-active', { token: owner.token });
    expect(answer.body.items.length).toBeLessThanOrEqual(5);
    expect(answer.body.items[0]).toMatchObject({ user: { id: star.user.id }, messages: 5001, total: 5004 });
  });
});
