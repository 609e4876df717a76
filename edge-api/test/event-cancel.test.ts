// Cancelling a whole event, putting it back, and deleting (issue 29): who may, the reason's rules,
// RSVPs refused once it is off, EVENT_CANCELLED to the members who RSVPed only (and only those with
// `events` on), STATUS:CANCELLED with a higher SEQUENCE read by independent parsers (ical.js,
// node-ical, and Python's icalendar where it is installed) in the event's file and the member's feed, restoring before the start only, what may be
// deleted, and the audit rows.
import { spawnSync } from 'node:child_process';
import ICAL from 'ical.js';
import ical from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  memberMadeBy,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { calendarFixtures } from './calendar-fixtures.ts';
import { createEvent, eventBodyWith, inDays, rsvp } from './event-fixtures.ts';

/**
 * A Python that has the icalendar module (Debian: python3-icalendar, which the system python3 has;
 * a pyenv python3 on PATH may not), or why there is none: the Python check then skips, saying so.
 */
function pythonWithIcalendar(): { python: string } | { missing: string } {
  for (const python of ['python3', '/usr/bin/python3']) {
    const probe = spawnSync(python, ['-c', 'import icalendar'], { encoding: 'utf8' });
    if (probe.status === 0) return { python };
  }
  return { missing: 'no python3 with the icalendar module (apt-get install -y python3-icalendar)' };
}
const PYTHON = pythonWithIcalendar();

/** STATUS and SEQUENCE of the VEVENT `uid` as Python's icalendar reads the file. */
function pythonReads(python: string, text: string, uid: string): { status: string | null; sequence: number } {
  const script = `
import json, sys, icalendar
calendar = icalendar.Calendar.from_ical(sys.stdin.read())
for event in calendar.walk('VEVENT'):
    if str(event.get('UID')) == sys.argv[1]:
        status = event.get('STATUS')
        print(json.dumps({'status': str(status) if status is not None else None, 'sequence': int(event.get('SEQUENCE'))}))
`;
  const run = spawnSync(python, ['-c', script, uid], { input: text, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

let host: Session;
let member: Session;
let admin: Session;
let owner: Session;
let spaceId: string;

const eventBody = (overrides: Record<string, unknown> = {}) =>
  eventBodyWith(
    { title: `Cancellable ${unique()}`, description: 'Talks and snacks', spaceId, hostId: host.user.id },
    overrides,
  );

const create = (overrides: Record<string, unknown> = {}, by: Session = host) =>
  createEvent(by.token, eventBody(overrides));

const cancel = (id: string, token: string, body: unknown = { reason: 'The venue flooded' }) =>
  call(`/api/events/${id}/cancellation`, { method: 'POST', token, body });
const restore = (id: string, token: string) =>
  call(`/api/events/${id}/cancellation`, { method: 'DELETE', token });
const remove = (id: string, token: string) => call(`/api/events/${id}`, { method: 'DELETE', token });

async function cancellationsOf(session: Session, eventId: string) {
  const page = await call('/api/notifications?limit=100', { token: session.token });
  expect(page.status).toBe(200);
  return (page.body.items as { type: string; title: string; payload: Record<string, string> }[]).filter(
    (item) => item.type === 'EVENT_CANCELLED' && item.payload.eventId === eventId,
  );
}

const auditRows = (eventId: string) =>
  withDatabase(
    async (db) =>
      (
        await db.query(
          `select action, actor_id, target_type, changes from audit_log
           where target_id = $1 order by created_at, id`,
          [eventId],
        )
      ).rows,
  );

beforeAll(async () => {
  ({ host, member, spaceId } = await calendarFixtures());
  [admin, owner] = await Promise.all([signIn('admin@example.com'), signIn('owner@example.com')]);
});

describe('who may cancel', () => {
  it('refuses a member who is not its author or host with 403 before reading the body', async () => {
    const event = await create();
    const refused = await cancel(event.id, member.token, { reason: 42, extra: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only the author, the host or an admin can change this event.');
    expect((await restore(event.id, member.token)).status).toBe(403);
    expect((await remove(event.id, member.token)).status).toBe(403);
  });

  it('lets its host (not the author) and a community admin cancel and restore', async () => {
    const hostedByMember = await create({ hostId: member.user.id });
    const byHost = await cancel(hostedByMember.id, member.token);
    expect(byHost.status, JSON.stringify(byHost.body)).toBe(200);
    expect(byHost.body.event).toMatchObject({ cancelReason: 'The venue flooded' });
    expect(byHost.body.event.cancelledAt).toEqual(expect.any(String));
    const byAdmin = await restore(hostedByMember.id, admin.token);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body).toMatchObject({ cancelledAt: null, cancelReason: null });
  });
});

describe('the reason', () => {
  it('is required, trimmed and at most 500 characters', async () => {
    const event = await create();
    for (const body of [{}, { reason: '' }, { reason: '   \n ' }, { reason: 7 }]) {
      const answer = await cancel(event.id, host.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.issues).toContainEqual({ path: 'reason', message: 'Reason is required' });
    }
    const long = await cancel(event.id, host.token, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.issues).toContainEqual({
      path: 'reason',
      message: 'Reason must be at most 500 characters.',
    });
    const trimmed = await cancel(event.id, host.token, { reason: `  ${'y'.repeat(500)}  ` });
    expect(trimmed.status).toBe(200);
    expect(trimmed.body.event.cancelReason).toBe('y'.repeat(500));
  });

  it('refuses cancelling twice and cancelling a draft (409)', async () => {
    const event = await create();
    expect((await cancel(event.id, host.token)).status).toBe(200);
    const again = await cancel(event.id, host.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This event is already cancelled.');
    const draft = await create({ published: false });
    const refused = await cancel(draft.id, host.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('A draft cannot be cancelled: delete it instead.');
  });
});

describe('a cancelled event', () => {
  it('keeps its page, refuses RSVPs with 409, lets an RSVP be taken back, and is marked in lists and the grid', async () => {
    const event = await create();
    const [going, late] = await Promise.all([memberMadeBy(owner), memberMadeBy(owner)]);
    expect((await rsvp(event.id, going.token)).status).toBe(201);
    expect((await cancel(event.id, host.token)).status).toBe(200);

    const page = await call(`/api/events/${event.id}`, { token: late.token });
    expect(page.status).toBe(200);
    expect(page.body.cancelReason).toBe('The venue flooded');
    const refused = await rsvp(event.id, late.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This event was cancelled: RSVPs are closed.');
    expect(
      (await call(`/api/events/${event.id}/members`, { method: 'DELETE', token: going.token })).status,
    ).toBe(200);

    const range = await call(`/api/events?from=${inDays(9, 0)}&to=${inDays(12, 0)}`, { token: late.token });
    expect(range.status).toBe(200);
    const summary = range.body.events.find((item: { id: string }) => item.id === event.id);
    expect(summary.cancelledAt).toEqual(expect.any(String));
  });

  it('notifies the members who RSVPed (with the reason), not the others, nor those with `events` off', async () => {
    const event = await create();
    const [going, switchedOff, notGoing] = await Promise.all([
      memberMadeBy(owner),
      memberMadeBy(owner),
      memberMadeBy(owner),
    ]);
    expect((await rsvp(event.id, going.token)).status).toBe(201);
    expect((await rsvp(event.id, switchedOff.token)).status).toBe(201);
    await withDatabase((db) =>
      db.query(`update user_features set enabled = false where user_id = $1 and feature = 'events'`, [
        switchedOff.user.id,
      ]),
    );
    const cancelled = await cancel(event.id, host.token, { reason: 'Speaker is ill' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.notified).toBe(true);

    const received = await cancellationsOf(going, event.id);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      title: `Cancelled: ${event.title}. Speaker is ill`,
      payload: { eventId: event.id, spaceId },
    });
    expect(await cancellationsOf(notGoing, event.id)).toEqual([]);
    expect(await cancellationsOf(switchedOff, event.id)).toEqual([]);
    expect(await cancellationsOf(host, event.id)).toEqual([]);
  });
});

describe('calendar files', () => {
  /** The VEVENT of `eventId` in a file, as ical.js and node-ical read it. */
  function readBoth(text: string, eventId: string) {
    const uid = `${eventId}@localhost`;
    const viaIcalJs = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .filter((vevent) => vevent.getFirstPropertyValue('uid') === uid);
    expect(viaIcalJs).toHaveLength(1);
    const viaNodeIcal = Object.values(ical.sync.parseICS(text)).find(
      (component) => component?.type === 'VEVENT' && component.uid === uid,
    ) as { status?: string; sequence?: string | number; description?: string } | undefined;
    expect(viaNodeIcal).toBeDefined();
    const icalJs = new ICAL.Event(viaIcalJs[0]!);
    return {
      icalJs: {
        status: viaIcalJs[0]!.getFirstPropertyValue('status'),
        sequence: Number(viaIcalJs[0]!.getFirstPropertyValue('sequence')),
        description: icalJs.description,
      },
      nodeIcal: {
        status: viaNodeIcal?.status ?? null,
        sequence: Number(viaNodeIcal?.sequence),
        description: viaNodeIcal?.description,
      },
    };
  }

  const eventFile = (id: string) => fetchText(`/api/events/${id}.ics`, member.token);
  async function fetchText(path: string, token: string): Promise<string> {
    const answer = await call(path, { token });
    expect(answer.status).toBe(200);
    return typeof answer.body === 'string' ? answer.body : String(answer.body);
  }
  async function personalFeed(): Promise<string> {
    const { url } = (await call('/api/events/calendar-feed', { token: member.token })).body;
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    return feed.text();
  }

  it('carries STATUS:CANCELLED with a higher SEQUENCE in the event file, the community and the personal feed; restoring bumps it again', async () => {
    const event = await create({ repeat: 'DAILY' });
    const before = readBoth(await eventFile(event.id), event.id);
    expect(before.icalJs.status).toBeNull();
    expect(before.nodeIcal.status).toBeNull();
    const sequence = before.icalJs.sequence;
    expect(before.nodeIcal.sequence).toBe(sequence);

    expect((await cancel(event.id, host.token, { reason: 'Rain, rain' })).status).toBe(200);
    for (const text of [
      await eventFile(event.id),
      await fetchText('/api/events.ics', member.token),
      await personalFeed(),
    ]) {
      const after = readBoth(text, event.id);
      expect(after.icalJs).toMatchObject({ status: 'CANCELLED', sequence: sequence + 1 });
      expect(after.nodeIcal).toMatchObject({ status: 'CANCELLED', sequence: sequence + 1 });
      expect(after.icalJs.description).toBe('Cancelled: Rain, rain\n\nTalks and snacks');
    }

    expect((await restore(event.id, host.token)).status).toBe(200);
    const restored = readBoth(await eventFile(event.id), event.id);
    expect(restored.icalJs).toMatchObject({ status: null, sequence: sequence + 2 });
    expect(restored.nodeIcal).toMatchObject({ status: null, sequence: sequence + 2 });
  });

  it.skipIf('missing' in PYTHON)(
    `is read as cancelled by Python's icalendar too${'missing' in PYTHON ? ` (skipped: ${PYTHON.missing})` : ''}`,
    async () => {
      const { python } = PYTHON as { python: string };
      const event = await create({ repeat: 'WEEKLY' });
      const uid = `${event.id}@localhost`;
      const before = pythonReads(python, await eventFile(event.id), uid);
      expect(before.status).toBeNull();
      expect((await cancel(event.id, host.token)).status).toBe(200);
      for (const text of [await eventFile(event.id), await personalFeed()])
        expect(pythonReads(python, text, uid)).toEqual({
          status: 'CANCELLED',
          sequence: before.sequence + 1,
        });
    },
  );
});

describe('restoring', () => {
  it('is refused for an event not cancelled, and for one that has started (409)', async () => {
    const event = await create();
    const notCancelled = await restore(event.id, host.token);
    expect(notCancelled.status).toBe(409);
    expect(notCancelled.body.error).toBe('This event is not cancelled.');

    expect((await cancel(event.id, host.token)).status).toBe(200);
    // The start moved to the past under the event (creating one in the past is refused).
    await withDatabase((db) =>
      db.query(
        `update events set start_date = now() - interval '1 hour', end_date = now() + interval '1 hour'
         where id = $1`,
        [event.id],
      ),
    );
    const started = await restore(event.id, host.token);
    expect(started.status).toBe(409);
    expect(started.body.error).toBe('This event has already started: it cannot be restored.');
  });

  it('cancels and restores a repeating series as a whole, keeping its cancelled dates', async () => {
    const start = inDays(7, 15);
    const event = await create({ repeat: 'DAILY', startDate: start, endDate: inDays(7, 16) });
    const dateOff = new Date(Date.parse(start) + 86_400_000).toISOString();
    expect(
      (
        await call(`/api/events/${event.id}/cancelled-occurrences`, {
          method: 'POST',
          token: host.token,
          body: { occurrenceStart: dateOff },
        })
      ).status,
    ).toBe(200);
    expect((await cancel(event.id, host.token)).status).toBe(200);
    const restored = await restore(event.id, host.token);
    expect(restored.status).toBe(200);
    expect(restored.body.nextOccurrences[1]).toMatchObject({ start: dateOff, cancelled: true });
  });
});

describe('deleting', () => {
  it('deletes a draft for good (no tombstone) and a cancelled event (with one), refuses a published one still on', async () => {
    const draft = await create({ published: false });
    expect((await remove(draft.id, host.token)).status).toBe(204);
    expect((await call(`/api/events/${draft.id}`, { token: host.token })).status).toBe(404);

    const event = await create();
    const refused = await remove(event.id, host.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Cancel this event before deleting it.');
    expect((await call(`/api/events/${event.id}`, { token: member.token })).status).toBe(200);

    expect((await cancel(event.id, host.token)).status).toBe(200);
    expect((await remove(event.id, admin.token)).status).toBe(204);
    expect((await call(`/api/events/${event.id}`, { token: member.token })).status).toBe(404);
    const tombstones = await withDatabase(
      async (db) =>
        (
          await db.query('select event_id from event_tombstones where event_id = any($1::uuid[])', [
            [draft.id, event.id],
          ])
        ).rows,
    );
    expect(tombstones).toEqual([{ event_id: event.id }]);
  });
});

describe('the audit log', () => {
  it('records cancelling, restoring and deleting, with who and the reason', async () => {
    const event = await create();
    expect((await cancel(event.id, host.token, { reason: 'Double booked' })).status).toBe(200);
    expect((await restore(event.id, admin.token)).status).toBe(200);
    expect((await cancel(event.id, admin.token, { reason: 'For good' })).status).toBe(200);
    expect((await remove(event.id, host.token)).status).toBe(204);
    expect(await auditRows(event.id)).toEqual([
      {
        action: 'event.cancel',
        actor_id: host.user.id,
        target_type: 'event',
        changes: { title: event.title, reason: 'Double booked' },
      },
      {
        action: 'event.restore',
        actor_id: admin.user.id,
        target_type: 'event',
        changes: { title: event.title },
      },
      {
        action: 'event.cancel',
        actor_id: admin.user.id,
        target_type: 'event',
        changes: { title: event.title, reason: 'For good' },
      },
      {
        action: 'event.delete',
        actor_id: host.user.id,
        target_type: 'event',
        changes: { title: event.title, draft: false },
      },
    ]);
  });
});
