// The one HTTP client every app uses for `/api/*` (docs/api.md): same-origin cookies, JSON in and out,
// errors thrown as ApiError. A 401 triggers one refresh of the session (shared by all requests that hit
// it at the same time) and a retry; when the refresh fails the app is told the session is lost.
//
// The server treats a refresh token that comes back after it was rotated as stolen and ends the
// session (docs/decisions/0005-sessions.md). Every tab shares the cookie jar, so two tabs refreshing
// at once would send the same token twice: a Web Lock makes refreshes take turns across tabs, and a
// tab that had to wait retries its request first (the other tab's new cookies are its own too).
import { ApiError, apiErrorFrom } from './api-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  signal?: AbortSignal | undefined;
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
};

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

/** `refreshed`: new cookies; `waited`: another tab refreshed meanwhile, retry first; `failed`: signed out. */
type RefreshOutcome = 'refreshed' | 'waited' | 'failed';

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

function defaultLocks(): RefreshLocks | null {
  const navigatorLocks = (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator?.locks;
  return navigatorLocks ?? null;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let onSessionLost = options.onSessionLost;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  let refreshInFlight: Promise<RefreshOutcome> | null = null;
  let lastLostRefresh: Promise<RefreshOutcome> | null = null;

  async function send(method: HttpMethod, path: string, body: unknown, requestOptions: RequestOptions) {
    const headers: Record<string, string> = { accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    try {
      return await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: payload,
        credentials: 'include',
        signal: requestOptions.signal,
        keepalive: requestOptions.keepalive,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'Unable to reach the server. Check your connection and try again.');
    }
  }

  async function postRefresh(): Promise<RefreshOutcome> {
    const response = await send('POST', REFRESH_PATH, undefined, {});
    return response.ok ? 'refreshed' : 'failed';
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
      .catch((): RefreshOutcome => 'failed')
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  /** For callers with their own retry (uploads with progress): true when retrying may now succeed. */
  async function refreshSession(): Promise<boolean> {
    return (await refreshOnce()) !== 'failed';
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
  ) {
    let response = await send(method, path, body, requestOptions);
    const mayRefresh = !PATHS_WITHOUT_REFRESH.some((prefix) => path.startsWith(prefix));
    if (response.status === 401 && mayRefresh) {
      let attempt = refreshOnce();
      let outcome = await attempt;
      if (outcome !== 'failed') response = await send(method, path, body, requestOptions);
      if (response.status === 401 && outcome === 'waited') {
        // The other tab's refresh did not sign us back in (it failed, or came too early): our turn.
        attempt = refreshOnce();
        outcome = await attempt;
        if (outcome !== 'failed') response = await send(method, path, body, requestOptions);
      }
      if (response.status === 401 && requestOptions.reportSessionLost !== false) reportSessionLost(attempt);
    }
    if (!response.ok) throw await apiErrorFrom(response);
    if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
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
    /** The shell points this at its sign-out route. */
    setSessionLostHandler(handler: (() => void) | undefined) {
      onSessionLost = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
