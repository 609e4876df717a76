// `npm run bench -- events`, in sections (a function each; `BENCH_PART=list` or `rsvp` runs one,
// into bench/results/events-<part>.md; a new section is one more entry in SECTIONS).
//
// list: events list under load: 10,000 events, `GET /api/events` first page and a page 5,000 rows
// deep, 50 concurrent connections, next to a bare Hono route (no database) measured in the same run.
// Budget (issue 3): p99 under 50 ms, deep page within 1.5x of the first, at most 3 statements/request.
// Month grid (issue 12): 1,000 repeating series added afterwards (DAILY, WEEKDAY, TUESDAY,
// BI_WEEKLY_TUESDAY; New York and Berlin), then one month of `GET /api/events?from=&to=` with every
// occurrence expanded by the server. Budget: p99 within 2x of the non-repeating first page.
//
// rsvp (issue 29): 500 members RSVP to a 100-place event, their calls sent evenly over 2 s, each
// member once (so no member meets their write limit): exactly 100 going and 400 waiting, in the
// order the server took them, first come first served (see checkRsvpOrder); the RSVP call's p50 and
// p99 next to a read of the same event by the same members at the same pace, in the same run.
// BENCH_RSVP_MEMBERS, BENCH_PLACES and BENCH_RSVP_WINDOW_MS (ms) change the numbers, e.g. to find
// the pace the stack keeps up with; the figure is the default.
//
// reminders (issue 29): the time for all 100 reminders of one date to reach their members' sockets
// once the Cron Trigger runs (see reminderDelivery).
import os from 'node:os';
import pg from 'pg';
import type WebSocket from 'ws';
import { encodeCursor } from '../edge-api/src/lib/cursor.ts';
import {
  type BenchStack,
  call,
  inBatches,
  inPersonEvent,
  type LoadResult,
  load,
  type Member,
  makeMembers,
  openRoom,
  percentile,
  saveResults,
  signIn,
  table,
  withBenchStack,
} from './lib.ts';

const EVENTS = 10_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERIES = 1_000;
const REPEATS = ['DAILY', 'WEEKDAY', 'TUESDAY', 'BI_WEEKLY_TUESDAY'] as const;

/**
 * 1,000 published series, a quarter of each repeat, half in New York and half in Berlin. Every one
 * starts on Tuesday 1 September 2026 (a weekday and a Tuesday: a valid start for all four repeats)
 * between 08:00 and 19:00 local time, so they run through the month measured.
 */
async function seedSeries(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into events (title, description, author_id, host_id, space_id, start_date, end_date, location,
                           published, address_url, repeat, time_zone)
       select 'Bench series ' || n, 'Generated for the benchmark', u.id, u.id, s.id,
              (timestamp '2026-09-01 08:00' + (n % 12) * interval '1 hour') at time zone zone,
              (timestamp '2026-09-01 09:00' + (n % 12) * interval '1 hour') at time zone zone,
              'YOUTUBE', true, 'https://www.youtube.com/watch?v=bench',
              ($2::text[])[1 + n % 4]::event_repeat, zone
       from generate_series(1, $1) as n,
            lateral (select case when n % 2 = 0 then 'America/New_York' else 'Europe/Berlin' end as zone) z,
            (select id from users where email = 'host@example.com') u,
            (select id from spaces where type = 'PUBLIC' order by name limit 1) s`,
      [SERIES, REPEATS],
    );
    await client.query('analyze events');
  } finally {
    await client.end();
  }
}

/** The calendar month after next (UTC): past the one-off events, which all fall in the next 7 days. */
function monthAfterNext(now = new Date()): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}

async function seedEvents(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into events (title, description, author_id, host_id, space_id, start_date, end_date, location, published, address_url)
       select 'Bench event ' || n, 'Generated for the benchmark', u.id, u.id, s.id,
              now() + (n || ' minutes')::interval, now() + (n || ' minutes')::interval + interval '1 hour',
              'YOUTUBE', true, 'https://www.youtube.com/watch?v=bench'
       from generate_series(1, $1) as n,
            (select id from users where email = 'host@example.com') u,
            (select id from spaces where type = 'PUBLIC' order by name limit 1) s`,
      [EVENTS],
    );
    await client.query('analyze events');
    const deep = await client.query(
      `select start_date, id from events where published and start_date >= now()
       order by start_date, id offset 4999 limit 1`,
    );
    const row = deep.rows[0] as { start_date: Date; id: string };
    return encodeCursor([row.start_date.toISOString(), row.id]);
  } finally {
    await client.end();
  }
}

/** The list and month grid under 50 connections (issues 3 and 12). */
async function listAndMonthGrid(stack: BenchStack): Promise<Section> {
  console.log(`Seeding ${EVENTS} events…`);
  const deepCursor = await seedEvents(stack.databaseUrl);
  const { accessToken } = await signIn(stack, 'member@example.com');
  const headers = { authorization: `Bearer ${accessToken}` };
  const options = { connections: CONNECTIONS, seconds: SECONDS };

  const results: LoadResult[] = [
    await load(stack, 'bare Hono route (reference)', `${stack.url}/api/health`, options),
    await load(stack, 'GET /api/events first page', `${stack.url}/api/events?when=upcoming&limit=20`, {
      ...options,
      headers,
    }),
    await load(
      stack,
      'GET /api/events 5,000 rows deep',
      `${stack.url}/api/events?when=upcoming&limit=20&cursor=${deepCursor}`,
      {
        ...options,
        headers,
      },
    ),
  ];
  // Unloaded latency of one request at a time: what a single user sees, without queueing.
  results.push(
    await load(
      stack,
      'GET /api/events first page, 1 connection',
      `${stack.url}/api/events?when=upcoming&limit=20`,
      {
        ...options,
        connections: 1,
        headers,
      },
    ),
  );

  // The month grid: the same stack, now with 1,000 repeating series as well.
  console.log(`Seeding ${SERIES} repeating series…`);
  await seedSeries(stack.databaseUrl);
  const month = monthAfterNext();
  const monthUrl = `${stack.url}/api/events?from=${encodeURIComponent(month.from)}&to=${encodeURIComponent(month.to)}`;
  const probe = await fetch(monthUrl, { headers });
  if (!probe.ok) throw new Error(`GET /api/events?from=&to= answered ${probe.status}: ${await probe.text()}`);
  const probeBody = (await probe.json()) as { occurrences: unknown[] };
  const occurrences = probeBody.occurrences.length;
  const probeBytes = Number(probe.headers.get('content-length') ?? 0) || JSON.stringify(probeBody).length;
  results.push(
    await load(stack, `GET /api/events?from=&to= one month, ${SERIES} series`, monthUrl, {
      ...options,
      headers,
    }),
    await load(stack, 'GET /api/events?from=&to= one month, 1 connection', monthUrl, {
      ...options,
      connections: 1,
      headers,
    }),
    await load(
      stack,
      `GET /api/events first page, with ${SERIES} series`,
      `${stack.url}/api/events?when=upcoming&limit=20`,
      { ...options, headers },
    ),
  );

  const [, first, deep, , grid] = results;
  const summary = [
    '## List and month grid',
    '',
    table(results),
    '',
    `Deep page p99 / first page p99: ${(deep!.p99Ms / Math.max(first!.p99Ms, 1)).toFixed(2)}x (budget 1.5x).`,
    `Month grid p99 / non-repeating first page p99: ${(grid!.p99Ms / Math.max(first!.p99Ms, 1)).toFixed(2)}x (budget 2x). The month (${month.from.slice(0, 10)} to ${month.to.slice(0, 10)}) holds ${occurrences} occurrences, ${(probeBytes / 1024).toFixed(0)} KB of JSON per response.`,
    `Budget: p99 under 50 ms, at most 3 SQL statements per request. ${CONNECTIONS} connections, ${SECONDS} s per case, ${EVENTS} events, then ${SERIES} repeating series.`,
  ].join('\n');
  console.log(`\n${summary}`);
  return { markdown: summary, data: results };
}

// ---- rsvp: 500 members for 100 places ----

const RSVP_MEMBERS = Number(process.env.BENCH_RSVP_MEMBERS ?? 500);
const PLACES = Number(process.env.BENCH_PLACES ?? 100);
const RSVP_WINDOW_MS = Number(process.env.BENCH_RSVP_WINDOW_MS ?? 2000);
/** A call not answered by then counts as failed, so the bench always ends. */
const CALL_TIMEOUT_MS = 120_000;

type Timed = {
  sentAt: number;
  answeredAt: number;
  status: number;
  /** The answer's body when it was a success (an RSVP answers the event with `waitlistPosition`). */
  body: { waitlistPosition?: number | null } | null;
  /** The start of an error answer, or the failure (timeout, connection lost). */
  error?: string;
};

/**
 * Sends `send(i)` for i = 0 … count-1 evenly spread over `windowMs` without waiting for answers (an
 * open loop: a slow server does not slow the arrivals, as 500 people pressing at once would not),
 * then waits for every answer. Only to 127.0.0.1, each call bounded by CALL_TIMEOUT_MS.
 */
async function paced(
  stack: BenchStack,
  count: number,
  windowMs: number,
  send: (i: number, url: string, signal: AbortSignal) => Promise<Response>,
): Promise<Timed[]> {
  if (!stack.url.startsWith('http://127.0.0.1:'))
    throw new Error('Benchmarks only send traffic to 127.0.0.1');
  const start = performance.now();
  const calls: Promise<Timed>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = start + (i * windowMs) / count - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = performance.now();
    calls.push(
      send(i, stack.url, AbortSignal.timeout(CALL_TIMEOUT_MS)).then(
        async (response) => {
          const text = await response.text();
          const body = response.ok ? (JSON.parse(text) as Timed['body']) : null;
          const error = response.ok ? undefined : text.slice(0, 120);
          return { sentAt, answeredAt: performance.now(), status: response.status, body, error };
        },
        (failure: Error) => ({
          sentAt,
          answeredAt: performance.now(),
          status: 0,
          body: null,
          error: failure.message,
        }),
      ),
    );
  }
  return Promise.all(calls);
}

type Latency = {
  calls: number;
  errors: number;
  /** Each error answer (status and the start of its text; 0: no answer) and how often it came. */
  errorKinds: Record<string, number>;
  sentOverMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

function latencyOf(calls: Timed[], expectedStatus: number): Latency {
  const sorted = calls.map((c) => c.answeredAt - c.sentAt).sort((a, b) => a - b);
  const sent = calls.map((c) => c.sentAt);
  const errorKinds: Record<string, number> = {};
  for (const c of calls.filter((c) => c.status !== expectedStatus)) {
    const kind = `${c.status} ${c.error ?? ''}`.trim();
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  }
  return {
    calls: calls.length,
    errors: calls.filter((c) => c.status !== expectedStatus).length,
    errorKinds,
    sentOverMs: Math.round(Math.max(...sent) - Math.min(...sent)),
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

/**
 * What "100 going, 400 waiting, in order" means under concurrency, checked four ways:
 * 1. counts: exactly PLACES RSVP rows and the rest on the waitlist, nobody in both, nobody missing;
 * 2. the server's order: the waitlist as the product orders it (created_at, then user id: what
 *    promotions follow) is the order the RSVPs reached the event row's lock (`select … for update`,
 *    each RSVP's first write, where Postgres gives its transaction a rising id: `xmin` of the row it
 *    wrote), and every member going reached it before every member waiting;
 * 3. the answers: each caller was told what stands (going, or `waitlistPosition` = its final place);
 * 4. first come first served as a caller sees it: a call answered before another was sent is never
 *    behind it. Calls in flight together have no observable order (the network, wrangler's proxy
 *    and workerd may reorder them), so among those the server's order decides; how closely it follows
 *    the send and answer order is reported, not judged.
 */
async function checkRsvpOrder(db: pg.Client, eventId: string, members: Member[], rsvps: Timed[]) {
  const going = await db.query<{ user_id: string; tx: string }>(
    'select user_id, xmin::text as tx from event_members where event_id = $1',
    [eventId],
  );
  const waiting = await db.query<{ user_id: string; tx: string }>(
    'select user_id, xmin::text as tx from event_waitlist where event_id = $1 order by created_at, user_id',
    [eventId],
  );
  const goingIds = new Set(going.rows.map((row) => row.user_id));
  const place = new Map(waiting.rows.map((row, index) => [row.user_id, index + 1]));
  const inBoth = [...place.keys()].filter((id) => goingIds.has(id)).length;
  const missing = members.filter((m) => !goingIds.has(m.id) && !place.has(m.id)).length;

  // 2. The lock order against the product's order.
  const waitingTx = waiting.rows.map((row) => BigInt(row.tx));
  const firstWaitingTx = waitingTx.reduce((a, b) => (b < a ? b : a), waitingTx[0] ?? 0n);
  const goingAfterAWaiter = going.rows.filter(
    (row) => waiting.rows.length > 0 && BigInt(row.tx) > firstWaitingTx,
  ).length;
  let waitlistInversions = 0;
  for (let a = 0; a < waitingTx.length; a++)
    for (let b = a + 1; b < waitingTx.length; b++) if (waitingTx[a]! > waitingTx[b]!) waitlistInversions++;

  // 3. What each caller was told.
  const rank = (id: string) => (goingIds.has(id) ? 0 : (place.get(id) ?? Number.POSITIVE_INFINITY));
  let toldOtherwise = 0;
  rsvps.forEach((call, i) => {
    if (call.status !== 201) return;
    const told = call.body?.waitlistPosition ?? null;
    if ((told === null ? 0 : told) !== rank(members[i]!.id)) toldOtherwise++;
  });

  // 4. Real-time order, and (reported only) agreement with the send and answer order.
  let realTimePairs = 0;
  let realTimeViolations = 0;
  let sameAsSent = 0;
  let sameAsAnswered = 0;
  let waitingPairs = 0;
  for (let a = 0; a < rsvps.length; a++)
    for (let b = 0; b < rsvps.length; b++) {
      if (a === b || rsvps[a]!.status !== 201 || rsvps[b]!.status !== 201) continue;
      const [ra, rb] = [rank(members[a]!.id), rank(members[b]!.id)];
      if (rsvps[a]!.answeredAt < rsvps[b]!.sentAt) {
        realTimePairs++;
        if (ra > rb) realTimeViolations++;
      }
      if (a < b && ra > 0 && rb > 0) {
        waitingPairs++;
        if (ra < rb === rsvps[a]!.sentAt < rsvps[b]!.sentAt) sameAsSent++;
        if (ra < rb === rsvps[a]!.answeredAt < rsvps[b]!.answeredAt) sameAsAnswered++;
      }
    }
  const percent = (n: number) => (waitingPairs > 0 ? Math.round((n / waitingPairs) * 1000) / 10 : null);
  const counts = { going: going.rows.length, waiting: waiting.rows.length, inBoth, missing };
  const met =
    counts.going === Math.min(PLACES, members.length) &&
    counts.waiting === Math.max(0, members.length - PLACES) &&
    inBoth === 0 &&
    missing === 0 &&
    goingAfterAWaiter === 0 &&
    waitlistInversions === 0 &&
    toldOtherwise === 0 &&
    realTimeViolations === 0;
  return {
    ...counts,
    goingAfterAWaiter,
    waitlistInversions,
    toldOtherwise,
    realTimePairs,
    realTimeViolations,
    waitlistSameOrderAsSentPercent: percent(sameAsSent),
    waitlistSameOrderAsAnsweredPercent: percent(sameAsAnswered),
    met,
  };
}

const shownPercent = (n: number | null) => (n === null ? '-' : `${n}%`);

/** 500 members RSVP to a 100-place event within 2 s (issue 29). */
async function rsvpRush(stack: BenchStack): Promise<Section> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const owner = await signIn(stack, 'owner@example.com');
    const space = await db.query<{ id: string }>(
      `select id from spaces where type = 'PUBLIC' order by name limit 1`,
    );
    const { event } = await call(
      stack,
      '/api/events',
      owner.accessToken,
      inPersonEvent({
        title: `Bench RSVP rush ${Date.now()}`,
        description: `${PLACES} places for ${RSVP_MEMBERS} members`,
        spaceId: space.rows[0]!.id,
        hostId: owner.user.id,
        capacity: PLACES,
      }),
    );
    console.log(`Making ${RSVP_MEMBERS} members…`);
    const members = await makeMembers(db, 'rsvp', RSVP_MEMBERS, ['events']);
    const eventPath = `/api/events/${event.id}`;
    const as = (member: Member) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${member.token}`,
    });
    for (const member of members.slice(0, 20)) await call(stack, eventPath, member.token); // warm-up
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

    console.log(
      `References: ${RSVP_MEMBERS} calls in ${RSVP_WINDOW_MS} ms to the bare route, then reads of the event…`,
    );
    const bare = latencyOf(
      await paced(stack, RSVP_MEMBERS, RSVP_WINDOW_MS, (_, url, signal) =>
        fetch(`${url}/api/health`, { signal }),
      ),
      200,
    );
    await settle();
    const read = latencyOf(
      await paced(stack, RSVP_MEMBERS, RSVP_WINDOW_MS, (i, url, signal) =>
        fetch(`${url}${eventPath}`, { headers: as(members[i]!), signal }),
      ),
      200,
    );
    await settle();
    console.log(`${RSVP_MEMBERS} RSVPs in ${RSVP_WINDOW_MS} ms for ${PLACES} places…`);
    const rsvpCalls = await paced(stack, RSVP_MEMBERS, RSVP_WINDOW_MS, (i, url, signal) =>
      fetch(`${url}${eventPath}/members`, {
        method: 'POST',
        headers: as(members[i]!),
        body: JSON.stringify({ eventId: event.id }),
        signal,
      }),
    );
    const rsvp = latencyOf(rsvpCalls, 201);
    const order = await checkRsvpOrder(db, event.id, members, rsvpCalls);
    const data = { members: RSVP_MEMBERS, places: PLACES, windowMs: RSVP_WINDOW_MS, bare, read, rsvp, order };
    console.log(data);

    const row = (name: string, l: Latency) =>
      `| ${name} | ${l.calls} in ${l.sentOverMs} ms | ${l.p50Ms} | ${l.p99Ms} | ${l.maxMs} | ${l.errors} |`;
    const markdown = [
      `## RSVP rush: ${RSVP_MEMBERS} members, ${PLACES} places`,
      '',
      `Each member calls once, the calls spread evenly over ${RSVP_WINDOW_MS} ms without waiting for answers; the references are the same members at the same pace, just before.`,
      '',
      '| calls | sent | p50 ms | p99 ms | max ms | errors |',
      '|---|---|---|---|---|---|',
      row('bare Hono route (reference)', bare),
      row('`GET /api/events/{id}`, a read of the event (reference)', read),
      row('`POST /api/events/{id}/members`, RSVP or join the waitlist', rsvp),
      '',
      '| check | result |',
      '|---|---|',
      `| going / waiting (expected ${Math.min(PLACES, RSVP_MEMBERS)} / ${Math.max(0, RSVP_MEMBERS - PLACES)}); in both; in neither | ${order.going} / ${order.waiting}; ${order.inBoth}; ${order.missing} |`,
      `| going members who reached the event's lock after a waiting one | ${order.goingAfterAWaiter} |`,
      `| pairs on the waitlist (created_at, user id) in another order than they reached the lock | ${order.waitlistInversions} |`,
      `| callers told something else than what stands (going, or their final place) | ${order.toldOtherwise} |`,
      `| call answered before another was sent, yet behind it | ${order.realTimeViolations} of ${order.realTimePairs} such pairs |`,
      `| waiting pairs in the order they were sent / answered (reported, not judged) | ${shownPercent(order.waitlistSameOrderAsSentPercent)} / ${shownPercent(order.waitlistSameOrderAsAnsweredPercent)} |`,
      '',
      ...Object.entries(rsvp.errorKinds).map(([kind, count]) => `RSVP errors: ${count} × \`${kind}\`.`),
      `Exactly ${PLACES} going and the rest waiting in order: ${order.met ? 'met' : 'not met'}. RSVP p99 / read p99: ${(rsvp.p99Ms / Math.max(read.p99Ms, 1)).toFixed(2)}x. Load average at the end: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min).`,
    ].join('\n');
    console.log(`\n${markdown}`);
    return { markdown, data };
  } finally {
    await db.end();
  }
}

const REMINDED = Number(process.env.BENCH_REMINDED ?? 100);

/**
 * Reminders (issue 29): 100 members going to one date, each on their user room socket; the minute
 * Cron Trigger is run as if 24 hours before the date (Miniflare's /cdn-cgi/local/scheduled with a
 * `time`), and the time until every member's socket has the EVENT_REMINDER is measured. Reference:
 * the same members hearing of the event being published (EVENT_ANNOUNCEMENT, one statement and one
 * fan-out, the same path) in the same run. A second run at the same moment must send nothing.
 */
async function reminderDelivery(stack: BenchStack): Promise<Section> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const sockets: WebSocket[] = [];
  try {
    const owner = await signIn(stack, 'owner@example.com');
    const space = await call(stack, '/api/spaces', owner.accessToken, {
      name: `Bench reminders ${Date.now()}`,
      description: 'Reminder delivery benchmark',
      type: 'PUBLIC',
    });
    const members = await makeMembers(db, 'remind', REMINDED, ['events']);
    await db.query('insert into space_members (space_id, user_id) select $1, unnest($2::uuid[])', [
      space.id,
      members.map((member) => member.id),
    ]);
    const arrivals = {
      EVENT_ANNOUNCEMENT: new Map<string, number>(),
      EVENT_REMINDER: new Map<string, number>(),
    };
    let duplicates = 0;
    let title = '';
    console.log(`Opening ${REMINDED} user room sockets…`);
    await inBatches(members, async (member) => {
      sockets.push(
        await openRoom(stack, member, 'user-room', member.id, (data) => {
          if (!title || !data.includes(title)) return;
          const kind = data.includes('"EVENT_REMINDER"') ? 'EVENT_REMINDER' : 'EVENT_ANNOUNCEMENT';
          if (arrivals[kind].has(member.id)) duplicates++;
          else arrivals[kind].set(member.id, performance.now());
        }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // presence reports settle
    const waitForAll = async (kind: keyof typeof arrivals, from: number) => {
      const deadline = performance.now() + 30_000;
      while (arrivals[kind].size < REMINDED && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const times = [...arrivals[kind].values()].map((at) => at - from).sort((x, y) => x - y);
      return {
        reached: arrivals[kind].size,
        p50Ms: Math.round(percentile(times, 50)),
        lastMs: Math.round(times.at(-1) ?? 0),
      };
    };

    title = `Bench reminder ${Date.now()}`;
    const start = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 60_000) * 60_000);
    const publishedAt = performance.now();
    const { event } = await call(
      stack,
      '/api/events',
      owner.accessToken,
      inPersonEvent({
        title,
        description: 'Everyone is going',
        spaceId: space.id,
        hostId: owner.user.id,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      }),
    );
    const announcement = await waitForAll('EVENT_ANNOUNCEMENT', publishedAt);
    await db.query('insert into event_members (event_id, user_id) select $1, unnest($2::uuid[])', [
      event.id,
      members.map((member) => member.id),
    ]);

    const runAt = start.getTime() - 86_400_000 + 10_000;
    const runCron = () =>
      fetch(`${stack.url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${runAt}`).then((r) => r.text());
    console.log(`Running the reminders' Cron Trigger as if 24 hours before the date…`);
    const triggeredAt = performance.now();
    await runCron();
    const cronRunMs = Math.round(performance.now() - triggeredAt);
    const reminder = await waitForAll('EVENT_REMINDER', triggeredAt);
    await runCron(); // the same moment again: nothing more
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const stored = await db.query<{ n: number }>(
      `select count(*)::int as n from notifications where type = 'EVENT_REMINDER' and payload->>'eventId' = $1`,
      [event.id],
    );
    const data = {
      members: REMINDED,
      announcement,
      reminder: { ...reminder, cronRunMs },
      stored: stored.rows[0]?.n ?? 0,
      duplicates,
      met: reminder.reached === REMINDED && stored.rows[0]?.n === REMINDED && duplicates === 0,
    };
    console.log(data);
    const markdown = [
      `## Reminders: one date, ${REMINDED} members going`,
      '',
      'Each member on their user room socket. The reference is the same members hearing of the event being published, measured from the call; the reminder is measured from running the Cron Trigger (as if 24 hours before the date) to the last socket.',
      '',
      '| notification | reached | p50 ms | all delivered ms |',
      '|---|---|---|---|',
      `| EVENT_ANNOUNCEMENT on publishing (reference) | ${announcement.reached} | ${announcement.p50Ms} | ${announcement.lastMs} |`,
      `| EVENT_REMINDER from the Cron Trigger (its run took ${cronRunMs} ms) | ${reminder.reached} | ${reminder.p50Ms} | ${reminder.lastMs} |`,
      '',
      `Stored reminders after a second run at the same moment: ${data.stored} (expected ${REMINDED}); sockets that got one twice: ${duplicates}. ${data.met ? 'Met' : 'Not met'}.`,
    ].join('\n');
    console.log(`\n${markdown}`);
    return { markdown, data };
  } finally {
    for (const socket of sockets) socket.terminate();
    await db.end();
  }
}

// ---- sections ----

type Section = { markdown: string; data: unknown };

/** Run in this order on one stack; a new part of the bench is one more entry. */
const SECTIONS: Record<string, (stack: BenchStack) => Promise<Section>> = {
  list: listAndMonthGrid,
  rsvp: rsvpRush,
  reminders: reminderDelivery,
};

const part = process.env.BENCH_PART;
if (part && !(part in SECTIONS)) throw new Error(`BENCH_PART is one of ${Object.keys(SECTIONS).join(', ')}`);
await withBenchStack(async (stack) => {
  const markdown: string[] = [];
  const data: Record<string, unknown> = {};
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (part && part !== name) continue;
    const result = await section(stack);
    markdown.push(result.markdown);
    data[name] = result.data;
  }
  await saveResults(part ? `events-${part}` : 'events', markdown.join('\n\n'), data);
});
