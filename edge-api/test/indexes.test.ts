// The hot user queries are served by indexes (issue 8), checked with EXPLAIN on a table large
// enough for the planner to care: 20,000 extra members, analysed. The statements are the services'
// own (`.toSQL()` of the Drizzle queries), so a change to a query is checked against the plan here.
// The extra members have emails no other test matches, and are removed afterwards.
import * as schema from '@community/db/schema';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, withDatabase } from '../../scripts/lib/api-test-client.ts';
import type { Database } from '../src/db.ts';
import { encodeCursor } from '../src/lib/cursor.ts';
import { adminUsersQuery } from '../src/services/admin-users.ts';
import { searchCommunityMembers } from '../src/services/users.ts';

const SEEDED = 20_000;
const EMAIL_DOMAIN = 'indexes.invalid';
/** In no md5-derived name of the seed: only the few members named with it below match. */
const RARE = 'Zqxw';

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** EXPLAIN (FORMAT JSON) of a statement built by a service, with its parameters. */
async function explain(
  client: pg.Client,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<PlanNode[]> {
  const { sql, params } = query.toSQL();
  const result = await client.query(`explain (format json) ${sql}`, params);
  const [{ Plan }] = result.rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }];
  return nodesOf(Plan);
}

/**
 * The plan of a search when the planner weighs the trigram indexes against a scan, not against
 * walking a name-order index until the page is full: which of those two wins for a LIMIT 20 depends
 * on how many rows it guesses an `ILIKE '%term%'` matches, a guess that has changed between runs on
 * the same data (CI). What must hold is that every searched expression has an index that serves it.
 */
async function explainSearch(
  client: pg.Client,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<PlanNode[]> {
  await client.query('begin');
  try {
    await client.query('set local enable_indexscan = off');
    return await explain(client, query);
  } finally {
    await client.query('rollback');
  }
}

const usersScans = (nodes: PlanNode[]) => nodes.filter((node) => node['Relation Name'] === 'users');
const describePlan = (nodes: PlanNode[]) =>
  nodes.map((node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`).join(', ');

beforeAll(async () => {
  await withDatabase(async (client) => {
    await client.query(`delete from users where email like $1`, [`%@${EMAIL_DOMAIN}`]);
    // Names spread like real ones (md5 letters and digits), unique pseudos and emails.
    await client.query(
      `insert into users (first_name, last_name, pseudo, email)
       select initcap(substr(md5('f' || n), 1, 7)), initcap(substr(md5('l' || n), 1, 9)),
              'idx' || n || substr(md5('p' || n), 1, 6), 'idx-' || n || '@' || $2
       from generate_series(1, $1::int) as n`,
      [SEEDED, EMAIL_DOMAIN],
    );
    await client.query(
      `insert into users (first_name, last_name, pseudo, email)
       select 'Ann', $1 || 'art' || n, 'rare' || n || substr(md5('r' || n), 1, 6), 'rare-' || n || '@' || $2
       from generate_series(1, 3) as n`,
      [RARE, EMAIL_DOMAIN],
    );
    // VACUUM as autovacuum would after a bulk insert: GIN indexes (fastupdate) keep new entries in a
    // pending list that every search reads whole, and the planner rightly avoids them until it is
    // merged. ANALYZE alone would leave the trigram indexes looking slower than a scan.
    await client.query('vacuum analyze users');
    await client.query('analyze user_features');
  });
}, 120_000);

afterAll(async () => {
  await withDatabase(async (client) => {
    await client.query(`delete from users where email like $1`, [`%@${EMAIL_DOMAIN}`]);
    await client.query('analyze users');
  });
});

async function withDrizzle<T>(work: (db: Database, client: pg.Client) => Promise<T>): Promise<T> {
  return withDatabase((client) => work(drizzle({ client, schema }) as unknown as Database, client));
}

describe('indexes for the hot user queries', () => {
  it('pages the admin list (and exports) by last name, first name, id through users_name_order_idx', async () => {
    await withDrizzle(async (db, client) => {
      const first = await explain(client, adminUsersQuery(db, { limit: 20 }));
      expect(describePlan(first)).toContain('users_name_order_idx');
      expect(first.some((node) => node['Node Type'] === 'Sort')).toBe(false);
      expect(usersScans(first).some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);

      // A page deep in the list starts at the cursor in the index, not by reading every earlier
      // row: the keyset condition is an index condition. An export pages through everyone this way.
      const { rows } = await client.query(
        `select last_name, first_name, id from users order by last_name, first_name, id offset $1 limit 1`,
        [Math.floor(SEEDED / 2)],
      );
      const cursor = encodeCursor([rows[0].last_name, rows[0].first_name, rows[0].id]);
      const deep = await explain(client, adminUsersQuery(db, { limit: 1000, cursor }));
      const scan = usersScans(deep).find((node) => node['Index Name'] === 'users_name_order_idx');
      expect(scan, describePlan(deep)).toBeDefined();
      expect(scan?.['Index Cond'], describePlan(deep)).toBeTruthy();
      expect(deep.some((node) => node['Node Type'] === 'Sort')).toBe(false);
    });
  });

  it('pages an export through every member over HTTP, in name order, each once', async () => {
    const admin = await signIn('admin@example.com');
    const seen: { lastName: string; firstName: string; id: string }[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await call(`/api/admin-panel/users/${admin.user.id}?limit=1000${after}`, {
        token: admin.token,
      });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    const total = await withDatabase(async (client) =>
      Number((await client.query('select count(*) from users')).rows[0].count),
    );
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((user) => user.id)).size).toBe(total);
    const inOrder = await withDatabase(async (client) =>
      (await client.query('select id from users order by last_name, first_name, id')).rows.map(
        (row) => row.id as string,
      ),
    );
    expect(seen.map((user) => user.id)).toEqual(inOrder);
  });

  it("answers the admin search (ILIKE '%term%' on names, pseudo and email) from trigram indexes", async () => {
    await withDrizzle(async (db, client) => {
      const plan = await explainSearch(
        client,
        adminUsersQuery(db, { limit: 20, search: RARE.toLowerCase() }),
      );
      const scans = usersScans(plan);
      expect(
        scans.some((node) => node['Node Type'] === 'Seq Scan'),
        describePlan(plan),
      ).toBe(false);
      const trigram = plan.filter((node) => node['Index Name']?.match(/^users_.*_trgm_idx$/));
      // Every searched expression has its own index, so the OR is a BitmapOr of all five.
      expect(new Set(trigram.map((node) => node['Index Name']))).toEqual(
        new Set([
          'users_first_name_trgm_idx',
          'users_last_name_trgm_idx',
          'users_pseudo_trgm_idx',
          'users_full_name_trgm_idx',
          'users_email_trgm_idx',
        ]),
      );
      // And the search finds what it should.
      const found = await adminUsersQuery(db, { limit: 20, search: RARE.toLowerCase() });
      expect(found.map((row) => row.user.email).sort()).toEqual(
        [1, 2, 3].map((n) => `rare-${n}@${EMAIL_DOMAIN}`),
      );
    });
  });

  it('lists members for the host picker with no term in first-name order from users_first_name_order_idx', async () => {
    await withDrizzle(async (db, client) => {
      const plan = await explain(client, searchCommunityMembers(db, ''));
      expect(describePlan(plan)).toContain('users_first_name_order_idx');
      expect(
        plan.some((node) => node['Node Type'] === 'Sort'),
        describePlan(plan),
      ).toBe(false);
    });
  });

  it('answers the member search (host picker) from trigram indexes', async () => {
    await withDrizzle(async (db, client) => {
      const plan = await explainSearch(client, searchCommunityMembers(db, RARE));
      expect(
        usersScans(plan).some((node) => node['Node Type'] === 'Seq Scan'),
        describePlan(plan),
      ).toBe(false);
      expect(describePlan(plan)).toMatch(/users_\w+_trgm_idx/);
    });
  });
});
