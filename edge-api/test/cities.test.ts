// The city search of the profile wizard (issue #11): accent- and case-insensitive prefixes on the
// folded name, largest places first, a word inside a name from 3 characters, a blank search
// answering nothing; and the statement is served by the city indexes (EXPLAIN), never a scan of
// the 135,000 rows.
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Session, signIn, withDatabase } from '../../scripts/lib/api-test-client.ts';
import { citySearchStatement } from '../src/services/cities.ts';

let member: Session;

beforeAll(async () => {
  member = await signIn('member@example.com');
});

type City = {
  id: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
};

async function search(term: string, limit?: number): Promise<City[]> {
  const query = new URLSearchParams({ search: term, ...(limit ? { limit: String(limit) } : {}) });
  const answer = await call(`/api/cities?${query}`, { token: member.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items;
}

describe('GET /api/cities', () => {
  it('finds Zürich without its accent, and São Paulo as "sao" or "São", largest first', async () => {
    const zurich = await search('zurich');
    expect(zurich[0]).toMatchObject({
      name: 'Zürich',
      country: 'CH',
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
    expect((await search('ZÜRICH'))[0]?.name).toBe('Zürich');
    const sao = await search('sao');
    expect(sao[0]).toMatchObject({ name: 'São Paulo', country: 'BR' });
    expect((await search('São'))[0]?.id).toBe(sao[0]?.id);
    const populations = sao.map((city) => city.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('matches prefixes whatever their case, at most 10 (or the limit asked)', async () => {
    const par = await search('PAR');
    expect(par[0]?.name).toBe('Paris');
    expect(par.length).toBe(10);
    expect(await search('pAr', 3)).toHaveLength(3);
    expect(await search('par', 50)).toHaveLength(10);
  });

  it('finds a later word of a name from 3 characters: "york" → New York City', async () => {
    const york = await search('york');
    expect(york[0]).toMatchObject({ name: 'New York City', country: 'US', adminCode: 'NY' });
    expect(york.some((city) => city.name === 'York' && city.country === 'GB')).toBe(true);
  });

  it('answers an empty list for a blank search, and for one that matches nothing', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('qqqzzzxx')).toEqual([]);
    // LIKE's wildcards are text here, not patterns.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await call('/api/cities?search=par')).status).toBe(401);
  });
});

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

async function plan(term: string): Promise<PlanNode[]> {
  const statement = citySearchStatement(term, 10);
  if (!statement) throw new Error('no statement for a blank term');
  const { sql, params } = new PgDialect().sqlToQuery(statement);
  return withDatabase(async (client) => {
    const result = await client.query(`explain (format json) ${sql}`, params);
    return nodesOf((result.rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan);
  });
}

describe('the city search statement', () => {
  // Which of the two city indexes serves a 2-letter prefix is the planner's choice (both are cheap;
  // it moves with the sampled statistics), so the test holds what matters: every read of the
  // 135,000 rows goes through an index, and the word part (a `% york%` pattern no B-tree can serve)
  // through the trigram index. Statistics and the GIN pending list are made current first, as the
  // loader leaves them, so autovacuum's timing cannot change the answer.
  beforeAll(async () => {
    await withDatabase((client) => client.query('vacuum analyze cities'));
  }, 60_000);

  // A bitmap heap scan reads the rows its bitmap index scans (children, with the index name) found.
  const INDEX_READS = ['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan'];
  const describePlan = (nodes: PlanNode[]) =>
    nodes
      .map((node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`)
      .join(', ');
  const CITY_INDEXES = ['cities_search_prefix_idx', 'cities_search_trgm_idx'];
  // The places shown (at most the limit) are then read by their primary key.
  const SHOWN_BY_ID = 'cities_pkey';

  it('reads the cities through their search indexes only, the word part through the trigram index, never a scan', async () => {
    for (const term of ['pa', 'sao', 'york', 'saint-denis']) {
      const nodes = await plan(term);
      const shown = `${term}: ${describePlan(nodes)}`;
      const reads = nodes.filter((node) => node['Relation Name'] === 'cities');
      expect(reads.length, shown).toBeGreaterThan(0);
      for (const read of reads) expect(INDEX_READS, shown).toContain(read['Node Type']);
      const indexes = nodes.flatMap((node) => node['Index Name'] ?? []);
      expect(indexes.length, shown).toBeGreaterThan(0);
      for (const index of indexes) expect([...CITY_INDEXES, SHOWN_BY_ID], shown).toContain(index);
      expect(indexes.filter((index) => CITY_INDEXES.includes(index)).length, shown).toBeGreaterThan(0);
    }
    const long = await plan('york');
    expect(
      long.map((node) => node['Index Name']),
      describePlan(long),
    ).toContain('cities_search_trgm_idx');
  });
});
