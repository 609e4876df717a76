// The one HTTP client every app uses for `/api/*` (docs/api.md): same-origin cookies, JSON in and out,
// errors thrown as ApiError. A 401 triggers one refresh of the session (shared by all requests that hit
// it at the same time) and a retry; when the refresh fails the app is told the session is lost.
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
};

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

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let onSessionLost = options.onSessionLost;
  let refreshInFlight: Promise<boolean> | null = null;
  let lastLostRefresh: Promise<boolean> | null = null;

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

  /** One refresh at a time: concurrent 401s wait for the same attempt. */
  function refreshSession(): Promise<boolean> {
    refreshInFlight ??= send('POST', REFRESH_PATH, undefined, {})
      .then((response) => response.ok)
      .catch(() => false)
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  function reportSessionLost(attempt: Promise<boolean>) {
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
      const attempt = refreshSession();
      const refreshed = await attempt;
      if (refreshed) response = await send(method, path, body, requestOptions);
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
