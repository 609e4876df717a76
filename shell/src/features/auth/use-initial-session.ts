// The session probe at page load (session.ts `loadSession`). When the server is away (a passing
// failure: no answer, 5xx, 429) and this tab keeps no earlier answer, the page waits calmly and asks
// again by itself: as soon as the API is back (connectivity's onApiBack, from the API client's
// readiness probe) and on a backoff of its own (2, 4, 8, then every 15 s) in case nothing else
// notices. Any other failure is shown with a Retry button, with the request's reference when it had one.
import { isPassingFailure, loadSession, onApiBack, referenceOf } from '@community/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';

export const BOOT_RETRY_DELAYS_MS = [2000, 4000, 8000, 15_000] as const;

type Outcome = 'loading' | 'done' | 'waiting' | 'failed';

export function useInitialSession(load: () => Promise<unknown> = loadSession) {
  const [outcome, setOutcome] = useState<Outcome>('loading');
  const [reference, setReference] = useState<string | null>(null);
  const inFlight = useRef(false);
  const attempts = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const run = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    clearTimer();
    load()
      .then(
        () => {
          attempts.current = 0;
          setOutcome('done');
        },
        (error: unknown) => {
          console.error('[shell] session', error);
          if (!isPassingFailure(error)) {
            setReference(referenceOf(error));
            setOutcome('failed');
            return;
          }
          setOutcome('waiting');
          const delay = BOOT_RETRY_DELAYS_MS[Math.min(attempts.current, BOOT_RETRY_DELAYS_MS.length - 1)];
          attempts.current += 1;
          timer.current = setTimeout(run, delay);
        },
      )
      .finally(() => {
        inFlight.current = false;
      });
  }, [load, clearTimer]);

  useEffect(() => {
    run();
    return clearTimer;
  }, [run, clearTimer]);
  useEffect(() => (outcome === 'waiting' ? onApiBack(run) : undefined), [outcome, run]);

  const retry = useCallback(() => {
    attempts.current = 0;
    setOutcome('loading');
    run();
  }, [run]);

  return {
    waiting: outcome === 'waiting',
    failed: outcome === 'failed',
    /** The failed request's id (`referenceOf`), shown on the "Unable to reach the community" card. */
    reference: outcome === 'failed' ? reference : null,
    retry,
  };
}
