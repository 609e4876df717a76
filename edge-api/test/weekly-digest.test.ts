// The weekly digest (issue 32, ADR 26): on the member's day, from 9:00 in their time zone, the minute
// Cron Trigger (Miniflare's /cdn-cgi/local/scheduled with a `time` of the test's choosing) queues one
// email with the week's top posts in their spaces, the coming week's events and what is unread; read
// back from the stack's SMTP inbox and parsed (mailparser). Once a week, never to a member who turned
// it off, picked another day, whose address bounced, or who joined less than a week ago.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { mailTo, waitForMail } from '../../scripts/lib/mail-test-client.ts';
import { createEvent, eventBodyWith } from './event-fixtures.ts';
import { doc, paragraph, text } from './wall-cast.ts';

const PASSWORD = 'welcome-123';
const WEEK = 7 * 86_400_000;
type Member = Session & { email: string };
let owner: Session;

/** Zones tried for one where the run falls between 9:00 and 22:00 (one always does). */
const ZONES = [
  'UTC',
  'Asia/Tokyo',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Pacific/Auckland',
  'Asia/Kolkata',
];
const localHour = (at: Date, zone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(at));
const localWeekday = (at: Date, zone: string) =>
  ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(at),
  );

// The run: two minutes from now, in a zone where that is the digest's hour or later the same day.
const runAt = new Date(Date.now() + 2 * 60_000);
const zone = ZONES.find((name) => localHour(runAt, name) >= 9 && localHour(runAt, name) <= 22) ?? 'UTC';
const day = localWeekday(runAt, zone);

beforeAll(async () => {
  owner = await signIn('owner@example.com');
});

afterAll(async () => {
  // Leave no suppressed address behind for the other files.
  await withDatabase((client) => client.query(`delete from mail_suppressions where email like 'digest-%'`));
});

/** A member who joined a month ago (the first digest waits for a member's first week). */
async function member(
  name: string,
  settings: Record<string, unknown> = {},
  joinedDaysAgo = 30,
): Promise<Member> {
  const email = `digest-${name.toLowerCase()}-${unique()}@example.com`;
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: newUserForm({ email, firstName: name, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const session = await signIn(email, PASSWORD);
  const saved = await call(`/api/users/${session.user.id}`, {
    method: 'PATCH',
    token: session.token,
    body: { timeZone: zone, emailPreferences: { digestDay: day }, ...settings },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await withDatabase((client) =>
    client.query(`update users set created_at = now() - make_interval(days => $2) where id = $1`, [
      session.user.id,
      joinedDaysAgo,
    ]),
  );
  return { ...session, email };
}

async function cronAt(at: Date) {
  const run = await fetch(`${baseUrl()}/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${at.getTime()}`);
  expect(run.status).toBe(200);
}

const SUBJECT = 'Your week in Demo Community';
/** The digests `address` got (the later runs also email what was left unread while away). */
const digestsTo = async (address: string) =>
  (await mailTo(address)).filter((mail) => mail.subject === SUBJECT);

const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

describe('the weekly digest', () => {
  it("tells a member the week's top post of their spaces, the coming event and what is unread, once", async () => {
    const [ann, bob, cleo, dan, eli, neo] = await Promise.all([
      member('Ann'),
      member('Bob', { emailPreferences: { digestDay: (day + 1) % 7 } }),
      member('Cleo', { emailPreferences: { digest: false } }),
      member('Dan'),
      member('Eli'),
      member('Neo', {}, 0),
    ]);
    await withDatabase((client) =>
      client.query(
        `insert into mail_suppressions (email, reason, kind) values ($1, '550 5.1.1 No such user', 'digest')`,
        [dan.email],
      ),
    );
    const space = await call('/api/spaces', {
      method: 'POST',
      token: ann.token,
      body: { name: `Digest ${unique()}`, description: 'Weekly digest', type: 'PUBLIC' },
    });
    expect(space.status).toBe(201);
    for (const joiner of [bob, cleo, dan, neo]) {
      const joined = await call(`/api/spaces/${space.body.id}/join`, { method: 'POST', token: joiner.token });
      expect(joined.status).toBeLessThan(300);
    }
    const words = `Our garden plan ${unique()}`;
    const post = await call('/api/socket/posts', {
      method: 'POST',
      token: bob.token,
      body: { spaceId: space.body.id, content: doc(paragraph(text(words))), clientKey: `post-${unique()}` },
    });
    expect(post.status).toBe(201);
    const comment = await call(`/api/socket/posts/comments/${post.body.post.id}`, {
      method: 'POST',
      token: ann.token,
      body: { content: doc(paragraph(text('Count me in'))), clientKey: `comment-${unique()}` },
    });
    expect(comment.status).toBe(201);
    const start = new Date(runAt.getTime() + 2 * 86_400_000);
    const event = await createEvent(
      ann.token,
      eventBodyWith({
        title: `Seed swap ${unique()}`,
        spaceId: space.body.id,
        hostId: ann.user.id,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      }),
    );
    const opened = await call('/api/conversations', {
      method: 'POST',
      token: bob.token,
      body: { userId: ann.user.id },
    });
    const dm = await call(`/api/conversations/${opened.body.conversation.id}/messages`, {
      method: 'POST',
      token: bob.token,
      body: { content: 'see you there', clientKey: `dm-${unique()}` },
    });
    expect(dm.status).toBe(201);

    await cronAt(runAt);
    const [mail] = await waitForMail(ann.email);
    expect(mail!.subject).toBe(SUBJECT);
    expect(mail!.text).toMatch(/top posts this week/i);
    expect(mail!.text).toContain(words);
    expect(mail!.text).toContain(
      `${bob.user.firstName} ${bob.user.lastName} in ${space.body.name} · 1 comment`,
    );
    expect(mail!.html).toContain(`/spaces/${space.body.id}?postId=${post.body.post.id}`);
    expect(mail!.text).toMatch(/coming up/i);
    expect(mail!.text).toContain(event.title);
    const when = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(start);
    expect(mail!.text).toContain(when);
    expect(mail!.text).toContain('1 unread message');
    expect(mail!.text).not.toContain('see you there');
    const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][day];
    expect(mail!.text).toContain(`You get this digest every ${weekday}`);
    expect(mail!.headerLines.map((line) => line.key)).toContain('list-unsubscribe-post');

    // Runs later that day and the next days send nothing more; a week later, the next one.
    await cronAt(new Date(runAt.getTime() + 60_000));
    await cronAt(new Date(runAt.getTime() + 3 * 86_400_000));
    await settle();
    expect(await digestsTo(ann.email)).toHaveLength(1);
    // Bob's day is tomorrow; Cleo turned it off; Dan's address bounced; Neo joined today. Eli is in no
    // space and has nothing unread, but public spaces' events are his to go to: a digest without posts.
    for (const quiet of [bob, cleo, dan, neo]) expect(await digestsTo(quiet.email)).toEqual([]);
    // (Other files' public events may come sooner than this one: Eli's digest lists the soonest.)
    const [eliMail] = await waitForMail(eli.email);
    expect(eliMail!.text).toMatch(/coming up/i);
    expect(eliMail!.text).not.toMatch(/top posts this week/i);

    await cronAt(new Date(runAt.getTime() + WEEK));
    await expect.poll(async () => (await digestsTo(ann.email)).length, { timeout: 30_000 }).toBe(2);
  });

  it('is changed in Edit Profile: a day outside the week or a made-up time zone changes nothing', async () => {
    const gus = await member('Gus');
    const patch = (body: unknown) =>
      call(`/api/users/${gus.user.id}`, { method: 'PATCH', token: gus.token, body });
    const badDay = await patch({ emailPreferences: { digestDay: 7 } });
    expect(badDay.status).toBe(400);
    expect(badDay.body.issues[0].path).toBe('emailPreferences.digestDay');
    const badZone = await patch({ timeZone: 'Mars/Olympus_Mons' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.issues[0].path).toBe('timeZone');
    const me = async () => (await call('/api/auth/me', { token: gus.token })).body.user;
    expect((await me()).emailPreferences).toMatchObject({ digest: true, digestDay: day });
    expect((await me()).timeZone).toBe(zone);
    expect((await patch({ emailPreferences: { digest: false } })).status).toBe(200);
    expect((await me()).emailPreferences).toMatchObject({ digest: false, digestDay: day });
  });
});
