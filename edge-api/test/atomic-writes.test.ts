// Multi-statement writes are atomic (issue 17): each test makes the database refuse the write's
// second part (a temporary trigger on that table, matching only this test's marker value), and
// checks the answer is a clean 500 and that nothing of the first part was left behind; then, the
// trigger dropped, the same request succeeds (the trigger was the only obstacle). Triggers match
// only values this file makes up, so the other API test files sharing the database never meet them.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { eventBodyWith, IN_PERSON_LYON } from './event-fixtures.ts';
import { castAWall, doc, ok, paragraph, refillWriteBuckets, text, type Who } from './wall-cast.ts';

let as: Record<Who, Session>;
let spaceId: string;
let owner: Session;
let admin: Session;
let host: Session;

beforeAll(async () => {
  ({ as, spaceId } = await castAWall('Atomic'));
  [owner, admin, host] = await Promise.all([
    signIn('owner@example.com'),
    signIn('admin@example.com'),
    signIn('host@example.com'),
  ]);
});
beforeEach(() => refillWriteBuckets(as));

const marker = () => `atomic${unique()}`;
const one = async <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  withDatabase(async (db) => (await db.query(query, params)).rows[0] as T);
const count = async (query: string, params: unknown[] = []) =>
  Number((await one<{ count: string }>(query, params)).count);

/**
 * Runs `work` while a trigger does `action` for the rows of `table` (inserted or updated) for which
 * `condition` holds.
 */
async function withTrigger(table: string, condition: string, action: string, work: () => Promise<void>) {
  const name = `atomic_${unique()}`;
  await withDatabase((db) =>
    db.query(`
      create function ${name}() returns trigger language plpgsql as $$
      begin
        if ${condition} then ${action}; end if;
        return new;
      end $$;
      create trigger ${name} before insert or update on ${table} for each row execute function ${name}();`),
  );
  try {
    await work();
  } finally {
    await withDatabase((db) => db.query(`drop trigger ${name} on ${table}; drop function ${name}();`));
  }
}

/** The write's part in `table` fails: a statement failing halfway, as a constraint, a full disk or a bug would. */
const whileRefused = (table: string, condition: string, work: () => Promise<void>) =>
  withTrigger(table, condition, "raise exception 'refused by the atomic-writes test'", work);

/** The write's part in `table` takes `seconds`: a database slower than the deadline. */
const whileSlow = (table: string, condition: string, seconds: number, work: () => Promise<void>) =>
  withTrigger(table, condition, `perform pg_sleep(${seconds})`, work);

/** A server fault answers the generic 500, never a stack or the trigger's text. */
function expectServerFault(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(500);
  expect(answer.body).toEqual({ error: 'Internal server error' });
}

const hello = (value = 'Hello') => doc(paragraph(text(value)));

/** An admin's invitation to a new address: the address and the token its link carries. */
async function invite(prefix: string) {
  const community = (await call('/api/community', { token: admin.token })).body;
  const email = `${prefix}-${unique()}@example.com`;
  const invited = await ok(
    call('/api/community/invite', {
      method: 'POST',
      token: admin.token,
      body: { email, communitySubdomain: community.communityUrl },
    }),
    201,
  );
  return { email, token: new URL(invited.invitationLink).searchParams.get('token') };
}

describe('a write refused halfway leaves nothing behind', () => {
  it('post with tags: no post without its tags', async () => {
    const tag = marker();
    const body = { spaceId, content: hello(), clientKey: `key-${unique()}`, tags: ['fine', tag] };
    const send = () => call('/api/socket/posts', { method: 'POST', token: as.author.token, body });
    await whileRefused('post_tags', `new.name = '${tag}'`, async () => {
      expectServerFault(await send());
      expect(await count('select count(*) from posts where client_key = $1', [body.clientKey])).toBe(0);
    });
    const created = await ok(send(), 201);
    expect(created.post.tags).toEqual(expect.arrayContaining(['fine', tag]));
  });

  it('comment: no comment, no count moved, without the author’s notification', async () => {
    const post = (
      await ok(
        call('/api/socket/posts', {
          method: 'POST',
          token: as.author.token,
          body: { spaceId, content: hello(), clientKey: `key-${unique()}` },
        }),
        201,
      )
    ).post;
    const body = { content: hello('A comment'), clientKey: `key-${unique()}` };
    const send = () =>
      call(`/api/socket/posts/comments/${post.id}`, { method: 'POST', token: as.member.token, body });
    await whileRefused('notifications', `new.payload->>'postId' = '${post.id}'`, async () => {
      expectServerFault(await send());
      expect(await count('select count(*) from comments where post_id = $1', [post.id])).toBe(0);
      expect((await one('select comments_count from posts where id = $1', [post.id])).comments_count).toBe(0);
    });
    await ok(send(), 201);
    expect((await one('select comments_count from posts where id = $1', [post.id])).comments_count).toBe(1);
  });

  it('chat message: the space’s sequence does not move without the message', async () => {
    const clientKey = `key-${marker()}`;
    const before = await one('select last_seq from spaces where id = $1', [spaceId]);
    const send = () =>
      call(`/api/spaces/${spaceId}/messages`, {
        method: 'POST',
        token: as.member.token,
        body: { content: 'Hello chat', clientKey },
      });
    await whileRefused('space_messages', `new.client_key = '${clientKey}'`, async () => {
      expectServerFault(await send());
      expect(await one('select last_seq from spaces where id = $1', [spaceId])).toEqual(before);
    });
    const sent = await ok(send(), 201);
    expect(sent.message.seq).toBe(Number(before.last_seq) + 1);
  });

  it('direct message: neither the sequence, the list order nor the read position moves without it', async () => {
    const started = await call('/api/conversations', {
      method: 'POST',
      token: as.author.token,
      body: { userId: as.member.user.id },
    });
    expect([200, 201]).toContain(started.status);
    const conversationId = started.body.conversation.id as string;
    const state = () =>
      one(
        `select c.last_seq, c.last_message_at, p.last_read_seq from conversations c
         join conversation_participants p on p.conversation_id = c.id and p.user_id = $2 where c.id = $1`,
        [conversationId, as.author.user.id],
      );
    const before = await state();
    const clientKey = `key-${marker()}`;
    const send = () =>
      call(`/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        token: as.author.token,
        body: { content: 'Hello you', clientKey },
      });
    await whileRefused('direct_messages', `new.client_key = '${clientKey}'`, async () => {
      expectServerFault(await send());
      expect(await state()).toEqual(before);
    });
    await ok(send(), 201);
    expect(Number((await state()).last_seq)).toBe(Number(before.last_seq) + 1);
  });

  it('event with topics: no event without its topics', async () => {
    const topic = marker();
    const publicSpace = await one<{ id: string }>(
      `select s.id from spaces s join space_members m on m.space_id = s.id and m.user_id = $1
       where s.type = 'PUBLIC' order by s.created_at limit 1`,
      [host.user.id],
    );
    const title = `Atomic meetup ${unique()}`;
    const body = eventBodyWith({
      title,
      description: 'Talks',
      spaceId: publicSpace.id,
      hostId: host.user.id,
      ...IN_PERSON_LYON,
      tags: ['design', topic],
    });
    const send = () => call('/api/events', { method: 'POST', token: host.token, body });
    await whileRefused('event_tags', `new.name = '${topic}'`, async () => {
      expectServerFault(await send());
      expect(await count('select count(*) from events where title = $1', [title])).toBe(0);
    });
    await ok(send(), 201);
    expect(await count('select count(*) from events where title = $1', [title])).toBe(1);
  });

  it('sign-up of an invitation: no account, and the invitation still unused', async () => {
    const { email, token } = await invite('atomic');
    const pseudo = marker();
    const body = { token, firstName: 'Ada', lastName: 'Atomic', pseudo, password: 'welcome-123' };
    const send = () => call('/api/auth/accept-invite', { method: 'POST', body });
    await whileRefused(
      'user_features',
      `exists (select 1 from users where id = new.user_id and pseudo = '${pseudo}')`,
      async () => {
        expectServerFault(await send());
        expect(await count('select count(*) from users where pseudo = $1', [pseudo])).toBe(0);
        expect(
          await count('select count(*) from invites where email = $1 and used_by is null', [email]),
        ).toBe(1);
      },
    );
    await ok(send(), 201);
    expect(await count('select count(*) from users where pseudo = $1', [pseudo])).toBe(1);
  });

  it('import batch: no account without the audit line that records the import', async () => {
    const id = marker();
    const rows = [
      { firstName: 'Imra', lastName: 'One', pseudo: `${id}a`, email: `${id}-a@example.com`, role: 'USER' },
      { firstName: 'Imra', lastName: 'Two', pseudo: `${id}b`, email: `${id}-b@example.com`, role: 'USER' },
    ];
    const send = () =>
      call(`/api/admin-panel/users/import/${admin.user.id}`, {
        method: 'POST',
        token: admin.token,
        body: { users: rows },
      });
    const imported = () => count('select count(*) from users where email like $1', [`${id}-%`]);
    await whileRefused(
      'audit_log',
      `new.action = 'user.import' and new.changes::text like '%${id}%'`,
      async () => {
        expectServerFault(await send());
        expect(await imported()).toBe(0);
      },
    );
    expect((await ok(send(), 201)).created).toBe(2);
    expect(await imported()).toBe(2);
  });

  it('add user: no account without its audit line', async () => {
    const form = newUserForm();
    const send = () =>
      call(`/api/admin-panel/users/${admin.user.id}`, { method: 'POST', token: admin.token, body: form });
    await whileRefused(
      'audit_log',
      `new.action = 'user.add' and new.changes->>'pseudo' = '${form.pseudo}'`,
      async () => {
        expectServerFault(await send());
        expect(await count('select count(*) from users where pseudo = $1', [form.pseudo])).toBe(0);
      },
    );
    await ok(send(), 201);
  });

  it('block (one HTTP batch): not blocked, and still signed in, without its audit line', async () => {
    const form = newUserForm();
    await ok(
      call(`/api/admin-panel/users/${owner.user.id}`, { method: 'POST', token: owner.token, body: form }),
      201,
    );
    const target = await signIn(form.email, form.password);
    const openSessions = () =>
      count('select count(*) from sessions where user_id = $1 and revoked_at is null', [target.user.id]);
    const block = () =>
      call(`/api/admin-panel/users/${target.user.id}?operation=block`, {
        method: 'PATCH',
        token: admin.token,
      });
    await whileRefused(
      'audit_log',
      `new.action = 'user.block' and new.target_id = '${target.user.id}'`,
      async () => {
        expectServerFault(await block());
        expect((await one('select is_blocked from users where id = $1', [target.user.id])).is_blocked).toBe(
          false,
        );
        expect(await openSessions()).toBe(1);
      },
    );
    expect((await block()).status).toBe(200);
    expect((await one('select is_blocked from users where id = $1', [target.user.id])).is_blocked).toBe(true);
    expect(await openSessions()).toBe(0);
  });

  it('own email change: the email stays without the end of the other sessions', async () => {
    const form = newUserForm();
    await ok(
      call(`/api/admin-panel/users/${owner.user.id}`, { method: 'POST', token: owner.token, body: form }),
      201,
    );
    const here = await signIn(form.email, form.password);
    await signIn(form.email, form.password); // signed in elsewhere too
    const email = `${marker()}@example.com`;
    const change = () =>
      call(`/api/users/${here.user.id}`, {
        method: 'PATCH',
        token: here.token,
        body: { email, currentPassword: form.password },
      });
    const openSessions = () =>
      count('select count(*) from sessions where user_id = $1 and revoked_at is null', [here.user.id]);
    await whileRefused(
      'sessions',
      `new.user_id = '${here.user.id}' and new.revoked_at is not null`,
      async () => {
        expectServerFault(await change());
        expect((await one('select email from users where id = $1', [here.user.id])).email).toBe(form.email);
        expect(await openSessions()).toBe(2);
      },
    );
    await ok(change(), 200);
    expect((await one('select email from users where id = $1', [here.user.id])).email).toBe(email);
    expect(await openSessions()).toBe(1);
  });
});

describe('a URL entry and its audit line', () => {
  it('delete: the entry stays without its audit line, and the line names the URL', async () => {
    const community = (await call('/api/community', { token: admin.token })).body;
    const path = `/api/admin-panel/urls/${admin.user.id}`;
    const url = `http://127.0.0.1:9/${marker()}`;
    const added = await ok(
      call(path, {
        method: 'POST',
        token: admin.token,
        body: { urls: [{ url, label: 'Atomic' }], communityId: community.id },
      }),
      201,
    );
    const id = added.items[0].id as string;
    const remove = () => call(`${path}/${id}`, { method: 'DELETE', token: admin.token });
    await whileRefused('audit_log', `new.action = 'urls.delete' and new.target_id = '${id}'`, async () => {
      expectServerFault(await remove());
      expect(await count('select count(*) from url_entries where id = $1', [id])).toBe(1);
    });
    expect((await remove()).status).toBe(200);
    expect(await count('select count(*) from url_entries where id = $1', [id])).toBe(0);
    const line = await one(
      `select actor_id, changes from audit_log where action = 'urls.delete' and target_id = $1`,
      [id],
    );
    expect(line).toEqual({ actor_id: admin.user.id, changes: { url } });
    expect((await remove()).status).toBe(404); // not twice, and no second line
    expect(
      await count(`select count(*) from audit_log where action = 'urls.delete' and target_id = $1`, [id]),
    ).toBe(1);
  });
});

describe('a write slower than the deadline (DB_DEADLINE_MS, 5 s here) answers 503 and is rolled back', () => {
  it('interactive transaction (invitation sign-up): 503 with Retry-After within the deadline, nothing kept', async () => {
    const { email, token } = await invite('slow');
    const pseudo = marker();
    const body = { token, firstName: 'Sol', lastName: 'Slow', pseudo, password: 'welcome-123' };
    await whileSlow(
      'user_features',
      `exists (select 1 from users where id = new.user_id and pseudo = '${pseudo}')`,
      12,
      async () => {
        const started = Date.now();
        const answer = await call('/api/auth/accept-invite', { method: 'POST', body });
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body).toEqual({ error: 'Service temporarily unavailable' });
        expect(answer.headers.get('retry-after')).toBe('5');
        // The 12 s write would have succeeded; a generous bound, as the machine may be busy.
        expect(Date.now() - started).toBeLessThan(11_000);
      },
    );
    // Dropping the trigger waited for the slow transaction to end (it held a lock on the table):
    // cancelled by statement_timeout or its connection dropped, it was rolled back.
    expect(await count('select count(*) from users where pseudo = $1', [pseudo])).toBe(0);
    expect(await count('select count(*) from invites where email = $1 and used_by is null', [email])).toBe(1);
  }, 30_000);

  it('one statement over HTTP (post with tags): 503 within the deadline, nothing kept', async () => {
    const tag = marker();
    const body = { spaceId, content: hello(), clientKey: `key-${unique()}`, tags: [tag] };
    await whileSlow('post_tags', `new.name = '${tag}'`, 12, async () => {
      const started = Date.now();
      const answer = await call('/api/socket/posts', { method: 'POST', token: as.author.token, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      // The 12 s write would have succeeded; a generous bound, as the machine may be busy.
      expect(Date.now() - started).toBeLessThan(11_000);
    });
    expect(await count('select count(*) from posts where client_key = $1', [body.clientKey])).toBe(0);
  }, 30_000);
});
