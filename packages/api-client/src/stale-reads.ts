// The last good answer of each GET, kept per tab (sessionStorage) so that a page reloaded while the
// server is away can still show what the member last saw instead of an error card or the sign-in page
// (docs/product-decisions.md, "Faults"). The API client stores every 200 JSON answer of a GET it may
// serve stale (`mayServeStale`) and hands it back only when the same GET later fails because the
// server is away (network failure, 502, 503, 504): any other error is the server's real answer and
// goes through.
//
// Bounded: an answer larger than `maxEntryChars` is not kept (and drops the older one of that path),
// all answers together stay under `maxTotalChars` (the oldest saved go first), and one older than
// `maxAgeMs` is never served. Owned by one user: `claim(userId)` forgets everything when another user
// signs in, `clear()` on sign-out.

/** The part of the Web Storage API used; a Map-backed fake in tests. */
export type StaleReadStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type StaleReadLimits = {
  /** Answers longer than this (in characters, ~bytes of JSON) are not kept. */
  maxEntryChars: number;
  /** All kept answers together; the oldest saved are evicted first. */
  maxTotalChars: number;
  /** An answer older than this is not served any more. */
  maxAgeMs: number;
};

export const DEFAULT_STALE_READ_LIMITS: StaleReadLimits = {
  maxEntryChars: 256 * 1024,
  maxTotalChars: 2 * 1024 * 1024,
  maxAgeMs: 12 * 60 * 60 * 1000,
};

// Never served stale, with why:
// - /api/auth/*: the session's own answers. The session store keeps who is signed in itself (without
//   the access token) and decides what a failed probe means; refresh, sign-in and sign-out are writes.
// - /api/health*: the reachability probe must hear the truth.
// - /api/realtime/*: socket tickets are single-use and short-lived (and POSTs anyway).
// - /api/aws-s3/url: a signed file address that expires after 15 minutes; /api/files/*: the files
//   themselves (not JSON, and behind an expiring signature).
// - /api/events/calendar-feed and *.ics: a secret feed address and calendars, not screens.
// - /api/internal/*: the realtime worker's calls, never a browser's.
const NEVER_STALE = [
  '/api/auth/',
  '/api/health',
  '/api/realtime/',
  '/api/aws-s3/',
  '/api/files/',
  '/api/events/calendar-feed',
  '/api/internal/',
];

/** Whether a GET of `path` (with its query) may be kept and served while the server is away. */
export function mayServeStale(path: string): boolean {
  if (!path.startsWith('/api/')) return false;
  const pathname = path.split('?')[0] ?? path;
  if (pathname.endsWith('.ics')) return false;
  return !NEVER_STALE.some((prefix) => pathname.startsWith(prefix));
}

const PREFIX = 'community:stale-read:';
const INDEX_KEY = `${PREFIX}index`;
const OWNER_KEY = `${PREFIX}owner`;
const entryKey = (path: string) => `${PREFIX}entry:${path}`;

/** One kept answer, oldest saved first in the index; a pinned one is never evicted for room. */
type IndexEntry = { path: string; chars: number; savedAt: number; pinned?: boolean };

export type StaleReads = {
  /**
   * Keeps `body` (a JSON text) as the last good answer of GET `path`. `pinned` answers (who is signed
   * in) are not evicted to make room for others, however old they are.
   */
  remember(path: string, body: string, options?: { pinned?: boolean }): void;
  /** The last good answer of GET `path`, if one is kept and young enough. */
  recall(path: string): string | null;
  /** Forgets everything unless `userId` is the user the kept answers belong to. */
  claim(userId: string): void;
  /** Forgets everything (sign-out). */
  clear(): void;
  /** Characters kept, for tests and diagnostics. */
  size(): number;
};

export type StaleReadsOptions = {
  storage: StaleReadStorage;
  limits?: Partial<StaleReadLimits>;
  now?: () => number;
};

export function createStaleReads(options: StaleReadsOptions): StaleReads {
  const { storage } = options;
  const limits = { ...DEFAULT_STALE_READ_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  let index: IndexEntry[] | null = null;

  function loadIndex(): IndexEntry[] {
    if (index) return index;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]');
      index = Array.isArray(parsed) ? (parsed as IndexEntry[]) : [];
    } catch {
      index = [];
    }
    return index;
  }

  function saveIndex(entries: IndexEntry[]) {
    index = entries;
    try {
      storage.setItem(INDEX_KEY, JSON.stringify(entries));
    } catch {
      // Storage full or denied: the in-memory index still serves this page.
    }
  }

  function drop(path: string) {
    storage.removeItem(entryKey(path));
    saveIndex(loadIndex().filter((entry) => entry.path !== path));
  }

  function remember(path: string, body: string, options: { pinned?: boolean } = {}) {
    if (body.length > limits.maxEntryChars) {
      // Too large to keep; the older answer of this path would now be misleading.
      if (loadIndex().some((entry) => entry.path === path)) drop(path);
      return;
    }
    const entries = loadIndex().filter((entry) => entry.path !== path);
    entries.push({ path, chars: body.length, savedAt: now(), ...(options.pinned ? { pinned: true } : {}) });
    let total = entries.reduce((sum, entry) => sum + entry.chars, 0);
    while (total > limits.maxTotalChars) {
      const oldest = entries.findIndex((entry) => !entry.pinned && entry.path !== path);
      if (oldest === -1) break;
      const [evicted] = entries.splice(oldest, 1) as [IndexEntry];
      storage.removeItem(entryKey(evicted.path));
      total -= evicted.chars;
    }
    try {
      storage.setItem(entryKey(path), body);
    } catch {
      // The browser's quota is smaller than ours (or storage is off): keep nothing for this path.
      storage.removeItem(entryKey(path));
      saveIndex(entries.filter((entry) => entry.path !== path));
      return;
    }
    saveIndex(entries);
  }

  function recall(path: string): string | null {
    const entry = loadIndex().find((candidate) => candidate.path === path);
    if (!entry) return null;
    if (now() - entry.savedAt > limits.maxAgeMs) {
      drop(path);
      return null;
    }
    return storage.getItem(entryKey(path));
  }

  function clear() {
    for (const entry of loadIndex()) storage.removeItem(entryKey(entry.path));
    storage.removeItem(INDEX_KEY);
    storage.removeItem(OWNER_KEY);
    index = [];
  }

  function claim(userId: string) {
    if (storage.getItem(OWNER_KEY) === userId) return;
    clear();
    try {
      storage.setItem(OWNER_KEY, userId);
    } catch {
      // Without an owner the next claim clears again, which is the safe side.
    }
  }

  const size = () => loadIndex().reduce((sum, entry) => sum + entry.chars, 0);

  return { remember, recall, claim, clear, size };
}

/** The tab's sessionStorage, or null where there is none (Node, storage disabled by the browser). */
export function tabStorage(): StaleReadStorage | null {
  try {
    const storage = (globalThis as { sessionStorage?: Storage }).sessionStorage;
    return storage ?? null;
  } catch {
    // Reading sessionStorage throws when the browser blocks storage for this site.
    return null;
  }
}
