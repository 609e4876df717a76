// The first-visit welcome (issue 30): a newcomer sees it until they dismiss it, the dismissal is
// stored on their account (another session, another device, does not bring it back), members from
// before never get it, and only the community's owner and admins edit its text, which is checked.
// Over HTTP against the running stack.
import { DEFAULT_WELCOME_TEXT, WELCOME_TEXT_MAX } from '@community/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

let owner: Session;

/** A member added through the admin panel, as a newcomer is; signed in twice (two devices). */
async function newcomer(): Promise<{ form: ReturnType<typeof newUserForm>; first: Session }> {
  const form = newUserForm();
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: form,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { form, first: await signIn(form.email, form.password) };
}

const welcomeOf = (session: Session) => call('/api/welcome', { token: session.token });
const putWelcomeText = (session: Session, body: unknown) =>
  call('/api/community/welcome', { method: 'PUT', token: session.token, body });

beforeAll(async () => {
  owner = await signIn('owner@example.com');
});

afterAll(async () => {
  await putWelcomeText(owner, { welcomeText: DEFAULT_WELCOME_TEXT });
});

describe('the welcome', () => {
  it('greets a newcomer, and once dismissed stays dismissed on every device', async () => {
    const { form, first } = await newcomer();
    const shown = await welcomeOf(first);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ show: true, welcomeText: expect.any(String) });

    const dismissed = await call('/api/welcome/dismissal', { method: 'POST', token: first.token });
    expect(dismissed.status).toBe(204);
    expect((await welcomeOf(first)).body.show).toBe(false);
    // Another sign-in (another device) finds it dismissed: it lives on the account, not the browser.
    const second = await signIn(form.email, form.password);
    expect((await welcomeOf(second)).body.show).toBe(false);
    // Dismissing again is harmless.
    expect((await call('/api/welcome/dismissal', { method: 'POST', token: second.token })).status).toBe(204);
  });

  it('is per member: one newcomer dismissing it leaves another one’s', async () => {
    const [a, b] = await Promise.all([newcomer(), newcomer()]);
    await call('/api/welcome/dismissal', { method: 'POST', token: a.first.token });
    expect((await welcomeOf(a.first)).body.show).toBe(false);
    expect((await welcomeOf(b.first)).body.show).toBe(true);
  });

  it('is not shown to members who were here before', async () => {
    const member = await signIn('member@example.com');
    expect((await welcomeOf(member)).body.show).toBe(false);
  });

  it('suggests public spaces the newcomer is not in, most active first, and names General', async () => {
    const { first } = await newcomer();
    const host = await signIn('host@example.com');
    // A quiet public space and a busy one: the busy one comes first whatever their names.
    const make = async (name: string) => {
      const created = await call('/api/spaces', {
        method: 'POST',
        token: host.token,
        body: { name, description: 'A space to suggest', type: 'PUBLIC' },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const busy = await make(`Zz busy ${unique()}`);
    // Busier than any other public space on this shared stack (other suites chat and post too).
    await withDatabase(async (db) => {
      const busiest = await db.query<{ n: number }>(
        `select coalesce(max(
           (select count(*) from posts p where p.space_id = s.id)
           + (select count(*) from space_messages m where m.space_id = s.id)), 0)::int as n
         from spaces s where s.type = 'PUBLIC'`,
      );
      await db.query(
        `insert into posts (space_id, author_id, content)
         select $1, $2, '{}'::jsonb from generate_series(1, $3::int)`,
        [busy, host.user.id, (busiest.rows[0]?.n ?? 0) + 500],
      );
    });
    const { body } = await welcomeOf(first);
    const ids = body.suggestions.map((space: { id: string }) => space.id);
    expect(ids[0]).toBe(busy);
    expect(body.suggestions.length).toBeLessThanOrEqual(3);
    for (const space of body.suggestions) expect(space).toMatchObject({ type: 'PUBLIC', isMember: false });
    const general = await withDatabase((db) =>
      db.query(`select id from spaces where name = 'General' and type = 'PUBLIC'`),
    );
    expect(body.introductionSpaceId).toBe(general.rows[0].id);

    // Joined, it is no longer suggested.
    expect((await call(`/api/spaces/${busy}/join`, { method: 'POST', token: first.token })).status).toBe(200);
    const after = await welcomeOf(first);
    expect(after.body.suggestions.map((space: { id: string }) => space.id)).not.toContain(busy);
  });
});

describe('the welcome text', () => {
  it('is edited by the owner and admins only, and newcomers see the new text', async () => {
    const admin = await signIn('admin@example.com');
    const text = `Hello newcomers ${unique()}!\nSay hi in General.`;
    const saved = await putWelcomeText(admin, { welcomeText: `  ${text}  ` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.welcomeText).toBe(text);
    expect((await call('/api/community', { token: owner.token })).body.welcomeText).toBe(text);
    const { first } = await newcomer();
    expect((await welcomeOf(first)).body.welcomeText).toBe(text);

    // A member, a host and a newcomer cannot, whatever they send (the role is checked first).
    for (const email of ['member@example.com', 'host@example.com']) {
      const session = await signIn(email);
      expect((await putWelcomeText(session, { welcomeText: 'Mine now' })).status).toBe(403);
      expect((await putWelcomeText(session, 'not an object')).status).toBe(403);
    }
    expect((await putWelcomeText(first, { welcomeText: 'Mine now' })).status).toBe(403);
    expect((await call('/api/community/welcome', { method: 'PUT', body: { welcomeText: 'x' } })).status).toBe(
      401,
    );
    expect((await welcomeOf(first)).body.welcomeText).toBe(text);
  });

  it('refuses a blank, too long or non-text welcome with 400 and keeps the old one', async () => {
    const before = (await call('/api/community', { token: owner.token })).body.welcomeText;
    const bad: [unknown, string][] = [
      [{ welcomeText: '   ' }, 'Welcome text is required'],
      [{}, 'Welcome text is required'],
      [{ welcomeText: 'x'.repeat(WELCOME_TEXT_MAX + 1) }, 'Welcome text must be at most 600 characters.'],
      [{ welcomeText: 'Hello\u0000there' }, 'Welcome text contains characters that are not allowed.'],
      [{ welcomeText: 'Hi', extra: true }, ''],
    ];
    for (const [body, message] of bad) {
      const answer = await putWelcomeText(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(answer.body)).toContain(message);
    }
    expect((await call('/api/community', { token: owner.token })).body.welcomeText).toBe(before);
  });
});
