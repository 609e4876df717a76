// A full export re-imports cleanly (issue 8): every member exported from the admin list, sent back
// to the import as the admin panel sends it, gives no errors. The SUPER_ADMIN row (the owner) and
// the members who already exist are skipped with a per-row note; a new row in the same file is
// still created.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Session, signIn, unique, withDatabase } from '../../scripts/lib/api-test-client.ts';

let owner: Session; // SUPER_ADMIN, community owner
let admin: Session; // ADMIN

beforeAll(async () => {
  [owner, admin] = await Promise.all([signIn('owner@example.com'), signIn('admin@example.com')]);
});

type ExportedUser = {
  firstName: string;
  lastName: string;
  pseudo: string;
  email: string;
  job: string | null;
  company: string | null;
  role: string;
  address: { city: string | null };
  isBlocked: boolean;
  features: { feature: string; enabled: boolean }[];
};

/** Every member, page by page, as the Export menu reads them. */
async function exportAll(by: Session): Promise<ExportedUser[]> {
  const users: ExportedUser[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await call(`/api/admin-panel/users/${by.user.id}?limit=1000${query}`, { token: by.token });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    users.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return users;
}

/** The import row of an exported user: the role as exported (SUPER_ADMIN included), enabled features. */
const importRow = (user: ExportedUser) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  pseudo: user.pseudo,
  email: user.email,
  ...(user.job ? { job: user.job } : {}),
  ...(user.company ? { company: user.company } : {}),
  role: user.role,
  ...(user.address.city ? { city: user.address.city } : {}),
  isBlocked: user.isBlocked,
  features: user.features.filter((f) => f.enabled).map((f) => f.feature),
});

type Answer = {
  created: number;
  errors: { index: number; message: string }[];
  skipped: { index: number; message: string }[];
};

/** Preview or import in batches of 500 (the endpoint's maximum), indexes turned back into file rows. */
async function importRows(by: Session, rows: unknown[], dryRun: boolean): Promise<Answer> {
  const total: Answer = { created: 0, errors: [], skipped: [] };
  for (let start = 0; start < rows.length; start += 500) {
    const answer = await call<Answer>(`/api/admin-panel/users/import/${by.user.id}`, {
      method: 'POST',
      token: by.token,
      body: { users: rows.slice(start, start + 500), dryRun },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(dryRun ? 200 : 201);
    total.created += answer.body.created;
    total.errors.push(...answer.body.errors.map((e) => ({ ...e, index: e.index + start })));
    total.skipped.push(...answer.body.skipped.map((e) => ({ ...e, index: e.index + start })));
  }
  return total;
}

describe('a full export re-imports cleanly', () => {
  it.each([
    ['the owner (SUPER_ADMIN)', () => owner],
    ['an ADMIN', () => admin],
  ])('as %s: no errors, the SUPER_ADMIN row and existing members skipped with a note', async (_, who) => {
    const by = who();
    const exported = await exportAll(by);
    const superAdmins = exported.filter((user) => user.role === 'SUPER_ADMIN');
    expect(superAdmins.map((user) => user.email)).toContain('owner@example.com');
    const id = unique();
    const newcomer = {
      firstName: 'Re',
      lastName: 'Import',
      pseudo: `reimport${id}`,
      email: `reimport-${id}@example.com`,
      role: 'USER',
      features: ['events'],
    };
    const rows = [...exported.map(importRow), newcomer];

    for (const dryRun of [true, false]) {
      const answer = await importRows(by, rows, dryRun);
      expect(answer.errors, JSON.stringify(answer.errors.slice(0, 5))).toEqual([]);
      expect(answer.created).toBe(1);
      expect(answer.skipped).toHaveLength(exported.length);
      const ownerIndex = exported.findIndex((user) => user.email === 'owner@example.com');
      expect(answer.skipped.find((note) => note.index === ownerIndex)?.message).toBe(
        'Skipped: owner@example.com is a Super Admin account, which an import never creates or changes',
      );
      const adminIndex = exported.findIndex((user) => user.email === 'admin@example.com');
      expect(answer.skipped.find((note) => note.index === adminIndex)?.message).toBe(
        'Skipped: admin@example.com is already a member (an import adds accounts, it does not change them)',
      );
    }

    // Nothing about the owner changed, and the newcomer exists once.
    const after = await withDatabase(async (db) => ({
      owner: (await db.query(`select role, is_blocked from users where email = 'owner@example.com'`)).rows,
      newcomer: Number(
        (await db.query(`select count(*) from users where email = $1`, [newcomer.email])).rows[0].count,
      ),
    }));
    expect(after.owner).toEqual([{ role: 'SUPER_ADMIN', is_blocked: false }]);
    expect(after.newcomer).toBe(1);
  });

  it('still refuses a row that takes an existing email under another pseudo', async () => {
    const answer = await importRows(
      admin,
      [{ firstName: 'Not', lastName: 'Owner', pseudo: `other${unique()}`, email: 'owner@example.com' }],
      true,
    );
    expect(answer).toMatchObject({
      created: 0,
      skipped: [],
      errors: [{ index: 0, message: expect.stringContaining('already exists') }],
    });
  });
});
