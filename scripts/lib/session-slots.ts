// At most `size` sessions at once, the rest wait in turn: what Neon's pooled endpoint (PgBouncer)
// does for the local gateway's WebSocket sessions, so a burst of transactions (500 RSVPs in 2 s)
// queues for Postgres' connections instead of being refused ("too many clients already").

export type SessionSlots = {
  /** Resolves with `release` once a slot is free; `abandon` signals the caller gave up waiting. */
  acquire(abandon: AbortSignal): Promise<() => void>;
  readonly inUse: number;
  readonly waiting: number;
};

export function sessionSlots(size: number): SessionSlots {
  let inUse = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    while (inUse < size && queue.length > 0) queue.shift()?.();
  };
  return {
    get inUse() {
      return inUse;
    },
    get waiting() {
      return queue.length;
    },
    acquire(abandon) {
      return new Promise((resolve, reject) => {
        if (abandon.aborted) return reject(abandon.reason);
        const grant = () => {
          abandon.removeEventListener('abort', giveUp);
          inUse++;
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            inUse--;
            next();
          });
        };
        const giveUp = () => {
          const at = queue.indexOf(grant);
          if (at >= 0) queue.splice(at, 1);
          reject(abandon.reason);
        };
        abandon.addEventListener('abort', giveUp, { once: true });
        queue.push(grant);
        next();
      });
    },
  };
}
