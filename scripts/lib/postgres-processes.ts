// The processes of a local Postgres server, found from its port, for the fault suite, the faults
// benchmark and the outage journeys: they stop (SIGSTOP, as in a network partition), resume or kill
// the real server. Linux only (reads /proc), like the rest of the local stack's tooling.
import { readdirSync, readFileSync } from 'node:fs';

export type ProcessInfo = { pid: number; parentPid: number; groupId: number; state: string; args: string[] };

export function listProcesses(): ProcessInfo[] {
  const processes: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // The command name in /proc/N/stat is in parentheses and may hold spaces: the fields after
      // the last ')' are "state ppid …".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state = '', parentPid, groupId] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.push({
        pid: Number(entry),
        parentPid: Number(parentPid),
        groupId: Number(groupId),
        state,
        args,
      });
    } catch {
      // exited while we looked
    }
  }
  return processes;
}

/** The postmaster listening on `port` (`postgres -D … -p PORT`), or null when none runs. */
export function findPostmaster(port: number): number | null {
  for (const { pid, args } of listProcesses()) {
    const portIndex = args.indexOf('-p');
    if (/(^|\/)postgres$/.test(args[0] ?? '') && portIndex > 0 && args[portIndex + 1] === String(port)) {
      return pid;
    }
  }
  return null;
}

/** The postmaster and every backend and helper it started (checkpointer, walwriter, sessions…). */
export function postgresProcessTree(port: number): number[] {
  const root = findPostmaster(port);
  if (root === null) return [];
  const processes = listProcesses();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const child of processes) if (child.parentPid === tree[i]) tree.push(child.pid);
  }
  return tree;
}

const portOf = (databaseUrl: string) => Number(new URL(databaseUrl).port || 5432);

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Freezes the whole server: connections stay open, nothing answers. Returns the frozen pids. */
export function freezePostgres(databaseUrl: string): number[] {
  const pids = postgresProcessTree(portOf(databaseUrl));
  if (pids.length === 0) throw new Error(`No Postgres is listening on ${databaseUrl}`);
  signalAll(pids, 'SIGSTOP');
  return pids;
}

/** Lets the processes `freezePostgres` stopped run again. */
export function thawPostgres(pids: number[]): void {
  signalAll(pids, 'SIGCONT');
}

/** Kills the postmaster outright (SIGKILL), as a crash would; its backends then exit by themselves. */
export function killPostgres(databaseUrl: string): number {
  const pid = findPostmaster(portOf(databaseUrl));
  if (pid === null) throw new Error(`No Postgres is listening on ${databaseUrl}`);
  signalAll(postgresProcessTree(portOf(databaseUrl)), 'SIGKILL');
  return pid;
}

/** Waits until a plain client can run a query on `databaseUrl` again; answers when (Date.now()). */
export async function waitForDatabase(databaseUrl: string, timeoutMs: number): Promise<number> {
  const { default: pg } = await import('pg');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 500 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return Date.now();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new Error(`the database at ${databaseUrl} did not come back within ${timeoutMs} ms`);
}
