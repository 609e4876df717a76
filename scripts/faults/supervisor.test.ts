// The supervisor's rules on stand-in processes (the fault suite next to it does it for real):
// backoff doubling up to its cap, one log line per restart, a healthy run starting the count
// again, giving up after too many failed restarts in a row, and no restart after stop().
import { describe, expect, it } from 'vitest';
import { type Running, supervise } from '../lib/supervisor.ts';

const policy = { initialDelayMs: 20, maxDelayMs: 80, maxAttempts: 4, healthyAfterMs: 300 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in process: exits when told to, or on stop(). */
function fakeProcess(pid: number) {
  let exit!: (reason: string) => void;
  const exited = new Promise<string>((resolve) => {
    exit = resolve;
  });
  let stopped = false;
  const running: Running = {
    pid,
    exited,
    stop: async () => {
      stopped = true;
      exit('stopped');
    },
  };
  return { running, crash: (reason = 'signal SIGKILL') => exit(reason), stopped: () => stopped };
}

describe('supervise', () => {
  it('restarts a process that exits, once per exit, with one log line each', async () => {
    const first = fakeProcess(1);
    const started: ReturnType<typeof fakeProcess>[] = [];
    const log: string[] = [];
    const supervised = supervise(first.running, {
      name: 'postgres',
      restart: async () => {
        const next = fakeProcess(2 + started.length);
        started.push(next);
        return next.running;
      },
      log: (line) => log.push(line),
      onGiveUp: () => {},
      policy,
    });
    first.crash();
    await expect.poll(() => supervised.current()?.pid).toBe(2);
    expect(log).toEqual(['postgres exited (signal SIGKILL); restarting it in 0.02 s (attempt 1 of 4)']);
    await supervised.stop();
    expect(started[0]!.stopped()).toBe(true);
  });

  it('doubles the wait for each failure in a row, capped, and gives up after the last attempt', async () => {
    const first = fakeProcess(1);
    const log: string[] = [];
    let gaveUp: string | null = null;
    const attempts: number[] = [];
    supervise(first.running, {
      name: 'workers',
      restart: async () => {
        attempts.push(Date.now());
        throw new Error('port 8787 is still in use\nmore detail');
      },
      log: (line) => log.push(line),
      onGiveUp: (reason) => {
        gaveUp = reason;
      },
      policy,
    });
    first.crash('exit code 1');
    await expect.poll(() => gaveUp, { timeout: 2000 }).not.toBeNull();
    expect(log.map((line) => line.match(/in ([\d.]+) s/)?.[1])).toEqual(['0.02', '0.04', '0.08', '0.08']);
    expect(attempts).toHaveLength(4);
    expect(gaveUp).toBe(
      'workers could not be restarted: it failed 4 times in a row (last: did not start again (port 8787 is still in use))',
    );
  });

  it('starts the count again after a healthy run', async () => {
    const processes = [fakeProcess(1)];
    const log: string[] = [];
    const supervised = supervise(processes[0]!.running, {
      name: 'postgres',
      restart: async () => {
        const next = fakeProcess(processes.length + 1);
        processes.push(next);
        return next.running;
      },
      log: (line) => log.push(line),
      onGiveUp: () => {},
      policy,
    });
    processes[0]!.crash();
    await expect.poll(() => supervised.current()?.pid).toBe(2);
    processes[1]!.crash(); // at once: a crash loop, the wait doubles
    await expect.poll(() => supervised.current()?.pid).toBe(3);
    await sleep(policy.healthyAfterMs + 50);
    processes[2]!.crash(); // after a healthy run: the first wait again
    await expect.poll(() => supervised.current()?.pid).toBe(4);
    expect(log.map((line) => line.match(/attempt (\d)/)?.[1])).toEqual(['1', '2', '1']);
    await supervised.stop();
  });

  it('does not restart what it was told to stop, even during a backoff', async () => {
    const first = fakeProcess(1);
    let restarts = 0;
    const supervised = supervise(first.running, {
      name: 'postgres',
      restart: async () => {
        restarts++;
        return fakeProcess(2).running;
      },
      log: () => {},
      onGiveUp: () => {},
      policy: { ...policy, initialDelayMs: 200 },
    });
    first.crash();
    await sleep(20);
    await supervised.stop();
    await sleep(300);
    expect(restarts).toBe(0);
    expect(supervised.current()).toBeNull();
  });
});
