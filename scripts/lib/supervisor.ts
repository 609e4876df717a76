// Keeps one process of the local stack running: when it exits unexpectedly, it is started again
// after a backoff (1 s, 2 s, 4 s … capped), with one log line per restart. A process that has run
// fine for a while starts the count again; after too many failed restarts in a row the supervisor
// gives up and says why, so `npm start` can stop everything instead of limping along.

export type Running = {
  pid: number;
  /** Resolves (with a short reason: "exit code 1", "signal SIGKILL") when the process has gone. */
  exited: Promise<string>;
  /** Stops it on purpose (no restart follows) and resolves once nothing of it is left. */
  stop(): Promise<void>;
};

export type RestartPolicy = {
  /** The first restart waits this long; each failure in a row doubles it. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Restarts in a row (without a healthy run between them) before giving up. */
  maxAttempts: number;
  /** A process that ran this long was healthy: its next exit starts from the first delay again. */
  healthyAfterMs: number;
};

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 1000,
  maxDelayMs: 10_000,
  maxAttempts: 5,
  healthyAfterMs: 30_000,
};

export type Supervised = {
  current(): Running | null;
  /**
   * From now on an exit is expected: no log line, no restart (a stop is under way; Ctrl-C in a
   * terminal signals Postgres itself too, before the stack gets to stop it).
   */
  halt(): void;
  /** Stops the process and any restart under way; no restart follows. */
  stop(): Promise<void>;
};

export type SuperviseOptions = {
  /** What is supervised, as the log line names it ("postgres", "wrangler"). */
  name: string;
  /** Starts the process again (same port, same settings); rejects when it could not. */
  restart(): Promise<Running>;
  /** After the process went and before it is started again: e.g. kill what it left behind. */
  cleanUp?(): Promise<void>;
  /** Called with each new process once it runs (state file, …). */
  onRestarted?(running: Running): void;
  log(line: string): void;
  /** Restarting failed `maxAttempts` times in a row: the caller stops everything. */
  onGiveUp(reason: string): void;
  policy?: Partial<RestartPolicy>;
};

export function supervise(first: Running, options: SuperviseOptions): Supervised {
  const policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
  let current: Running | null = first;
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let loop: Promise<void> = Promise.resolve();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const watch = async (running: Running) => {
    let startedAt = Date.now();
    let reason = `exited (${await running.exited})`;
    let failures = 0;
    while (!stopping) {
      current = null;
      // A process that ran fine for a while is not part of a crash loop.
      if (Date.now() - startedAt >= policy.healthyAfterMs) failures = 0;
      failures++;
      if (failures > policy.maxAttempts) {
        options.onGiveUp(
          `${options.name} could not be restarted: it failed ${policy.maxAttempts} times in a row (last: ${reason})`,
        );
        return;
      }
      const delay = Math.min(policy.initialDelayMs * 2 ** (failures - 1), policy.maxDelayMs);
      options.log(
        `${options.name} ${reason}; restarting it in ${delay / 1000} s (attempt ${failures} of ${policy.maxAttempts})`,
      );
      await options.cleanUp?.().catch(() => {});
      await sleep(delay);
      if (stopping) return;
      let next: Running;
      try {
        next = await options.restart();
      } catch (error) {
        reason = `did not start again (${firstLine(error)})`;
        startedAt = Date.now();
        continue;
      }
      if (stopping) {
        await next.stop();
        return;
      }
      current = next;
      options.onRestarted?.(next);
      startedAt = Date.now();
      reason = `exited (${await next.exited})`;
    }
  };
  loop = watch(first);

  const halt = () => {
    stopping = true;
    wakeUp?.();
  };
  return {
    current: () => current,
    halt,
    stop: async () => {
      halt();
      // A restart under way finishes starting and is then stopped by the loop itself.
      await current?.stop();
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, 90_000))]);
      await current?.stop();
    },
  };
}

/** The first line of an error, without its closing full stop (it goes inside parentheses). */
const firstLine = (error: unknown) =>
  ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error').replace(
    /\.$/,
    '',
  );
