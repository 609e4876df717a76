// One event has one iCalendar UID whichever address served it (issue 8): the UID's host comes from
// the configured PUBLIC_URL, not from the request's Host header. Read with ical.js, the parser the
// events suite uses, so the check does not trust our own writer.
import http from 'node:http';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Session, signIn, withDatabase } from '../../scripts/lib/api-test-client.ts';

let member: Session;
let eventId: string;

beforeAll(async () => {
  member = await signIn('member@example.com');
  eventId = await withDatabase(
    async (db) =>
      (await db.query(`select id from events where published order by start_date, id limit 1`)).rows[0]
        .id as string,
  );
});

/** GET over plain node:http, so the Host header can be anything a client sends. */
function getWithHost(path: string, host: string, token?: string): Promise<{ status: number; text: string }> {
  const target = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const request = http.get(
      target,
      { headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
  });
}

const uidsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent).uid);

describe('iCalendar UIDs', () => {
  // Both are local hosts: a forged public Host header would be refused before the route runs,
  // since the test stack signs with development secrets that count only on a local host.
  it('name one event the same through localhost and 127.0.0.1', async () => {
    const port = new URL(baseUrl()).port;
    const path = `/api/events/${eventId}.ics`;
    const answers = await Promise.all(
      [`localhost:${port}`, `127.0.0.1:${port}`].map((host) => getWithHost(path, host, member.token)),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const uids = answers.map((answer) => uidsOf(answer.text));
    for (const list of uids) expect(list).toHaveLength(1);
    expect(uids[1]).toEqual(uids[0]);
    // The configured public host (PUBLIC_URL; the stack leaves the local default) names the event.
    expect(uids[0]![0]).toBe(`${eventId}@localhost`);
  });

  it('keep the same UIDs in the community feed, whichever host a calendar app subscribed to', async () => {
    const { url } = (await call('/api/events/calendar-feed', { token: member.token })).body as {
      url: string;
    };
    const feed = new URL(url);
    const path = `${feed.pathname}${feed.search}`;
    const [viaLocalhost, viaLoopback] = await Promise.all([
      getWithHost(path, `localhost:${feed.port || new URL(baseUrl()).port}`),
      getWithHost(path, `127.0.0.1:${feed.port || new URL(baseUrl()).port}`),
    ]);
    expect(viaLocalhost.status, viaLocalhost.text).toBe(200);
    expect(viaLoopback.status, viaLoopback.text).toBe(200);
    const uids = uidsOf(viaLocalhost.text);
    expect(uids).toContain(`${eventId}@localhost`);
    expect(uidsOf(viaLoopback.text)).toEqual(uids);
  });
});
