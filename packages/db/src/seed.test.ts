import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, type LocalPostgres, startLocalPostgres } from './local-postgres.ts';
import { migrateDatabase } from './migrate.ts';
import * as schema from './schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_BANNERS_FOLDER, DEMO_PASSWORD, seedDemo } from './seed.ts';

// Stand-in for the PBKDF2 hash of edge-api: the seed only stores what it is given.
const hashPassword = async (password: string) => `test-hash:${password}`;

const TABLES = [
  'users',
  'user_features',
  'communities',
  'url_entries',
  'spaces',
  'space_members',
  'space_messages',
  'events',
  'event_tags',
  'event_members',
  'posts',
  'post_tags',
  'post_attachments',
  'post_likes',
  'comments',
  'conversations',
  'conversation_participants',
  'direct_messages',
  'notifications',
] as const;

let tmp: string;
let server: LocalPostgres;
let client: pg.Client;

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    result[table] = rows[0]!.n;
  }
  return result;
}

async function one<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T> {
  const { rows } = await client.query<T>(text, values);
  if (!rows[0]) throw new Error(`no row for ${text}`);
  return rows[0];
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'community-db-test-'));
  // As root, Postgres runs as the `postgres` OS user, which must be able to enter the folder.
  await chmod(tmp, 0o755);
  server = await startLocalPostgres({ dataDir: path.join(tmp, 'pg'), port: await findFreePort() });
  await migrateDatabase(server.url);
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end().catch(() => {});
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('creates the demo community on the first run and changes nothing on the second', async () => {
    const first = await seedDemo(server.url, { hashPassword });
    expect(first.created).toBe(true);
    const before = await counts();

    const second = await seedDemo(server.url, { hashPassword });
    expect(second).toEqual({ created: false, communityId: first.communityId, images: [] });
    expect(await counts()).toEqual(before);

    // Banners for most events, each a committed WebP file, and at least one without (placeholder).
    const banners = first.images.flatMap((image) => (image.kind === 'banner' ? [image] : []));
    expect(banners.length).toBeGreaterThanOrEqual(before.events! - 2);
    expect(banners.length).toBeLessThan(before.events!);
    for (const banner of banners) {
      const bytes = await readFile(path.join(DEMO_BANNERS_FOLDER, banner.file));
      expect(bytes.subarray(8, 12).toString('latin1'), banner.file).toBe('WEBP');
      expect(bytes.length, banner.file).toBeLessThan(100 * 1024);
      const author = await one<{ email: string }>(
        'SELECT u.email FROM events e JOIN users u ON u.id = e.author_id WHERE e.id = $1',
        [banner.eventId],
      );
      expect(author.email).toBe(banner.ownerEmail);
    }

    // A picture and a cover for every member but the newcomer, drawn from their email, as their own.
    const faces = first.images.filter((image) => image.kind !== 'banner');
    const { rows: people } = await client.query<{ id: string; email: string }>('SELECT id, email FROM users');
    const expected = people
      .filter((person) => person.email !== 'newcomer@example.com')
      .flatMap((person) =>
        (['avatar', 'cover'] as const).map((kind) => ({
          kind,
          ownerEmail: person.email,
          userId: person.id,
          seed: person.email,
        })),
      );
    expect(faces).toHaveLength(expected.length);
    expect(faces).toEqual(expect.arrayContaining(expected));

    expect(before.communities).toBe(1);
    expect(before.users).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length + 20);
    expect(before.spaces).toBe(3);
    expect(before.events).toBe(8);
    expect(before.posts).toBeGreaterThanOrEqual(30);
    expect(before.user_features).toBe(before.users! * 8);
  });

  it('creates every demo account with its role and the stand-in password hash', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await one<{ role: string; password_hash: string }>(
        'SELECT role, password_hash FROM users WHERE email = $1',
        [account.email],
      );
      expect(user.role).toBe(account.role);
      expect(user.password_hash).toBe(`test-hash:${DEMO_PASSWORD}`);
    }
    const incomplete = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE city IS NULL OR job IS NULL OR company IS NULL`,
    );
    expect(incomplete.n).toBe(1);
    const newcomer = await one<{ city: string | null }>('SELECT city FROM users WHERE email = $1', [
      'newcomer@example.com',
    ]);
    expect(newcomer.city).toBeNull();
  });

  it('numbers space messages 1..n and records the last one on the space', async () => {
    const { rows } = await client.query<{ type: string; last_seq: number; n: number; max: number }>(
      `SELECT s.type, s.last_seq::int, count(m.id)::int AS n, max(m.seq)::int AS max
       FROM spaces s JOIN space_messages m ON m.space_id = s.id GROUP BY s.id ORDER BY s.type`,
    );
    expect(rows.map((r) => r.type).sort()).toEqual(['PAID', 'PRIVATE', 'PUBLIC']);
    for (const row of rows) {
      expect(row.n).toBeGreaterThanOrEqual(15);
      expect(row.max).toBe(row.n);
      expect(row.last_seq).toBe(row.n);
    }
  });

  it('puts member@example.com in the public and private spaces only, and the owner as admin of all', async () => {
    const { rows } = await client.query<{ type: string; email: string; role: string }>(
      `SELECT s.type, u.email, sm.role FROM space_members sm
       JOIN spaces s ON s.id = sm.space_id JOIN users u ON u.id = sm.user_id
       WHERE u.email IN ('member@example.com', 'owner@example.com') ORDER BY s.type, u.email`,
    );
    expect(
      rows
        .filter((r) => r.email === 'member@example.com')
        .map((r) => r.type)
        .sort(),
    ).toEqual(['PRIVATE', 'PUBLIC']);
    expect(rows.filter((r) => r.email === 'owner@example.com').map((r) => r.role)).toEqual([
      'ADMIN',
      'ADMIN',
      'ADMIN',
    ]);
  });

  it('places events before and after now, with one draft by the host', async () => {
    const counts = await one<{ past: number; upcoming: number; drafts: number }>(
      `SELECT count(*) FILTER (WHERE start_date < now())::int AS past,
              count(*) FILTER (WHERE start_date >= now())::int AS upcoming,
              count(*) FILTER (WHERE NOT published)::int AS drafts FROM events`,
    );
    expect(counts.past).toBeGreaterThan(0);
    expect(counts.upcoming).toBeGreaterThan(0);
    expect(counts.drafts).toBe(1);
    const draft = await one<{ email: string }>(
      'SELECT u.email FROM events e JOIN users u ON u.id = e.author_id WHERE NOT e.published',
    );
    expect(draft.email).toBe('host@example.com');
    const selfRsvp = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM event_members m JOIN events e ON e.id = m.event_id WHERE m.user_id = e.author_id',
    );
    expect(selfRsvp.n).toBe(0);
  });

  it('starts every event at a sensible hour on its own zone’s clock: the venue’s in person, the host’s online', async () => {
    const { rows } = await client.query<{
      title: string;
      time_zone: string;
      location: string;
      venue_city: string | null;
      host_city: string;
      local_hour: number;
      local_weekday: number;
    }>(
      `SELECT e.title, e.time_zone, e.location, e.address->>'city' AS venue_city, u.city AS host_city,
              extract(hour FROM e.start_date AT TIME ZONE e.time_zone)::int AS local_hour,
              extract(dow FROM e.start_date AT TIME ZONE e.time_zone)::int AS local_weekday
       FROM events e JOIN users u ON u.id = e.host_id ORDER BY e.start_date`,
    );
    expect(rows.length).toBe(8);
    const cityOfZone: Record<string, string> = {
      'America/New_York': 'New York',
      'America/Chicago': 'Chicago',
      'Europe/Berlin': 'Berlin',
      'Europe/London': 'London',
      'Europe/Lisbon': 'Lisbon',
    };
    for (const row of rows) {
      expect(row.local_hour, row.title).toBeGreaterThanOrEqual(8);
      expect(row.local_hour, row.title).toBeLessThanOrEqual(22);
    }
    const saturday = rows.find((row) => row.title.endsWith('Saturday'));
    expect(saturday?.local_weekday).toBe(6);
    for (const row of rows) {
      const where = row.location === 'IN_PERSON' ? row.venue_city : row.host_city;
      expect({ title: row.title, city: cityOfZone[row.time_zone] }).toEqual({
        title: row.title,
        city: where,
      });
    }
  });
});

describe('relational queries', () => {
  it('loads an event with its host, tags and RSVPs', async () => {
    const db = drizzle(client, { schema });
    const event = await db.query.events.findFirst({
      where: (e, { eq }) => eq(e.title, 'Community Kickoff Meetup'),
      with: { host: true, author: true, tags: true, members: true, space: true },
    });
    expect(event?.host.email).toBe('host@example.com');
    expect(event?.author.email).toBe('owner@example.com');
    expect(event?.tags.map((t) => t.name).sort()).toEqual(['meetup', 'networking']);
    expect(event?.members.length).toBeGreaterThan(0);
    expect(event?.space.type).toBe('PUBLIC');
    expect(event?.address?.city).toBe('New York');
  });
});

describe('constraints', () => {
  it('rejects a second RSVP by the same user to the same event', async () => {
    const rsvp = await one<{ event_id: string; user_id: string }>(
      'SELECT event_id, user_id FROM event_members LIMIT 1',
    );
    await expect(
      client.query('INSERT INTO event_members (event_id, user_id) VALUES ($1, $2)', [
        rsvp.event_id,
        rsvp.user_id,
      ]),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('rejects a second membership of the same user in the same space', async () => {
    const member = await one<{ space_id: string; user_id: string }>(
      'SELECT space_id, user_id FROM space_members LIMIT 1',
    );
    await expect(
      client.query(`INSERT INTO space_members (space_id, user_id, role) VALUES ($1, $2, 'GUEST')`, [
        member.space_id,
        member.user_id,
      ]),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('rejects a repeated send with the same client key, and a reused sequence number', async () => {
    const message = await one<{ space_id: string; author_id: string; seq: number; client_key: string }>(
      'SELECT space_id, author_id, seq::int, client_key FROM space_messages WHERE client_key IS NOT NULL LIMIT 1',
    );
    await expect(
      client.query(
        `INSERT INTO space_messages (space_id, author_id, seq, content, client_key) VALUES ($1, $2, 100000, '{}', $3)`,
        [message.space_id, message.author_id, message.client_key],
      ),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      client.query(
        `INSERT INTO space_messages (space_id, author_id, seq, content) VALUES ($1, $2, $3, '{}')`,
        [message.space_id, message.author_id, message.seq],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('rejects an email that is not lower-case', async () => {
    await expect(
      client.query(
        `INSERT INTO users (first_name, last_name, pseudo, email) VALUES ('A', 'B', 'upper_case', 'Upper@Example.com')`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('finds space messages by full-text search', async () => {
    const found = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM space_messages
       WHERE to_tsvector('simple', body_text) @@ plainto_tsquery('simple', 'workshop')`,
    );
    expect(found.n).toBeGreaterThan(0);
  });
});

describe('local postgres', () => {
  it('keeps the data across a stop and a start on the same folder', async () => {
    const before = await one<{ n: number }>('SELECT count(*)::int AS n FROM users');
    await client.end();
    await server.stop();
    await server.stop(); // a second stop is harmless

    server = await startLocalPostgres({ dataDir: server.dataDir, port: server.port });
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const after = await one<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(after.n).toBe(before.n);
  });
});
