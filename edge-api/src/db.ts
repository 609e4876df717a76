// Database access for one request, the way Neon recommends for Workers: one-shot queries go over
// HTTP (`db`: no connection to open, nothing to close), and only interactive transactions open a
// WebSocket session (`openSession`), which must be ended within the same request.
import * as schema from '@community/db/schema';
import { neon, neonConfig, Pool } from '@neondatabase/serverless';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleHttp } from 'drizzle-orm/neon-http';
import { drizzle as drizzleSession, type NeonDatabase } from 'drizzle-orm/neon-serverless';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from './config.ts';

type Schema = typeof schema;
/** What services query through: either driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A session that can run interactive transactions (`db.transaction(async (tx) => …)`). */
export type SessionDatabase = NeonDatabase<Schema>;

function configureDriver(config: Config): void {
  const gateway = config.dbWsProxy;
  if (!gateway) return; // Neon: the driver's defaults are right.
  // Local Postgres has neither Neon's HTTP endpoint nor a WebSocket one: our local gateway serves both.
  neonConfig.fetchEndpoint = () => `http://${gateway}/sql`;
  neonConfig.wsProxy = (host, port) => `${gateway}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

export function openHttpDatabase(config: Config): Database {
  configureDriver(config);
  return drizzleHttp({ client: neon(config.databaseUrl), schema }) as unknown as Database;
}

export type Session = { db: SessionDatabase; close(): Promise<void> };

export function openSession(config: Config): Session {
  configureDriver(config);
  const pool = new Pool({ connectionString: config.databaseUrl, max: 1 });
  pool.on('error', (error: Error) => console.error('Postgres pool error', error.message));
  return { db: drizzleSession({ client: pool, schema }), close: () => pool.end() };
}
