import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

// No input is a 500: ids are UUIDs, strings have limits and refuse NUL, and a unique-constraint
// race is a 409. Each case was a 500 before (issue 8, "No 500, ever").
const EMAIL_TAKEN = 'An account with this email already exists.';
const PSEUDO_TAKEN = 'This pseudo is already taken.';

let owner: Session;
let host: Session;
let spaceId: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  [owner, host] = await Promise.all([signIn('owner@example.com'), signIn('host@example.com')]);
  const space = await call('/api/spaces', {
    method: 'POST',
    token: owner.token,
    body: { name: `Inputs ${unique()}`, description: 'No 500, ever', type: 'PUBLIC' },
  });
  expect(space.status).toBe(201);
  spaceId = space.body.id;
  const added = await call(`/api/spaces/${spaceId}/users`, {
    method: 'POST',
    token: owner.token,
    body: { userId: host.user.id },
  });
  expect(added.status).toBe(201);
});

const newUserBody = newUserForm;

/** A row of the import body: the user form without passwords. */
const importRow = (overrides: Record<string, unknown> = {}) => {
  const { password: _password, confirmPassword: _confirm, ...row } = newUserBody(overrides);
  return row;
};

async function freshUser(): Promise<Session> {
  const body = newUserBody();
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(body.email, body.password);
}

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Inputs ${unique()}`,
  spaceId,
  hostId: host.user.id,
  startDate: inDays(10),
  endDate: inDays(11),
  location: 'YOUTUBE',
  addressUrl: 'https://www.youtube.com/watch?v=abc',
  ...overrides,
});

describe('ids in bodies are UUIDs (400 naming the field, not 500)', () => {
  it('refuses a member id that is not a UUID', async () => {
    const answer = await call(`/api/spaces/${spaceId}/users`, {
      method: 'POST',
      token: owner.token,
      body: { userId: 'abc' },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error: 'User is not a valid id.',
        issues: [{ path: 'userId', message: 'User is not a valid id.' }],
      },
    });
  });

  it('refuses an event whose space or host is not a UUID', async () => {
    for (const [field, message] of [
      ['spaceId', 'Space is not a valid id.'],
      ['hostId', 'Host is not a valid id.'],
    ]) {
      const answer = await call('/api/events', {
        method: 'POST',
        token: host.token,
        body: eventBody({ [field!]: 'abc' }),
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.issues).toContainEqual({ path: field, message });
    }
  });

  it('refuses an RSVP and a realtime ticket naming something that is not a UUID', async () => {
    const created = await call('/api/events', {
      method: 'POST',
      token: host.token,
      body: eventBody({ published: true }),
    });
    expect(created.status).toBe(201);
    const rsvp = await call(`/api/events/${created.body.event.id}/members`, {
      method: 'POST',
      token: owner.token,
      body: { eventId: 'abc' },
    });
    expect(rsvp.status).toBe(400);
    expect(rsvp.body.issues).toContainEqual({ path: 'eventId', message: 'Event is not a valid id.' });
    const ticket = await call('/api/realtime/ticket', {
      method: 'POST',
      token: host.token,
      body: { party: 'space-room', room: 'abc' },
    });
    expect(ticket.status).toBe(400);
    expect(ticket.body.issues).toContainEqual({ path: 'room', message: 'Room is not a valid id.' });
  });
});

describe('NUL and control characters are a 400 naming the field', () => {
  it('refuses a chat message containing \\u0000 and stores nothing', async () => {
    const clientKey = `k-${unique()}`;
    const answer = await call(`/api/spaces/${spaceId}/messages`, {
      method: 'POST',
      token: host.token,
      body: { content: 'hello\u0000world', clientKey },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error: 'Message contains characters that are not allowed.',
        issues: [{ path: 'content', message: 'Message contains characters that are not allowed.' }],
      },
    });
    const stored = await withDatabase(
      async (db) =>
        (await db.query('select count(*) from space_messages where client_key = $1', [clientKey])).rows[0],
    );
    expect(Number(stored.count)).toBe(0);
    // A line break is fine in a message.
    const multiline = await call(`/api/spaces/${spaceId}/messages`, {
      method: 'POST',
      token: host.token,
      body: { content: 'line one\nline two', clientKey: `k-${unique()}` },
    });
    expect(multiline.status).toBe(201);
    expect(multiline.body.message.content).toBe('line one\nline two');
  });

  it('refuses a bio containing \\u0000, and other control characters in a name', async () => {
    const user = await freshUser();
    const patch = (body: Record<string, unknown>) =>
      call(`/api/users/${user.user.id}`, { method: 'PATCH', token: user.token, body });
    expect(await patch({ bio: 'I like \u0000 bytes' })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'bio', message: 'Bio contains characters that are not allowed.' }] },
    });
    expect(await patch({ firstName: 'Ann\u001b[31m' })).toMatchObject({
      status: 400,
      body: {
        issues: [{ path: 'firstName', message: 'First name contains characters that are not allowed.' }],
      },
    });
    expect((await patch({ bio: 'Two\nlines' })).status).toBe(200);
  });

  it('never answers 500 for NUL anywhere: bodies, queries and paths', async () => {
    const nul = 'a\u0000b';
    const requests: [string, string, unknown?][] = [
      ['POST', '/api/spaces', { name: nul, description: 'Fine description' }],
      ['PATCH', `/api/spaces/${spaceId}`, { description: nul }],
      ['POST', '/api/events', eventBody({ title: nul })],
      ['POST', '/api/events', eventBody({ tags: [nul] })],
      ['POST', '/api/events', eventBody({ bannerUrl: `https://a.example/${nul}` })],
      ['POST', '/api/auth/login', { email: 'host@example.com', password: nul }],
      ['POST', '/api/community/invite', { email: 'a@b.co', communitySubdomain: nul }],
      ['PATCH', '/api/community', { communityName: nul, communityLogo: 'x', communityUrl: 'x' }],
      ['POST', `/api/admin-panel/users/${owner.user.id}`, newUserBody({ city: nul })],
      ['GET', `/api/spaces/${spaceId}/messages?search=${encodeURIComponent(nul)}`],
      ['GET', `/api/spaces/${spaceId}/addable-users?search=${encodeURIComponent(nul)}`],
      ['GET', `/api/users/community-members?SearchName=${encodeURIComponent(nul)}`],
      ['GET', `/api/admin-panel/users/${owner.user.id}?search=${encodeURIComponent(nul)}`],
      ['GET', `/api/admin-panel/users/${owner.user.id}?cursor=${encodeURIComponent(nul)}`],
      ['POST', `/api/spaces/invite/${encodeURIComponent(nul)}`],
    ];
    for (const [method, path, body] of requests) {
      const answer = await call(path, { method, token: owner.token, body });
      expect(
        answer.status,
        `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`,
      ).toBeLessThan(500);
      expect(answer.status, `${method} ${path}`).not.toBe(200);
      expect(answer.status, `${method} ${path}`).not.toBe(201);
    }
    // An import reports a bad row by number and creates nothing.
    const imported = await call(`/api/admin-panel/users/import/${owner.user.id}`, {
      method: 'POST',
      token: owner.token,
      body: { users: [importRow({ job: nul })] },
    });
    expect(imported.status).toBeLessThan(500);
    expect(imported.body).toMatchObject({
      created: 0,
      errors: [{ index: 0, message: 'Job contains characters that are not allowed.' }],
    });
  });
});

describe('odd input is a 4xx', () => {
  it('never answers 500 for malformed bodies, odd numbers, cursors and broken characters', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const raw: [string, string, string][] = [
      ['POST', '/api/spaces', '{'],
      ['POST', '/api/spaces', 'null'],
      ['POST', '/api/spaces', '[]'],
      ['POST', '/api/spaces', deep],
      ['POST', `/api/spaces/${spaceId}/messages`, '{"content":"\\ud800","clientKey":"key-12345678"}'],
      ['PATCH', `/api/users/${owner.user.id}`, '{"bio":"\\udfff lone"}'],
    ];
    for (const [method, path, rawBody] of raw) {
      const answer = await call(path, { method, token: owner.token, rawBody });
      expect(answer.status, `${method} ${path} ${rawBody.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(
        answer.status,
        `${method} ${path} ${rawBody.slice(0, 40)}: ${JSON.stringify(answer.body)}`,
      ).toBeLessThan(500);
    }
    const queries = [
      `/api/spaces/${spaceId}/messages?before=1e30`,
      `/api/spaces/${spaceId}/messages?after=-1`,
      `/api/spaces/${spaceId}/messages?around=abc`,
      `/api/spaces/${spaceId}/messages?limit=99999999999999999999`,
      `/api/events?cursor=garbage&limit=abc`,
      `/api/events?cursor=${'x'.repeat(300)}`,
      `/api/admin-panel/users/${owner.user.id}?cursor=bm90LWpzb24`,
      `/api/admin-panel/audit?cursor=WyJ4Il0`,
    ];
    for (const path of queries) {
      const answer = await call(path, { token: owner.token });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    }
  });
});

describe('lengths', () => {
  it('refuses a message, a bio and a name over their maximum, with the maximum in the message', async () => {
    const user = await freshUser();
    const tooLong = await call(`/api/users/${user.user.id}`, {
      method: 'PATCH',
      token: user.token,
      body: { bio: 'x'.repeat(2001), pseudo: 'p'.repeat(51) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues).toEqual([
      { path: 'pseudo', message: 'Pseudo must be at most 50 characters.' },
      { path: 'bio', message: 'Bio must be at most 2,000 characters.' },
    ]);
    const message = await call(`/api/spaces/${spaceId}/messages`, {
      method: 'POST',
      token: host.token,
      body: { content: 'x'.repeat(4001), clientKey: `k-${unique()}` },
    });
    expect(message.status).toBe(400);
    expect(message.body.issues).toEqual([
      { path: 'content', message: 'Messages can be at most 4000 characters.' },
    ]);
  });
});

describe('unique-constraint races are a 409, never a 500', () => {
  it('two imports of the same new email at once: one creates it, the other is told it exists', async () => {
    const row = importRow();
    const path = `/api/admin-panel/users/import/${owner.user.id}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(path, { method: 'POST', token: owner.token, body: { users: [row] } }),
      ),
    );
    for (const answer of answers) {
      expect([200, 201, 409], JSON.stringify(answer.body)).toContain(answer.status);
      // The row clashes on both email and pseudo; Postgres names whichever index it checked first.
      if (answer.status === 409) expect([EMAIL_TAKEN, PSEUDO_TAKEN]).toContain(answer.body.error);
    }
    const users = await withDatabase(
      async (db) => (await db.query('select count(*) from users where email = $1', [row.email])).rows[0],
    );
    expect(Number(users.count)).toBe(1);
  });

  it('two admins adding the same email at once: one 201, the rest 409 on the email field', async () => {
    const { email } = newUserBody();
    // Different pseudos, so the email is the only thing they fight over.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(`/api/admin-panel/users/${owner.user.id}`, {
          method: 'POST',
          token: owner.token,
          body: newUserBody({ email }),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer).toMatchObject({
        status: 409,
        body: { error: EMAIL_TAKEN, issues: [{ path: 'email', message: EMAIL_TAKEN }] },
      });
    }
  });

  it('concurrent space creations, joins by one invite and adds of one member: no 500', async () => {
    const creator = await freshUser();
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('/api/spaces', {
          method: 'POST',
          token: creator.token,
          body: { name: `Same name ${i % 2}`, description: 'Created at once' },
        }),
      ),
    );
    expect(created.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const space = created[0]!.body;
    const joiner = await freshUser();
    const joins = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(`/api/spaces/invite/${space.inviteCode}`, { method: 'POST', token: joiner.token }),
      ),
    );
    expect(joins.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const other = await freshUser();
    const adds = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(`/api/spaces/${space.id}/users`, {
          method: 'POST',
          token: creator.token,
          body: { userId: other.user.id },
        }),
      ),
    );
    for (const answer of adds) expect([201, 409]).toContain(answer.status);
    const members = await withDatabase(
      async (db) =>
        (await db.query('select count(*) from space_members where space_id = $1', [space.id])).rows[0],
    );
    expect(Number(members.count)).toBe(3);
  });

  it('two members taking the same pseudo at once: one gets it, the other 409 on the pseudo field', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => freshUser()));
    const pseudo = `race${unique()}`;
    const answers = await Promise.all(
      members.map((member) =>
        call(`/api/users/${member.user.id}`, { method: 'PATCH', token: member.token, body: { pseudo } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe(PSEUDO_TAKEN);
    }
  });
});
