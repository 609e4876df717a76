// While the API is unreachable, asks the readiness endpoint now and then whether it is back, so the
// app notices the return even when nothing else is sending (the banner goes away, the outbox flushes).
// The API client starts it on a network failure or a 503 and stops it on any other answer.

export type ProbeTimers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** 1 s, 2 s, 4 s, 8 s, then every 10 s until the server answers. */
export const PROBE_DELAYS_MS = [1000, 2000, 4000, 8000, 10_000] as const;

export type ReachabilityProbeOptions = {
  /** One question to the server: true when it is ready. Must not throw for "no". */
  check: () => Promise<boolean>;
  /** Called once per outage, when a check says the server is back. */
  onBack: () => void;
  delaysMs?: readonly number[];
  timers?: ProbeTimers;
};

const globalTimers: ProbeTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createReachabilityProbe(options: ReachabilityProbeOptions) {
  const delays = options.delaysMs ?? PROBE_DELAYS_MS;
  const timers = options.timers ?? globalTimers;
  let running = false;
  let attempt = 0;
  let timer: unknown = null;
  // Bumped by stop(), so a check still in flight from an earlier outage cannot report.
  let generation = 0;

  function schedule() {
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 10_000;
    attempt += 1;
    timer = timers.setTimeout(() => void probeOnce(), delay);
  }

  async function probeOnce() {
    timer = null;
    const mine = generation;
    let ready = false;
    try {
      ready = await options.check();
    } catch {
      ready = false;
    }
    if (mine !== generation || !running) return;
    if (ready) {
      stop();
      options.onBack();
    } else {
      schedule();
    }
  }

  /** Starts probing (no-op while already probing). */
  function start() {
    if (running) return;
    running = true;
    attempt = 0;
    schedule();
  }

  /** Stops probing (the server answered something else meanwhile). */
  function stop() {
    if (!running) return;
    running = false;
    generation += 1;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  return { start, stop, isRunning: () => running };
}

export type ReachabilityProbe = ReturnType<typeof createReachabilityProbe>;
