import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, startLocalPostgres } from './local-postgres.ts';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'community-pg-test-'));
  await chmod(tmp, 0o755);
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('startLocalPostgres', () => {
  it('finds a free port', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThan(65536);
  });

  it('refuses a folder that a running server of this process is using, and leaves that server up', async () => {
    const dataDir = path.join(tmp, 'busy');
    const first = await startLocalPostgres({ dataDir, port: await findFreePort() });
    try {
      await expect(startLocalPostgres({ dataDir, port: await findFreePort() })).rejects.toThrow(
        /already using/,
      );
      expect(await query<{ ok: number }>(first.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await first.stop();
    }
  });

  it('takes over a folder whose server was orphaned by a killed process, keeping the data', async () => {
    const dataDir = path.join(tmp, 'orphan');
    const port = await findFreePort();
    const modulePath = fileURLToPath(new URL('./local-postgres.ts', import.meta.url));
    const holder = `
      import pg from 'pg';
      import { startLocalPostgres } from ${JSON.stringify(modulePath)};
      const db = await startLocalPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query('CREATE TABLE kept (x int)');
      await client.query('INSERT INTO kept VALUES (7)');
      await client.end();
      console.log('READY');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', holder], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += String(chunk);
        if (output.includes('READY')) resolve();
      });
      child.stderr.on('data', (chunk) => {
        output += String(chunk);
      });
      child.on('exit', () => reject(new Error(`holder exited early:\n${output}`)));
    });
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL'); // its postgres keeps running, re-parented to init
    await exited;

    const db = await startLocalPostgres({ dataDir, port: await findFreePort() });
    try {
      expect(await query<{ x: number }>(db.url, 'SELECT x FROM kept')).toEqual([{ x: 7 }]);
    } finally {
      await db.stop();
    }
  });
});
