// CPU time of the processes a benchmark started, read from /proc (Linux): the bench process itself
// (its clients, and the local database gateway the stack runs in it) apart from the workerd
// processes of each stack and from Postgres, so a fan-out's server cost is not confused with its
// clients' on the same cores.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

type ProcessInfo = { pid: number; ppid: number; name: string; cpuMs: number };

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may contain spaces: the fields after it are space-separated.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
    return { pid, ppid: Number(fields[1]), name, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // exited meanwhile
  }
}

function allProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .filter((info): info is ProcessInfo => info !== null);
}

/** Every process below `root` (children, their children, ...). */
export function descendants(root: number): ProcessInfo[] {
  const all = allProcesses();
  const found: ProcessInfo[] = [];
  let frontier = new Set([root]);
  while (frontier.size > 0) {
    const next = all.filter((info) => frontier.has(info.ppid));
    found.push(...next);
    frontier = new Set(next.map((info) => info.pid));
  }
  return found;
}

/** CPU milliseconds so far of the given processes (those still running). */
export function cpuMsOf(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (readProcess(pid)?.cpuMs ?? 0), 0);
}

/** The workerd processes started by the process `hostPid` (a Workers host, scripts/lib/workers-host.ts). */
export function workerdUnder(hostPid: number): number[] {
  return descendants(hostPid)
    .filter((info) => info.name === 'workerd')
    .map((info) => info.pid);
}

/**
 * The workerd processes below this process that are not below any of `exclude` (another stack's
 * Workers host): with one stack and one reference, the stack's ones.
 */
export function workerdOfThisProcess(exclude: number[] = []): number[] {
  const excluded = new Set(exclude.flatMap((pid) => descendants(pid).map((info) => info.pid)));
  return descendants(process.pid)
    .filter((info) => info.name === 'workerd' && !excluded.has(info.pid))
    .map((info) => info.pid);
}

/** Postgres processes below this process (the embedded database). */
export function postgresOfThisProcess(): number[] {
  return descendants(process.pid)
    .filter((info) => info.name === 'postgres')
    .map((info) => info.pid);
}

/** CPU of this very process (all its threads), in ms. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Measures CPU ms spent by each group between start() and stop(). */
export function cpuMeter(groups: Record<string, () => number[]>) {
  const pids = Object.fromEntries(Object.entries(groups).map(([name, find]) => [name, find()]));
  let before: Record<string, number> = {};
  let ownBefore = 0;
  let startedAt = 0;
  return {
    pids,
    start() {
      before = Object.fromEntries(Object.entries(pids).map(([name, list]) => [name, cpuMsOf(list)]));
      ownBefore = ownCpuMs();
      startedAt = performance.now();
    },
    /** CPU ms per group, `bench` for this process, and the wall time in ms. */
    stop(): Record<string, number> {
      const result: Record<string, number> = {};
      for (const [name, list] of Object.entries(pids)) result[name] = cpuMsOf(list) - (before[name] ?? 0);
      result.bench = ownCpuMs() - ownBefore;
      result.wallMs = performance.now() - startedAt;
      return result;
    },
  };
}

/** Resident memory of the given processes, in MiB. */
export async function memoryMiB(pids: number[]): Promise<number> {
  let kib = 0;
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    kib += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  }
  return Math.round(kib / 1024);
}

/** Open file descriptors of the given processes (sockets and files alike). */
export function openFiles(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      return sum; // exited meanwhile
    }
  }, 0);
}

/** A process's limit on open file descriptors (its soft RLIMIT_NOFILE), or null if unknown. */
export function openFilesLimit(pid: number): number | null {
  try {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    const soft = limits.match(/^Max open files\s+(\d+)/m)?.[1];
    return soft ? Number(soft) : null;
  } catch {
    return null;
  }
}
