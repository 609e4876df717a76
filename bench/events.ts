// Events list under load: 10,000 events, `GET /api/events` first page and a page 5,000 rows deep,
// 50 concurrent connections, next to a bare Hono route (no database) measured in the same run.
// Budget (issue 3): p99 under 50 ms, deep page within 1.5x of the first, at most 3 statements/request.
// Month grid (issue 12): 1,000 repeating series added afterwards (DAILY, WEEKDAY, TUESDAY,
// BI_WEEKLY_TUESDAY; New York and Berlin), then one month of `GET /api/events?from=&to=` with every
// occurrence expanded by the server. Budget: p99 within 2x of the non-repeating first page.
import pg from 'pg';
import { encodeCursor } from '../edge-api/src/lib/cursor.ts';
import { load, saveResults, table, withBenchStack } from './lib.ts';

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

await withBenchStack(async (stack) => {
  console.log(`Seeding ${EVENTS} events…`);
  const deepCursor = await seedEvents(stack.databaseUrl);
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'member@example.com', password: 'community-demo' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const options = { connections: CONNECTIONS, seconds: SECONDS };

  const results = [
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
    table(results),
    '',
    `Deep page p99 / first page p99: ${(deep!.p99Ms / Math.max(first!.p99Ms, 1)).toFixed(2)}x (budget 1.5x).`,
    `Month grid p99 / non-repeating first page p99: ${(grid!.p99Ms / Math.max(first!.p99Ms, 1)).toFixed(2)}x (budget 2x). The month (${month.from.slice(0, 10)} to ${month.to.slice(0, 10)}) holds ${occurrences} occurrences, ${(probeBytes / 1024).toFixed(0)} KB of JSON per response.`,
    `Budget: p99 under 50 ms, at most 3 SQL statements per request. ${CONNECTIONS} connections, ${SECONDS} s per case, ${EVENTS} events, then ${SERIES} repeating series.`,
  ].join('\n');
  console.log(`\n${summary}`);
  await saveResults('events', summary, results);
});
