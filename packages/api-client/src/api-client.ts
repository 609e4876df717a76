// The one HTTP client every app uses for `/api/*` (docs/api.md): same-origin cookies, JSON in and out,
// errors thrown as ApiError. A 401 triggers one refresh of the session (shared by all requests that hit
// it at the same time) and a retry; when the refresh fails the app is told the session is lost.
//
// The server treats a refresh token that comes back after it was rotated as stolen and ends the
// session (docs/decisions/0005-sessions.md). Every tab shares the cookie jar, so two tabs refreshing
// at once would send the same token twice: a Web Lock makes refreshes take turns across tabs, and a
// tab that had to wait retries its request first (the other tab's new cookies are its own too).
//
// Faults (docs/product-decisions.md, "Faults"): every answer tells the connectivity store whether the
// server is there (a network failure, 502, 503 or 504 means away; anything else means back), and while
// it is away a probe of `GET /api/health/ready` notices its return. A GET that fails because the
// server is away answers its last good answer instead, when one is kept (stale-reads.ts). A refresh
// that fails because the server is away is not a lost session: the request fails as "away" instead.
import { SERVICE_UNAVAILABLE } from '@community/domain';
import { ApiError, apiErrorFrom } from './api-error.ts';
import { reportApiReachable, reportApiUnreachable } from './connectivity.ts';
import { createReachabilityProbe, type ProbeTimers } from './reachability-probe.ts';
import { createStaleReads, mayServeStale, type StaleReads, tabStorage } from './stale-reads.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  signal?: AbortSignal | undefined;
  /**
   * Gives up on an answer after this long, as if the network had failed (status 0, a passing
   * failure). For the composers' sends (SEND_TIMEOUT_MS), which the outbox sends again with the
   * same `clientKey`: a request that hangs (a network that swallows it, a stuck connection) turns
   * into "Not sent yet" and a retry instead of "Sending…" for good.
   */
  timeoutMs?: number | undefined;
  /** Lets the request outlive the page (presence on `pagehide`). */
  keepalive?: boolean | undefined;
  /**
   * Whether a failed refresh calls `onSessionLost`. Off for the session probe at start-up, where
   * "not signed in" is an answer, not an accident.
   */
  reportSessionLost?: boolean | undefined;
};

export type ApiClientOptions = {
  /** Prefix for every path; empty means the page's own origin. */
  baseUrl?: string;
  /** Injected in tests; defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  onSessionLost?: () => void;
  /** Serialises refreshes across tabs; defaults to `navigator.locks` (null: no cross-tab lock). */
  locks?: RefreshLocks | null;
  /** Where answers report reachability; the page's connectivity store by default (null: nowhere). */
  connectivity?: ConnectivityReporter | null;
  /** Timers of the reachability probe; injected in tests. */
  timers?: ProbeTimers;
  /** Last good GET answers; the tab's sessionStorage by default (null: none kept). */
  staleReads?: StaleReads | null;
};

/** What the client tells about the server's being there (connectivity.ts by default). */
export type ConnectivityReporter = { reachable(): void; unreachable(): void };

const pageConnectivity: ConnectivityReporter = {
  reachable: reportApiReachable,
  unreachable: reportApiUnreachable,
};

/** The readiness endpoint the probe asks while the API is away (edge-api routes/health.ts). */
export const READY_PATH = '/api/health/ready';
/** Liveness, the probe's fallback for a server without the readiness endpoint (404). */
export const LIVE_PATH = '/api/health';
const PROBE_TIMEOUT_MS = 5000;

/**
 * The server is not there, as opposed to answering: no answer at all (0), or a gateway or the server
 * itself saying it cannot serve now (502, 503 while the database is away, 504).
 */
export function isServerAway(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/** The part of the Web Locks API (`navigator.locks`) the refresh uses; injected in tests. */
export type RefreshLocks = {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
};

/** The Web Lock every tab of this origin takes to refresh the session. */
export const REFRESH_LOCK = 'community-session-refresh';

/**
 * `refreshed`: new cookies; `waited`: another tab refreshed meanwhile, retry first; `failed`: signed
 * out; `away`: the server could not answer (network, 503): the session may well still be valid.
 */
type RefreshOutcome = 'refreshed' | 'waited' | 'failed' | 'away';

export const REFRESH_PATH = '/api/auth/refresh';

// A 401 from these means "wrong credentials" or "no session", never "access token expired".
const PATHS_WITHOUT_REFRESH = [
  '/api/auth/login',
  REFRESH_PATH,
  '/api/auth/sign-out',
  '/api/auth/accept-invite',
];

export type QueryValue = string | number | boolean | null | undefined;

/** `withQuery('/api/events', { when: 'past', cursor: undefined })` → `/api/events?when=past`. */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** A refresh the server could not answer: the request fails as "away", the session stays. */
function serverAway(): ApiError {
  return new ApiError(503, SERVICE_UNAVAILABLE);
}

function defaultStaleReads(): StaleReads | null {
  const storage = tabStorage();
  return storage ? createStaleReads({ storage }) : null;
}

function defaultLocks(): RefreshLocks | null {
  const navigatorLocks = (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator?.locks;
  return navigatorLocks ?? null;
}

/**
 * The caller's signal, with the request's own timeout added. A timeout's abort is a `TimeoutError`,
 * not an `AbortError`, so `send` reports it as a network failure, not as the caller's cancel. A
 * browser without `AbortSignal.any` (before 2024) keeps the caller's signal alone; the composers'
 * sends pass none, so they always get the timeout.
 */
function signalOf({ signal, timeoutMs }: RequestOptions): AbortSignal | undefined {
  if (timeoutMs === undefined || typeof AbortSignal.timeout !== 'function') return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let onSessionLost = options.onSessionLost;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  let refreshInFlight: Promise<RefreshOutcome> | null = null;
  let lastLostRefresh: Promise<RefreshOutcome> | null = null;
  const reporter = options.connectivity === undefined ? pageConnectivity : options.connectivity;
  const staleReads = options.staleReads === undefined ? defaultStaleReads() : options.staleReads;
  const probe = createReachabilityProbe({
    check: isReady,
    onBack: () => reporter?.reachable(),
    ...(options.timers ? { timers: options.timers } : {}),
  });

  /** Readiness: 200, or a 503 saying the database is fine (only realtime away: the API serves). */
  async function isReady(): Promise<boolean> {
    const signal =
      typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(PROBE_TIMEOUT_MS) : undefined;
    const init: RequestInit = { headers: { accept: 'application/json' }, cache: 'no-store', signal };
    let response = await fetchImpl(`${baseUrl}${READY_PATH}`, init);
    if (response.status === 404) response = await fetchImpl(`${baseUrl}${LIVE_PATH}`, init);
    if (response.ok) return true;
    const body = (await response.json().catch(() => null)) as { database?: string } | null;
    return response.status === 503 && body?.database === 'ok';
  }

  function noteAnswer(status: number) {
    if (!reporter) return;
    if (isServerAway(status)) {
      reporter.unreachable();
      probe.start();
    } else {
      probe.stop();
      reporter.reachable();
    }
  }

  async function send(method: HttpMethod, path: string, body: unknown, requestOptions: RequestOptions) {
    const headers: Record<string, string> = { accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: payload,
        credentials: 'include',
        signal: signalOf(requestOptions),
        keepalive: requestOptions.keepalive,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      noteAnswer(0);
      throw new ApiError(0, 'Unable to reach the server. Check your connection and try again.');
    }
    noteAnswer(response.status);
    return response;
  }

  async function postRefresh(): Promise<RefreshOutcome> {
    const response = await send('POST', REFRESH_PATH, undefined, {});
    if (response.ok) return 'refreshed';
    return isServerAway(response.status) ? 'away' : 'failed';
  }

  /** Refreshes while holding the cross-tab lock; if another tab holds it, waits for it instead. */
  async function refreshAcrossTabs(): Promise<RefreshOutcome> {
    if (!locks) return postRefresh();
    const outcome = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) =>
      lock ? postRefresh() : ('busy' as const),
    );
    if (outcome !== 'busy') return outcome;
    // Another tab is refreshing this very cookie: sending it too would look like a stolen token.
    await locks.request(REFRESH_LOCK, async () => undefined);
    return 'waited';
  }

  /** One refresh at a time per tab: concurrent 401s wait for the same attempt. */
  function refreshOnce(): Promise<RefreshOutcome> {
    refreshInFlight ??= refreshAcrossTabs()
      .catch(
        (error: unknown): RefreshOutcome =>
          error instanceof ApiError && error.status === 0 ? 'away' : 'failed',
      )
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  /** For callers with their own retry (uploads with progress): true when retrying may now succeed. */
  async function refreshSession(): Promise<boolean> {
    const outcome = await refreshOnce();
    return outcome === 'refreshed' || outcome === 'waited';
  }

  function reportSessionLost(attempt: Promise<RefreshOutcome>) {
    // Several requests can fail on the same refresh attempt; the app hears about it once.
    if (lastLostRefresh === attempt) return;
    lastLostRefresh = attempt;
    onSessionLost?.();
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    body?: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const keepsAnswers = method === 'GET' && staleReads !== null && mayServeStale(path);
    if (!keepsAnswers) return (await answer(method, path, body, requestOptions)).value as T;
    try {
      const { value, text } = await answer(method, path, body, requestOptions);
      if (text !== null) staleReads.remember(path, text);
      return value as T;
    } catch (error) {
      // Only "the server is away" falls back: any other error is the server's answer to this GET.
      if (!(error instanceof ApiError) || !isServerAway(error.status)) throw error;
      const kept = staleReads.recall(path);
      if (kept === null) throw error;
      return JSON.parse(kept) as T;
    }
  }

  /** One request with its refresh; `text` is the JSON text of a 200 answer (what may be kept). */
  async function answer(
    method: HttpMethod,
    path: string,
    body: unknown,
    requestOptions: RequestOptions,
  ): Promise<{ value: unknown; text: string | null }> {
    let response = await send(method, path, body, requestOptions);
    const mayRefresh = !PATHS_WITHOUT_REFRESH.some((prefix) => path.startsWith(prefix));
    if (response.status === 401 && mayRefresh) {
      let attempt = refreshOnce();
      let outcome = await attempt;
      if (outcome === 'away') throw serverAway();
      if (outcome !== 'failed') response = await send(method, path, body, requestOptions);
      if (response.status === 401 && outcome === 'waited') {
        // The other tab's refresh did not sign us back in (it failed, or came too early): our turn.
        attempt = refreshOnce();
        outcome = await attempt;
        if (outcome === 'away') throw serverAway();
        if (outcome !== 'failed') response = await send(method, path, body, requestOptions);
      }
      if (response.status === 401 && requestOptions.reportSessionLost !== false) reportSessionLost(attempt);
    }
    if (!response.ok) throw await apiErrorFrom(response);
    if (response.status === 204 || response.headers.get('content-length') === '0') {
      return { value: undefined, text: null };
    }
    const text = await response.text();
    if (!text) return { value: undefined, text: null };
    const value: unknown = JSON.parse(text);
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return { value, text: response.status === 200 && isJson ? text : null };
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('DELETE', path, body, options),
    refreshSession,
    /** Last good GET answers (null when none are kept); the session store claims and clears them. */
    staleReads,
    /** Ends a probe running after an outage (unit tests, between files that share one page). */
    stopReachabilityProbe: () => probe.stop(),
    /** The shell points this at its sign-out route. */
    setSessionLostHandler(handler: (() => void) | undefined) {
      onSessionLost = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
