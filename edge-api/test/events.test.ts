import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  baseUrl,
  call,
  memberMadeBy,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { eventBodyWith, IN_PERSON_LYON, inDays } from './event-fixtures.ts';

let member: Session;
let host: Session;
let publicSpaceId: string;
let privateSpaceWithoutMember: string | null;

const eventBody = (overrides: Record<string, unknown> = {}) =>
  eventBodyWith(
    {
      title: `Meetup ${unique()}`,
      description: 'Talks, snacks; friends, too',
      spaceId: publicSpaceId,
      hostId: host.user.id,
      ...IN_PERSON_LYON,
      tags: ['design', 'react'],
    },
    overrides,
  );

beforeAll(async () => {
  [member, host] = await Promise.all([signIn('member@example.com'), signIn('host@example.com')]);
  const spaces = await withDatabase(async (db) => {
    // A public space the host is a member of (other suites create public spaces the host is not in).
    const pub = await db.query(
      `select s.id from spaces s join space_members m on m.space_id = s.id and m.user_id = $1
       where s.type = 'PUBLIC' order by s.created_at limit 1`,
      [host.user.id],
    );
    const priv = await db.query(
      `select s.id from spaces s where not exists
       (select 1 from space_members m where m.space_id = s.id and m.user_id = $1) limit 1`,
      [host.user.id],
    );
    return { pub: pub.rows[0].id as string, priv: (priv.rows[0]?.id as string) ?? null };
  });
  publicSpaceId = spaces.pub;
  privateSpaceWithoutMember = spaces.priv;
});

describe('creating events', () => {
  it('creates a published in-person event with its tags, visible to members', async () => {
    const created = await call('/api/events', { method: 'POST', token: host.token, body: eventBody() });
    expect(created.status).toBe(201);
    expect(created.body.announced).toBe(true);
    expect(created.body.event).toMatchObject({
      authorId: host.user.id,
      hostId: host.user.id,
      location: 'IN_PERSON',
      repeat: 'NO_REPEAT',
      address: { city: 'Lyon' },
      tags: [
        { id: expect.any(String), name: 'design' },
        { id: expect.any(String), name: 'react' },
      ],
    });
    const seen = await call(`/api/events/${created.body.event.id}`, { token: member.token });
    expect(seen.status).toBe(200);
    expect(seen.body.title).toBe(created.body.event.title);
  });

  it('announces a published event live to the members of its space', async () => {
    const { ticket } = (
      await call('/api/realtime/ticket', {
        method: 'POST',
        token: member.token,
        body: { party: 'user-room', room: member.user.id },
      })
    ).body;
    const socket = new WebSocket(
      `${baseUrl().replace(/^http/, 'ws')}/parties/user-room/${member.user.id}?ticket=${ticket}`,
    );
    const frames: any[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.on('open', resolve));
    // An author of its own: one author's unread announcements coalesce (write-limits.test.ts), and
    // other files' events by the demo host may reach this member meanwhile.
    const author = await memberMadeBy(await signIn('owner@example.com'));
    expect(
      (await call(`/api/spaces/${publicSpaceId}/join`, { method: 'POST', token: author.token })).status,
    ).toBe(200);
    const title = `Announced ${unique()}`;
    const created = await call('/api/events', {
      method: 'POST',
      token: author.token,
      body: eventBody({ title, hostId: author.user.id }),
    });
    expect(created.body.announced).toBe(true);
    const ours = () => frames.find((frame) => frame.notification?.payload?.eventId === created.body.event.id);
    await expect.poll(ours, { timeout: 5000 }).toBeDefined();
    expect(ours()).toMatchObject({
      type: 'notification',
      notification: {
        type: 'EVENT_ANNOUNCEMENT',
        title: `New event: ${title}`,
        payload: { eventId: created.body.event.id },
      },
    });
    socket.close();
  });

  it('rejects invalid events with the spec’s messages and writes nothing', async () => {
    // Every refused body carries this description, so other files' events made meanwhile don't count.
    const marker = `Refused ${unique()}`;
    const count = () =>
      withDatabase(async (db) =>
        Number(
          (await db.query('select count(*) from events where description = $1', [marker])).rows[0].count,
        ),
      );
    const cases: [Record<string, unknown>, string, string][] = [
      [{ spaceId: '' }, 'spaceId', 'Space is required.'],
      [{ title: '' }, 'title', 'Title is required'],
      [{ hostId: '' }, 'hostId', 'Host is required'],
      [{ startDate: inDays(-2) }, 'startDate', 'Please select a valid date'],
      [{ endDate: inDays(10, 9) }, 'endDate', 'Check the event date'],
      [{ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'tags', 'You can add up to 5 topics'],
      [{ bannerUrl: 'not a url' }, 'bannerUrl', 'Please enter a valid URL'],
      [{ location: 'YOUTUBE', addressUrl: 'javascript:alert(1)' }, 'addressUrl', 'Please enter a valid URL'],
      [{ authorId: member.user.id }, 'authorId', 'Unknown field: authorId'],
    ];
    for (const [override, path, message] of cases) {
      const answer = await call('/api/events', {
        method: 'POST',
        token: host.token,
        body: eventBody({ description: marker, ...override }),
      });
      expect(answer.status, JSON.stringify(override)).toBe(400);
      expect(answer.body.issues, JSON.stringify(override)).toContainEqual({ path, message });
    }
    expect(await count()).toBe(0);
  });

  it('refuses an unknown space, a space the author is not in, and users without the events feature', async () => {
    const unknownSpace = await call('/api/events', {
      method: 'POST',
      token: host.token,
      body: eventBody({ spaceId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknownSpace).toMatchObject({ status: 400, body: { error: 'Space not found' } });
    if (privateSpaceWithoutMember) {
      const outside = await call('/api/events', {
        method: 'POST',
        token: host.token,
        body: eventBody({ spaceId: privateSpaceWithoutMember }),
      });
      expect(outside.status).toBe(403);
    }
    await withDatabase((db) =>
      db.query(`update user_features set enabled = false where user_id = $1 and feature = 'events'`, [
        member.user.id,
      ]),
    );
    try {
      const gated = await call('/api/events', {
        method: 'POST',
        token: member.token,
        body: eventBody({ hostId: member.user.id }),
      });
      expect(gated).toMatchObject({
        status: 403,
        body: { error: 'The events feature is not enabled for your account.' },
      });
    } finally {
      await withDatabase((db) =>
        db.query(`update user_features set enabled = true where user_id = $1 and feature = 'events'`, [
          member.user.id,
        ]),
      );
    }
  });
});

describe('editing events', () => {
  it('lets only the author edit, and announces a draft when it is published', async () => {
    const draft = await call('/api/events', {
      method: 'POST',
      token: host.token,
      body: eventBody({ published: false }),
    });
    const id = draft.body.event.id;
    expect((await call(`/api/events/${id}`, { token: member.token })).status).toBe(404);
    const foreign = await call(`/api/events/${id}`, {
      method: 'PUT',
      token: member.token,
      body: eventBody(),
    });
    expect(foreign.status).toBe(404);
    const published = await call(`/api/events/${id}`, {
      method: 'PUT',
      token: host.token,
      body: eventBody({
        title: 'Renamed',
        published: true,
        location: 'YOUTUBE',
        addressUrl: 'https://www.youtube.com/watch?v=abc',
        address: null,
      }),
    });
    expect(published.status).toBe(200);
    expect(published.body.event).toMatchObject({
      title: 'Renamed',
      published: true,
      location: 'YOUTUBE',
      address: null,
    });
    const notAuthor = await call(`/api/events/${id}`, {
      method: 'PUT',
      token: member.token,
      body: eventBody(),
    });
    expect(notAuthor).toMatchObject({ status: 403, body: { error: 'Only the author can edit this event.' } });
  });
});

describe('RSVP', () => {
  it('toggles interest, harmlessly repeated, and refuses the author', async () => {
    const { body } = await call('/api/events', { method: 'POST', token: host.token, body: eventBody() });
    const id = body.event.id;
    const rsvp = () =>
      call(`/api/events/${id}/members`, { method: 'POST', token: member.token, body: { eventId: id } });
    expect((await rsvp()).status).toBe(201);
    const again = await rsvp();
    expect(again.status).toBe(201);
    expect(again.body.members.filter((m: { userId: string }) => m.userId === member.user.id)).toHaveLength(1);
    const un = await call(`/api/events/${id}/members`, { method: 'DELETE', token: member.token });
    expect(un.status).toBe(200);
    expect(un.body.members).toEqual([]);
    expect((await call(`/api/events/${id}/members`, { method: 'DELETE', token: member.token })).status).toBe(
      200,
    );
    const author = await call(`/api/events/${id}/members`, {
      method: 'POST',
      token: host.token,
      body: { eventId: id },
    });
    expect(author).toMatchObject({
      status: 403,
      body: { error: 'The author of an event cannot RSVP to it.' },
    });
    const mismatch = await call(`/api/events/${id}/members`, {
      method: 'POST',
      token: member.token,
      body: { eventId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(mismatch.status).toBe(400);
  });
});

describe('calendar files', () => {
  it('writes one event as iCalendar with its repeat rule', async () => {
    const { body } = await call('/api/events', {
      method: 'POST',
      token: host.token,
      // A weekly series starts on its day (issue 12): the first Tuesday 10 or more days ahead, 15:00 UTC.
      body: eventBody({
        repeat: 'BI_WEEKLY_TUESDAY',
        title: 'Tuesday club, with commas; and semicolons',
        startDate: inDays(10 + ((9 - new Date(inDays(10)).getUTCDay()) % 7), 15),
        endDate: inDays(10 + ((9 - new Date(inDays(10)).getUTCDay()) % 7), 17),
      }),
    });
    const answer = await fetch(`${baseUrl()}/api/events/${body.event.id}.ics`, {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
    const [vevent] = new ICAL.Component(ICAL.parse(await answer.text())).getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent!);
    expect(event.summary).toBe('Tuesday club, with commas; and semicolons');
    expect(event.startDate.toJSDate().toISOString()).toBe(body.event.startDate);
    expect(vevent!.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU');
  });

  it('serves the community feed with published events only, to a signed-in user or a feed token', async () => {
    const draft = await call('/api/events', {
      method: 'POST',
      token: host.token,
      body: eventBody({ published: false }),
    });
    const { url } = (await call('/api/events/calendar-feed', { token: member.token })).body;
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(await feed.text()))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(events.length).toBeGreaterThan(3);
    expect(events.some((event) => event.uid.startsWith(draft.body.event.id))).toBe(false);
    const forged = await fetch(url.replace(/token=[^&]+/, 'token=forged'));
    expect(forged.status).toBe(401);
    expect((await fetch(`${baseUrl()}/api/events.ics`)).status).toBe(401);
  });
});

describe('host picker search', () => {
  it('finds members by name and answers an empty search with 400', async () => {
    const found = await call(
      `/api/users/community-members?SearchName=${encodeURIComponent(host.user.firstName)}`,
      { token: member.token },
    );
    expect(found.status).toBe(200);
    expect(found.body.items.map((u: { id: string }) => u.id)).toContain(host.user.id);
    expect(found.body.items[0]).not.toHaveProperty('email');
    expect((await call('/api/users/community-members?SearchName=', { token: member.token })).status).toBe(
      400,
    );
    const everyone = await call('/api/users/community-members?SearchName=%20', { token: member.token });
    expect(everyone.body.items.length).toBeGreaterThan(5);
  });
});
