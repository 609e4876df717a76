// @community/db for Node scripts and tests: the schema plus a local Postgres, migrations and the
// demo seed. Workers import `@community/db/schema` only (no Node APIs there).

export {
  findFreePort,
  type LocalPostgres,
  type StartLocalPostgresOptions,
  startLocalPostgres,
} from './local-postgres.ts';
export { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts';
export * from './schema/index.ts';
export {
  DEMO_ACCOUNTS,
  DEMO_BANNERS_FOLDER,
  DEMO_COMMUNITY_URL,
  DEMO_PASSWORD,
  type DemoAccount,
  type DemoImage,
  lexicalText,
  type SeedDemoOptions,
  type SeedDemoResult,
  seedDemo,
} from './seed.ts';
