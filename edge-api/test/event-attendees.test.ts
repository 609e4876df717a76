// "Who is going" (issue 29): an event's attendees for whoever may see it (names and avatars, never an
// email; blocked members left out; paged by RSVP time), and the attendee list as CSV for its author,
// its host and community admins only, written like the users export and read back by papaparse.
import { unescapeCsvCell } from '@community/domain/csv';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  memberMadeBy,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { createEvent, eventBodyWith, inDays, rsvp } from './event-fixtures.ts';

const EVENT_NOT_FOUND = { error: 'Event not found' };
/** A name a spreadsheet or a naive CSV writer gets wrong: a comma, a quote, a newline and a formula. */
const TRICKY_FIRST_NAME = '=HYPERLINK("x"), Jr.\nthe 2nd';

let owner: Session; // SUPER_ADMIN: a community admin
let author: Session; // creates the private space and the event
let host: Session; // hosts it, a member of the space
let readers: Session[]; // members of the space who RSVP, in this order
let blocked: Session; // RSVPs, then is blocked
let outsider: Session; // a member of the community, not of the space
let eventId: string;

type Attendee = { id: string; firstName: string; lastName: string; pseudo: string; imageUrl: string | null };

/** Every page of the attendee list, `limit` at a time. */
async function allAttendees(session: Session, limit: number) {
  const items: Attendee[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await call(`/api/events/${eventId}/attendees?limit=${limit}${query}`, {
      token: session.token,
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
    pages += 1;
  } while (cursor);
  return { items, pages };
}

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  const users = await Promise.all(Array.from({ length: 8 }, () => memberMadeBy(owner)));
  [author, host, blocked, outsider] = users as [Session, Session, Session, Session];
  readers = users.slice(4);
  const space = await call('/api/spaces', {
    method: 'POST',
    token: author.token,
    body: { name: `Attendees ${unique()}`, description: 'Members only', type: 'PRIVATE' },
  });
  expect(space.status, JSON.stringify(space.body)).toBe(201);
  for (const member of [host, blocked, ...readers]) {
    const added = await call(`/api/spaces/${space.body.id}/users`, {
      method: 'POST',
      token: author.token,
      body: { userId: member.user.id },
    });
    expect(added.status).toBe(201);
  }
  ({ id: eventId } = await createEvent(
    author.token,
    eventBodyWith({
      title: `Who is going ${unique()}`,
      spaceId: space.body.id,
      hostId: host.user.id,
      startDate: inDays(5),
      endDate: inDays(5, 17),
      addressUrl: 'https://www.youtube.com/watch?v=going',
    }),
  ));
  // One after the other, so the RSVP times give the order; the blocked member RSVPs second.
  for (const member of [readers[0], blocked, ...readers.slice(1)] as Session[]) {
    const answer = await rsvp(eventId, member.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
  await withDatabase(async (db) => {
    await db.query('update users set is_blocked = true where id = $1', [blocked.user.id]);
    // Names the admin form refuses to take are still possible from an import or an older version.
    await db.query('update users set first_name = $1 where id = $2', [
      TRICKY_FIRST_NAME,
      readers[1]?.user.id,
    ]);
  });
}, 120_000);

// The stack is shared with the suites after this one: the full export's re-import refuses a name
// with a newline, so the member gets a plain one back.
afterAll(async () => {
  await withDatabase((db) =>
    db.query(`update users set first_name = 'Tricky' where id = $1`, [readers[1]?.user.id]),
  );
});

describe('GET /api/events/{id}/attendees', () => {
  it('lists who RSVPed by RSVP time, blocked members left out, with no email, for the event’s readers', async () => {
    const expected = (readers as Session[]).map((reader) => reader.user.id);
    for (const viewer of [readers[2] as Session, host, author]) {
      const page = await call(`/api/events/${eventId}/attendees`, { token: viewer.token });
      expect(page.status).toBe(200);
      expect(page.body.items.map((item: Attendee) => item.id)).toEqual(expected);
      expect(page.body.nextCursor).toBeNull();
      expect(Object.keys(page.body.items[0]).sort()).toEqual([
        'firstName',
        'id',
        'imageUrl',
        'lastName',
        'pseudo',
      ]);
      const text = JSON.stringify(page.body);
      for (const member of [...(readers as Session[]), blocked])
        expect(text).not.toContain(member.user.email);
      expect(text).not.toContain(blocked.user.id);
    }
    // The Interested count is the list's length: the blocked member's RSVP counts neither.
    const event = await call(`/api/events/${eventId}`, { token: host.token });
    expect(event.body.members.map((member: { userId: string }) => member.userId).sort()).toEqual(
      [...expected].sort(),
    );
  });

  it('pages by RSVP time: every attendee once, in order', async () => {
    const { items, pages } = await allAttendees(host, 2);
    expect(pages).toBe(2);
    expect(items.map((item) => item.id)).toEqual((readers as Session[]).map((reader) => reader.user.id));
    const bad = await call(`/api/events/${eventId}/attendees?cursor=%21%21%21`, { token: host.token });
    expect(bad.status).toBe(400);
  });

  it('is 404 for who may not see the event, as the event is', async () => {
    const event = await call(`/api/events/${eventId}`, { token: outsider.token });
    expect(event.status).toBe(404);
    const page = await call(`/api/events/${eventId}/attendees`, { token: outsider.token });
    expect(page).toMatchObject({ status: 404, body: EVENT_NOT_FOUND });
    const badCursor = await call(`/api/events/${eventId}/attendees?cursor=%21%21%21`, {
      token: outsider.token,
    });
    expect(badCursor.status).toBe(404);
    const notAnId = await call('/api/events/not-an-id/attendees', { token: host.token });
    expect(notAnId.status).toBe(404);
    expect((await call(`/api/events/${eventId}/attendees`)).status).toBe(401);
  });
});

describe('GET /api/events/{id}/attendees.csv', () => {
  it('gives the author, the host and community admins a CSV a spreadsheet-grade parser reads back', async () => {
    for (const organiser of [author, host, owner]) {
      const answer = await call(`/api/events/${eventId}/attendees.csv`, { token: organiser.token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.csv"$/);
      const parsed = Papa.parse<string[]>(answer.body as string, { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [header, ...rows] = parsed.data;
      expect(header).toEqual(['First Name', 'Last Name', 'Pseudo', 'Email', 'RSVP Time', 'Status']);
      expect(rows.map((row) => row[3])).toEqual((readers as Session[]).map((reader) => reader.user.email));
      for (const row of rows) expect(new Date(row[4] as string).toISOString()).toBe(row[4]);
      const tricky = rows[1] as string[];
      // The formula guard: a spreadsheet shows it as text; one apostrophe off gives the name back.
      expect(tricky[0]).toBe(`'${TRICKY_FIRST_NAME}`);
      expect(unescapeCsvCell(tricky[0] as string)).toBe(TRICKY_FIRST_NAME);
      expect(tricky.slice(1, 4)).toEqual([
        readers[1]?.user.lastName,
        readers[1]?.user.pseudo,
        readers[1]?.user.email,
      ]);
      expect(answer.body).not.toContain(blocked.user.email);
    }
  });

  it('is 403 for the event’s other readers and 404 for who may not see it', async () => {
    const reader = await call(`/api/events/${eventId}/attendees.csv`, {
      token: (readers[0] as Session).token,
    });
    expect(reader.status).toBe(403);
    expect(JSON.stringify(reader.body)).not.toContain('@');
    const stranger = await call(`/api/events/${eventId}/attendees.csv`, { token: outsider.token });
    expect(stranger).toMatchObject({ status: 404, body: EVENT_NOT_FOUND });
    expect((await call(`/api/events/${eventId}/attendees.csv`)).status).toBe(401);
  });
});
