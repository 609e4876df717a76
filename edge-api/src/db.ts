// Database access for one request. Workers may not share I/O objects between requests, so each
// request that needs Postgres opens its own Pool (WebSocket to Neon, or to the local proxy) and
// ends it when the response is done.
import * as schema from '@community/db/schema';
import { neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle, type NeonDatabase } from 'drizzle-orm/neon-serverless';
import type { Config } from './config.ts';

export type Database = NeonDatabase<typeof schema>;

function configureDriver(config: Config): void {
  const proxy = config.dbWsProxy;
  if (!proxy) return; // Neon: the driver's defaults are right.
  // Local Postgres has no WebSocket endpoint and no TLS: go through our ws-to-TCP proxy.
  neonConfig.wsProxy = (host, port) => `${proxy}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

export type RequestDatabase = { db: Database; close(): Promise<void> };

export function openDatabase(config: Config): RequestDatabase {
  configureDriver(config);
  const pool = new Pool({ connectionString: config.databaseUrl, max: 1 });
  pool.on('error', (error: Error) => console.error('Postgres pool error', error.message));
  return { db: drizzle({ client: pool, schema }), close: () => pool.end() };
}
