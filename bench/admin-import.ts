// Admin import and export of 10,000 users, end to end through the same code the panel runs:
// users.csv → parse and validate (papaparse + the shared schemas) → server preview (dryRun) →
// batched import with progress; then export every user (paging the API) back to users.csv.
// Reference, same run: one multi-row INSERT of the same users straight into Postgres.
// Budget (issue 5): import under 10 s with progress throughout, export under 2 s.
import { FEATURE_KEYS } from '@community/domain';
import pg from 'pg';
import { fetchAllPages } from '../mfe-admin/src/features/users/lib/fetch-all-pages.ts';
import {
  IMPORT_BATCH_SIZE,
  type ImportCandidate,
  importInBatches,
} from '../mfe-admin/src/features/users/lib/import-batches.ts';
import {
  type ExportableUser,
  parseUsersFile,
  usersToCsv,
} from '../mfe-admin/src/features/users/lib/users-csv.ts';
import { saveResults, withBenchStack } from './lib.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);

function generatedUsers(prefix: string): ExportableUser[] {
  return Array.from({ length: USERS }, (_, i) => ({
    firstName: `Bench${i}`,
    lastName: `User${i}`,
    pseudo: `${prefix}_${i}`,
    email: `${prefix}-${i}@example.com`,
    job: i % 7 === 0 ? '=cmd|calc' : 'Engineer', // a formula-looking cell, as real exports have
    company: 'Bench Co',
    role: i % 10 === 0 ? 'HOST' : 'USER',
    isBlocked: i % 50 === 0,
    address: { city: 'Berlin' },
    features: FEATURE_KEYS.map((feature, f) => ({ feature, enabled: (i + f) % 3 !== 0 })),
  }));
}

const seconds = (start: number) => Math.round((performance.now() - start) / 10) / 100;

await withBenchStack(async (stack) => {
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'community-demo' }),
  });
  const { accessToken, user } = (await login.json()) as { accessToken: string; user: { id: string } };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
  const send = (dryRun: boolean) => async (users: unknown[]) => {
    const response = await fetch(`${stack.url}/api/admin-panel/users/import/${user.id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ users, dryRun }),
    });
    if (!response.ok) {
      console.error(`import answered ${response.status}: ${await response.text()}`);
      throw new Error(`import answered ${response.status}`);
    }
    return (await response.json()) as { created: number; errors: { index: number; message: string }[] };
  };

  const csv = usersToCsv(generatedUsers('bench'));
  console.log(`users.csv: ${USERS} users, ${Math.round(csv.length / 1024)} KiB`);

  const parseStart = performance.now();
  const parsed = parseUsersFile('users.csv', csv);
  const candidates: ImportCandidate[] = parsed.rows.flatMap((row) =>
    row.user ? [{ rowNumber: row.rowNumber, user: row.user }] : [],
  );
  const parseSeconds = seconds(parseStart);

  const previewStart = performance.now();
  const preview = await importInBatches(candidates, send(true));
  const previewSeconds = seconds(previewStart);

  const progress: number[] = [];
  const importStart = performance.now();
  const imported = await importInBatches(candidates, send(false), ({ percent }) => progress.push(percent));
  const importSeconds = seconds(importStart);

  const exportStart = performance.now();
  const everyone = await fetchAllPages(async (cursor) => {
    const response = await fetch(
      `${stack.url}/api/admin-panel/users/${user.id}?limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
      { headers },
    );
    return response.json() as Promise<{ items: ExportableUser[]; nextCursor: string | null }>;
  });
  const exported = usersToCsv(everyone);
  const exportSeconds = seconds(exportStart);

  // Reference: the same rows in one INSERT straight into Postgres, no HTTP, no validation.
  const reference = generatedUsers('ref');
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  const referenceStart = performance.now();
  await client.query(
    `insert into users (first_name, last_name, pseudo, email, job, company, city, role, is_blocked)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::role[], $9::bool[])`,
    [
      reference.map((u) => u.firstName),
      reference.map((u) => u.lastName),
      reference.map((u) => u.pseudo),
      reference.map((u) => u.email),
      reference.map((u) => u.job),
      reference.map((u) => u.company),
      reference.map((u) => u.address.city),
      reference.map((u) => u.role),
      reference.map((u) => u.isBlocked),
    ],
  );
  const referenceSeconds = seconds(referenceStart);
  await client.end();

  const total = parseSeconds + importSeconds;
  const rate = (n: number, s: number) => Math.round(n / Math.max(s, 0.001));
  const summary = [
    '| step | seconds | rows/s |',
    '|---|---|---|',
    `| parse + validate users.csv (papaparse + shared schemas) | ${parseSeconds} | ${rate(USERS, parseSeconds)} |`,
    `| server preview (dryRun, ${Math.ceil(USERS / IMPORT_BATCH_SIZE)} batches) | ${previewSeconds} | ${rate(USERS, previewSeconds)} |`,
    `| import (batched inserts, ${Math.ceil(USERS / IMPORT_BATCH_SIZE)} requests) | ${importSeconds} | ${rate(USERS, importSeconds)} |`,
    `| **import end to end (parse + import)** | **${Math.round(total * 100) / 100}** | ${rate(USERS, total)} |`,
    `| export every user to users.csv (${everyone.length} users, ${Math.ceil(everyone.length / 1000)} pages) | ${exportSeconds} | ${rate(everyone.length, exportSeconds)} |`,
    `| reference: one INSERT of ${USERS} rows straight into Postgres | ${referenceSeconds} | ${rate(USERS, referenceSeconds)} |`,
    '',
    `Created ${imported.created} of ${USERS} (preview said ${preview.created}, ${imported.errors.length} row errors); progress reported ${progress.length} times; export ${Math.round(exported.length / 1024)} KiB.`,
    'Budget: import under 10 s with progress shown throughout, export under 2 s.',
  ].join('\n');
  console.log(`\n${summary}`);
  await saveResults('admin-import', summary, {
    parseSeconds,
    previewSeconds,
    importSeconds,
    exportSeconds,
    referenceSeconds,
    created: imported.created,
    errors: imported.errors.length,
  });
});
