// `npm start` fires the Worker's Cron Triggers itself: Miniflare runs them only when asked. At the
// start of every minute, each cron due then (edge-api/src/crons.ts) is asked for with that minute as
// its scheduled time, as Cloudflare does, through Miniflare's /cdn-cgi/local/scheduled.
import { cronsDueAt } from '../../edge-api/src/crons.ts';

const MINUTE = 60_000;

/** Starts the ticking; the answer stops it. A failed run is logged and the next minute tries again. */
export function startLocalCron(url: string, log: (line: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    for (const cron of cronsDueAt(new Date(minute))) {
      const address = `${url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${minute}`;
      try {
        const response = await fetch(address);
        if (!response.ok) log(`cron "${cron}" answered ${response.status}`);
      } catch (error) {
        log(`cron "${cron}" failed: ${(error as Error).message}`);
      }
    }
    schedule();
  };
  const schedule = () => {
    // A second into the next minute, so the minute read above is that one.
    timer = setTimeout(tick, MINUTE - (Date.now() % MINUTE) + 1000);
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}
