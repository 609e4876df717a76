// Applies the SQL migrations in packages/db/drizzle to a database. Node only (scripts and tests);
// safe to run on every start: applied migrations are recorded and skipped, and the city list is
// loaded only into an empty table.

import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { loadCities } from './cities.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

// Arbitrary constant: the advisory lock that keeps two processes from migrating at once.
const MIGRATION_LOCK_KEY = 7_346_201_118;

export async function migrateDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost mid-way is reported by the failing query; this only keeps the process alive.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // Reference data the migrations' tables expect (ADR 14): loaded once, under the same lock.
    await loadCities(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
