// The stack as `npm start` runs it (scripts/start.ts, supervised), in its own process group as a
// terminal would run it, on a throw-away data folder and a free port: for the fault suite and the
// faults benchmark, which kill its parts and press Ctrl-C. Its processes are found from the state
// file it writes (<dataDir>/stack.json) and, for the checks that nothing is left, from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import { findPostmaster, listProcesses } from '../lib/postgres-processes.ts';
import { groupMembers, isPortFree } from '../lib/process-groups.ts';
import { ROOT, type StackState } from '../lib/stack.ts';

export type NpmStart = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** What start.ts has printed so far, line by line. */
  output: string[];
  state(): Promise<StackState>;
  /** start.ts's process group (tsx, node, the postmaster it spawned). */
  group: number;
  /** Resolves with the exit code once start.ts has exited by itself (null: still running after `timeoutMs`). */
  exited(timeoutMs: number): Promise<number | null>;
  /** Ctrl-C: SIGINT to the whole process group; resolves with the exit code. */
  interrupt(timeoutMs?: number): Promise<number | null>;
  /** Whatever happened, nothing of this stack is left afterwards, and its data folder is removed. */
  dispose(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function npmStart(options: { timeoutMs?: number; echo?: boolean } = {}): Promise<NpmStart> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'community-faults-'));
  await chmod(dataDir, 0o755); // Postgres runs as its own OS user and must enter the folder
  const port = await findFreePort();
  const output: string[] = [];
  // As `npm start` runs it: Node with tsx as a loader, not tsx's CLI, which stands between the
  // terminal and the process, and on Ctrl-C SIGKILLs a child that does not answer within 30 ms (a
  // busy machine), so nothing would be stopped (scripts/start.ts).
  const child: ChildProcess = spawn(
    path.join(ROOT, 'node_modules/.bin/node'),
    ['--import', 'tsx', 'scripts/start.ts'],
    {
      cwd: ROOT,
      detached: true, // its own process group: Ctrl-C in a terminal signals the whole group
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NO_COLOR: '1' },
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (options.echo) console.log(`[npm start] ${line}`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const state = async () =>
    JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as StackState;
  const interrupt = async (timeoutMs = 60_000) => {
    if (child.exitCode !== null) return child.exitCode;
    process.kill(-child.pid!, 'SIGINT');
    return Promise.race([exited, sleep(timeoutMs).then(() => null)]);
  };
  const dispose = async () => {
    const last = await state().catch(() => null);
    if (child.exitCode === null && child.signalCode === null) await interrupt(60_000);
    // Belt and braces after a failed test: whatever still runs on this folder or port goes.
    const groups = [child.pid!, ...(last?.workers ? [last.workers.pid] : [])];
    for (const pid of leftovers({ port, dataDir, postgresPort: last?.postgres?.port ?? null, groups })) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (!output.some((line) => line.startsWith('Ready in'))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await dispose();
      throw new Error(`npm start did not become ready:\n${output.join('\n')}`);
    }
    await sleep(100);
  }
  const postgresPort = (await state()).postgres?.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    group: child.pid!,
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${postgresPort}/community`,
    output,
    state,
    exited: (timeoutMs) => Promise.race([exited, sleep(timeoutMs).then(() => null)]),
    interrupt,
    dispose,
  };
}

export type LeftoverQuery = {
  port: number;
  dataDir: string;
  postgresPort: number | null;
  /** Process groups of the stack: start.ts's own, every Workers host's seen. */
  groups: number[];
};

/**
 * Processes of a stack still running: the members of its process groups, the postmaster on its
 * port and its children, any process whose command line names the stack's port or data folder.
 */
function leftovers(stack: LeftoverQuery): number[] {
  const found = new Set<number>(stack.groups.flatMap(groupMembers));
  const postmaster = stack.postgresPort === null ? null : findPostmaster(stack.postgresPort);
  const processes = listProcesses().filter((p) => p.state !== 'Z' && p.pid !== process.pid);
  if (postmaster !== null) found.add(postmaster);
  for (const p of processes) {
    const line = p.args.join(' ');
    if (
      line.includes(stack.dataDir) ||
      line.includes(`--port ${stack.port} `) ||
      line.includes(`127.0.0.1:${stack.port} `) ||
      line.endsWith(`127.0.0.1:${stack.port}`) ||
      (postmaster !== null && p.parentPid === postmaster)
    ) {
      found.add(p.pid);
    }
  }
  return [...found];
}

/** Nothing listens on the port and no process of the stack is left. */
export async function nothingLeft(stack: LeftoverQuery): Promise<{ pids: number[]; portFree: boolean }> {
  return { pids: leftovers(stack), portFree: await isPortFree(stack.port) };
}
