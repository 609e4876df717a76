// Keyset pages hand over every row once (issue 8, indexes for every hot query): the events list and
// the audit log page with a row comparison on their indexes' columns, and the audit cursor keeps
// the stored microseconds, so entries written within one millisecond are neither lost nor repeated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Session, signIn, withDatabase } from '../../scripts/lib/api-test-client.ts';

let admin: Session;
let member: Session;
const BURST_ACTION = 'test.keyset-burst';

beforeAll(async () => {
  [admin, member] = await Promise.all([signIn('admin@example.com'), signIn('member@example.com')]);
  // 30 entries inside one millisecond, a microsecond apart, as a bulk action can write them.
  await withDatabase((db) =>
    db.query(
      `insert into audit_log (actor_id, action, target_type, created_at)
       select $1, $2, 'test', timestamptz '2026-01-01 12:00:00.123000+00' + n * interval '1 microsecond'
       from generate_series(1, 30) as n`,
      [admin.user.id, BURST_ACTION],
    ),
  );
});

afterAll(async () => {
  await withDatabase((db) => db.query(`delete from audit_log where action = $1`, [BURST_ACTION]));
});

async function everyPage(path: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 500; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const answer: { status: number; body: any } = await call(
      `${path}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ''}`,
      {
        token,
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids.push(...answer.body.items.map((item: { id: string }) => item.id));
    cursor = answer.body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error(`${path}: more than 500 pages`);
}

describe('keyset pages', () => {
  it('list the whole audit log once, newest first, even entries a microsecond apart', async () => {
    const paged = await everyPage('/api/admin-panel/audit?limit=7', admin.token);
    const stored = await withDatabase(async (db) =>
      (await db.query('select id from audit_log order by created_at desc, id desc')).rows.map(
        (row) => row.id as string,
      ),
    );
    expect(paged).toEqual(stored);
  });

  it('list upcoming and past events once each, in their order', async () => {
    for (const [when, order, window] of [
      ['upcoming', 'start_date, id', 'start_date >= now()'],
      ['past', 'start_date desc, id desc', 'start_date < now()'],
    ] as const) {
      const paged = await everyPage(`/api/events?when=${when}&limit=2`, member.token);
      expect(new Set(paged).size, `${when}: each event once`).toBe(paged.length);
      // Single events in the order of their date; a repeating series stands for its next or last
      // date instead (events-repeating.test.ts), so it is left out of this comparison. Only those
      // in spaces the member may read (events-visibility.test.ts).
      const stored = await withDatabase(async (db) =>
        (
          await db.query(
            `select id from events e where published and repeat = 'NO_REPEAT' and ${window}
               and exists (select 1 from spaces s where s.id = e.space_id and (s.type = 'PUBLIC'
                 or exists (select 1 from space_members m where m.space_id = s.id and m.user_id = $1)))
             order by ${order}`,
            [member.user.id],
          )
        ).rows.map((row) => row.id as string),
      );
      const singles = new Set(
        await withDatabase(async (db) =>
          (await db.query(`select id from events where repeat = 'NO_REPEAT'`)).rows.map(
            (row) => row.id as string,
          ),
        ),
      );
      expect(
        paged.filter((id) => singles.has(id)),
        when,
      ).toEqual(stored);
    }
  });
});
