// The composers' outbox: what a member wrote and sent but the server has not confirmed yet (a chat
// or direct message, a comment, a post), kept in localStorage so an outage, a closed tab or a reload
// loses nothing. One item per send, keyed by the `clientKey` the server already uses to make a send
// idempotent: every attempt of an item sends the same key, so however often an answer is lost, the
// server keeps one copy ("delivered exactly once").
//
// Rules (docs/product-decisions.md, Faults):
// - An item is stored before its first attempt (a reload mid-send finds it) and removed when the
//   server accepts it, or when the member discards it after a refusal.
// - A passing failure (network down or no answer in SEND_TIMEOUT_MS, 408, 429, 5xx: isPassingFailure)
//   keeps the item and tries again after a backoff of 1, 2, 4 … 30 s (±20 % jitter, so a room of
//   members does not come back in one burst), never sooner than the answer's Retry-After; when the
//   API is back (onApiBack) every waiting item goes at once. The item records when its next attempt
//   goes and whether it was a 429, so every view tells the same story ("Not sent yet — will retry in
//   5 s"), not a failure.
// - Any other answer (400, 403, 404, 413…) is the server's refusal of this item: it stays, marked with
//   the server's message, and is not sent again until the member asks (Retry) or discards it.
// - Items are stored per signed-in member (`community:outbox:<userId>`): another member in the same
//   browser never sees or sends them. Signing out (signOut) deletes the member's items; a session that
//   merely lapsed keeps them for when the same member signs in again.
// - Several tabs share the storage (each write reads it first, and `storage` events refresh the
//   others); two tabs may both send an item, which the server's clientKey makes harmless.
import { isApiError, isPassingFailure } from './api-error.ts';
import { onApiBack } from './connectivity.ts';

/** `chat-edit` / `dm-edit`: an edit of one's own message (target: the space or conversation id). */
export type OutboxKind = 'chat' | 'dm' | 'comment' | 'post' | 'chat-edit' | 'dm-edit';

export type OutboxItem<P = unknown> = {
  clientKey: string;
  kind: OutboxKind;
  /** What it is sent to: a space id (chat, post), the other member's id (dm), a post id (comment). */
  target: string;
  /** The request body, clientKey included. */
  payload: P;
  createdAt: string;
  /** Attempts that failed so far. */
  attempts: number;
  /** The server refused it (its message); null while it is only waiting. */
  refusal: string | null;
  /**
   * After a passing failure: when the next attempt goes (ISO time; absent on items stored before it
   * was kept), and whether the server said the member is going too fast (429), so the views can say
   * "will retry in N s" in words a member understands.
   */
  retryAt?: string | null;
  rateLimited?: boolean;
};

/** Accepted (the server's answer), refused (its message), or `gone`: discarded or confirmed elsewhere. */
export type OutboxResult<R> =
  | { ok: true; result: R }
  /** `cause`: the refusal itself (an ApiError with its issues, for a form's fields). */
  | { ok: false; error: string; cause?: unknown; gone?: true };

export type OutboxSender<R = unknown> = (item: OutboxItem) => Promise<R>;

export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type OutboxOptions = {
  storage?: OutboxStorage;
  now?: () => number;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** Subscribes to "the API is reachable again"; the page's connectivity store by default. */
  onBack?: (listener: () => void) => () => void;
};

export const OUTBOX_BACKOFF_BASE_MS = 1000;
export const OUTBOX_BACKOFF_MAX_MS = 30_000;
/**
 * How long one attempt of a send waits for its answer (the senders pass it as `timeoutMs`): well
 * past the server's own 5 s database deadline, after which the attempt counts as a passing failure
 * ("Not sent yet") and the item is sent again with the same key. Without it, a request that never
 * came back (seen once in CI while the database was frozen) left a message "Sending…" for good.
 */
export const SEND_TIMEOUT_MS = 15_000;
/** The request options of an outbox sender's call. */
export const SEND_OPTIONS = { timeoutMs: SEND_TIMEOUT_MS } as const;
const STORAGE_PREFIX = 'community:outbox:';

/** The pause before attempt `attempts + 1`: doubling from 1 s up to 30 s, ±20 %, at least Retry-After. */
export function outboxBackoff(attempts: number, retryAfterMs: number | null, random = Math.random): number {
  const base = Math.min(OUTBOX_BACKOFF_MAX_MS, OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  return Math.max(jittered, retryAfterMs ?? 0);
}

function memoryStorage(): OutboxStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function defaultStorage(): OutboxStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage disabled (privacy settings): the outbox still works for the life of the page.
  }
  return memoryStorage();
}

type Delivery = {
  promise: Promise<OutboxResult<unknown>>;
  /** Ends the current pause now. */
  wake: () => void;
};

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(options: OutboxOptions = {}) {
  const storage = options.storage ?? defaultStorage();
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const now = options.now ?? Date.now;
  let userId: string | null = null;
  const senders = new Map<OutboxKind, OutboxSender>();
  const deliveries = new Map<string, Delivery>();
  const listeners = new Set<() => void>();

  const keyOf = (user: string) => `${STORAGE_PREFIX}${user}`;

  // Nobody signed in (a page before its session is known, unit tests): items live in memory only.
  let unowned: OutboxItem[] = [];

  function read(): OutboxItem[] {
    if (!userId) return unowned;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(keyOf(userId)) ?? '[]');
      return Array.isArray(parsed) ? (parsed as OutboxItem[]) : [];
    } catch {
      return [];
    }
  }

  function write(items: OutboxItem[]) {
    if (!userId) {
      unowned = items;
      changed();
      return;
    }
    try {
      if (items.length === 0) storage.removeItem(keyOf(userId));
      else storage.setItem(keyOf(userId), JSON.stringify(items));
    } catch (error) {
      // Full or disabled storage: the item still goes out from memory, it only would not survive a reload.
      console.error('[outbox] storage', error);
    }
    changed();
  }

  function changed() {
    for (const listener of [...listeners]) listener();
  }

  function find(clientKey: string) {
    return read().find((item) => item.clientKey === clientKey);
  }

  function update(clientKey: string, patch: Partial<OutboxItem>) {
    write(read().map((item) => (item.clientKey === clientKey ? { ...item, ...patch } : item)));
  }

  function remove(clientKey: string) {
    const items = read();
    if (items.some((item) => item.clientKey === clientKey))
      write(items.filter((item) => item.clientKey !== clientKey));
    deliveries.get(clientKey)?.wake();
  }

  /**
   * Sends the item until the server accepts or refuses it. One delivery per item in this page: a
   * second call returns the first one's promise. `send` defaults to the kind's registered sender.
   */
  function deliver<R>(clientKey: string, send?: OutboxSender<R>): Promise<OutboxResult<R>> {
    const running = deliveries.get(clientKey);
    if (running) return running.promise as Promise<OutboxResult<R>>;
    let wake = () => {};
    const promise = (async (): Promise<OutboxResult<R>> => {
      for (;;) {
        const item = find(clientKey);
        if (!item) return { ok: false, error: 'Discarded', gone: true };
        const sender = (send ?? senders.get(item.kind)) as OutboxSender<R> | undefined;
        if (!sender) return { ok: false, error: 'No sender' };
        try {
          const result = await sender(item);
          remove(clientKey);
          return { ok: true, result };
        } catch (error) {
          if (!find(clientKey)) return { ok: false, error: 'Discarded', gone: true };
          if (!isPassingFailure(error)) {
            const message = isApiError(error) ? error.message : String(error);
            update(clientKey, { refusal: message, attempts: item.attempts + 1 });
            return { ok: false, error: message, cause: error };
          }
          const attempts = item.attempts + 1;
          const pause = outboxBackoff(attempts, isApiError(error) ? error.retryAfterMs : null, random);
          update(clientKey, {
            attempts,
            retryAt: new Date(now() + pause).toISOString(),
            rateLimited: isApiError(error) && error.status === 429,
          });
          await new Promise<void>((resolve) => {
            const timer = setTimer(resolve, pause);
            wake = () => {
              clearTimer(timer);
              resolve();
            };
          });
        }
      }
    })().finally(() => deliveries.delete(clientKey));
    deliveries.set(clientKey, { promise, wake: () => wake() });
    return promise;
  }

  const api = {
    /** The signed-in member whose items are shown and sent; null when nobody is signed in. */
    get userId() {
      return userId;
    },
    setUser(next: string | null) {
      if (next === userId) return;
      userId = next;
      unowned = [];
      // Another member's deliveries stop at their next step (their items are no longer found).
      for (const delivery of deliveries.values()) delivery.wake();
      changed();
      if (next) api.flush();
    },
    /** Stores an item before its first attempt; a known clientKey is left as it is. */
    add<P>(item: { clientKey: string; kind: OutboxKind; target: string; payload: P }): OutboxItem<P> {
      const existing = find(item.clientKey);
      if (existing) return existing as OutboxItem<P>;
      const stored: OutboxItem<P> = {
        ...item,
        createdAt: new Date(now()).toISOString(),
        attempts: 0,
        refusal: null,
      };
      write([...read(), stored]);
      return stored;
    },
    /** The items of one view (a space's chat, a post's comments…), oldest first. */
    list<P = unknown>(kind: OutboxKind, target?: string): OutboxItem<P>[] {
      return read().filter(
        (item) => item.kind === kind && (target === undefined || item.target === target),
      ) as OutboxItem<P>[];
    },
    get: find,
    /** Accepted (seen in a page or an event) or discarded: gone, and its delivery stops. */
    remove,
    deliver,
    /** After a refusal, the member's Retry: the item is sent again (same clientKey). */
    retry<R>(clientKey: string, send?: OutboxSender<R>): Promise<OutboxResult<R>> {
      update(clientKey, { refusal: null });
      return deliver(clientKey, send);
    },
    /** Whether this page is sending the item now (or waiting between attempts). */
    isDelivering: (clientKey: string) => deliveries.has(clientKey),
    /** How items of a kind are sent when no open view sends them (after a reload, when the API is back). */
    registerSender(kind: OutboxKind, send: OutboxSender) {
      senders.set(kind, send);
      api.flush();
    },
    /** Sends every waiting item now: those waiting out a backoff go at once, the rest start. */
    flush() {
      for (const delivery of deliveries.values()) delivery.wake();
      for (const item of read()) {
        if (item.refusal === null && senders.has(item.kind)) void deliver(item.clientKey);
      }
    },
    /** Deletes every item of a member (signing out). */
    clearUser(user: string) {
      try {
        storage.removeItem(keyOf(user));
      } catch {
        // Nothing stored.
      }
      if (user === userId) {
        for (const delivery of deliveries.values()) delivery.wake();
        changed();
      }
    },
    /** Forgets the member and the items kept in memory, and stops deliveries (unit tests, between files). */
    reset() {
      userId = null;
      unowned = [];
      for (const delivery of deliveries.values()) delivery.wake();
      changed();
    },
    /** Called on every change of the stored items (this tab's or, through `storage`, another's). */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };

  (options.onBack ?? onApiBack)(() => api.flush());
  if (typeof window !== 'undefined' && !options.storage) {
    window.addEventListener('storage', (event) => {
      if (userId && event.key === keyOf(userId)) changed();
    });
  }
  return api;
}
