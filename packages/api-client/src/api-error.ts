import type { ApiErrorBody } from '@community/domain';

export type ApiIssue = NonNullable<ApiErrorBody['issues']>[number];

/**
 * A non-2xx answer of the API (`{ error, issues? }`, docs/api.md), or `status: 0` when the server could not
 * be reached. `message` is the body's `error`, written for people, so it can go straight into a toast.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];
  /** From the answer's `Retry-After` (503 while the database is away, 429 over a limit), in ms. */
  readonly retryAfterMs: number | null;

  constructor(status: number, message: string, issues: ApiIssue[] = [], retryAfterMs: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.retryAfterMs = retryAfterMs;
  }

  /** The first issue's message per field path, for showing server-side validation next to inputs. */
  fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const issue of this.issues) errors[issue.path] ??= issue.message;
    return errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * A realtime ticket refused because the member may no longer be in this room (403: kicked, blocked,
 * the space made private; 404: the space or conversation is gone): its socket stops for good.
 */
export const isNoLongerAdmitted = (error: unknown): error is ApiError =>
  isApiError(error) && (error.status === 403 || error.status === 404);

/**
 * A failure that passes by itself, worth sending the same request again later: the server could
 * not be reached (0), timed out (408), was over a limit (429) or away (5xx, e.g. 503 while the
 * database is down). Anything else is the server's answer to this request and will not change.
 */
export const isPassingFailure = (error: unknown): boolean =>
  !isApiError(error) ||
  error.status === 0 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

/** `Retry-After` in seconds (the form our API sends) or as an HTTP date, in milliseconds. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).error === 'string';
}

/** Reads the API's error body; falls back to the status text for answers that are not ours (a proxy's 502). */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: keep the fallback message below.
  }
  if (isErrorBody(body)) {
    const issues = Array.isArray(body.issues) ? body.issues : [];
    return new ApiError(response.status, body.error, issues, retryAfterOf(response));
  }
  return new ApiError(
    response.status,
    response.statusText || `Request failed (${response.status})`,
    [],
    retryAfterOf(response),
  );
}
