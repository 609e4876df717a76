// Events list under load: 10,000 events, `GET /api/events` first page and a page 5,000 rows deep,
// 50 concurrent connections, next to a bare Hono route (no database) measured in the same run.
// Budget (issue 3): p99 under 50 ms, deep page within 1.5x of the first, at most 3 statements/request.
import pg from 'pg';
import { encodeCursor } from '../edge-api/src/lib/cursor.ts';
import { load, saveResults, table, withBenchStack } from './lib.ts';

const EVENTS = 10_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

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
  const [, first, deep] = results;
  const summary = [
    table(results),
    '',
    `Deep page p99 / first page p99: ${(deep!.p99Ms / Math.max(first!.p99Ms, 1)).toFixed(2)}x (budget 1.5x).`,
    `Budget: p99 under 50 ms, at most 3 SQL statements per request. ${CONNECTIONS} connections, ${SECONDS} s per case, ${EVENTS} events.`,
  ].join('\n');
  console.log(`\n${summary}`);
  await saveResults('events', summary, results);
});
