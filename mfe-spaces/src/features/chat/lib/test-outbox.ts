// For unit tests: an outbox in memory whose backoff pauses end at once, and whose "API is back" the test fires.
import { createOutbox, type OutboxKind } from '@community/api-client';

/** `values`: the storage of an earlier page, to play a reload. */
export function testOutbox(
  userId: string,
  kind: OutboxKind = 'chat',
  target = 'space-1',
  values = new Map<string, string>(),
) {
  const back = new Set<() => void>();
  const outbox = createOutbox({
    storage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    },
    setTimer: (run) => setTimeout(run, 0),
    onBack: (listener) => {
      back.add(listener);
      return () => back.delete(listener);
    },
  });
  outbox.setUser(userId);
  return {
    outbox,
    kind,
    target,
    /** What the browser would keep across a reload. */
    values,
    apiBack: () => {
      for (const listener of back) listener();
    },
  };
}
