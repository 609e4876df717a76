import type { ApiErrorBody } from '@community/domain';

export type ApiIssue = NonNullable<ApiErrorBody['issues']>[number];

/**
 * A non-2xx answer of the API (`{ error, requestId, issues? }`, docs/api.md), or `status: 0` when the
 * server could not be reached. `message` is the body's `error`, written for people, so it can go straight
 * into a toast.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];
  /** From the answer's `Retry-After` (503 while the database is away, 429 over a limit), in ms. */
  readonly retryAfterMs: number | null;
  /**
   * The server's id for this request (the body's `requestId`, else the `X-Request-Id` header; see
   * `requestIdOf`), which its log line carries: the "Reference" a member gives the admin. Null when
   * the answer had none, or when the server was not reached (status 0).
   */
  readonly requestId: string | null;

  constructor(
    status: number,
    message: string,
    issues: ApiIssue[] = [],
    retryAfterMs: number | null = null,
    requestId: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.retryAfterMs = retryAfterMs;
    this.requestId = status === 0 ? null : requestId;
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
 * What a failure's toast or error card shows as "Reference: …": the request id of an answer of the
 * API (`ApiError.requestId`), or null (no answer, no id, not an API error).
 */
export const referenceOf = (error: unknown): string | null =>
  isApiError(error) && error.status !== 0 ? error.requestId : null;

/** An id the server may send (a `cf-ray` like `8f1c2a3b4d5e6f70-AMS`, a ULID, a UUID): opaque, bounded. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

const validRequestId = (value: unknown): string | null =>
  typeof value === 'string' && REQUEST_ID.test(value) ? value : null;

/**
 * The request id of an error answer: the body's `requestId` when it is a valid id, else the
 * `X-Request-Id` header's, else null. Anything else (too long, spaces, markup) is ignored: it is shown
 * to the member and copied into a message to the admin.
 */
export function requestIdOf(body: unknown, header: string | null | undefined): string | null {
  const fromBody =
    typeof body === 'object' && body !== null ? validRequestId((body as ApiErrorBody).requestId) : null;
  return fromBody ?? validRequestId(header?.trim());
}

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
  const requestId = requestIdOf(body, response.headers.get('x-request-id'));
  if (isErrorBody(body)) {
    const issues = Array.isArray(body.issues) ? body.issues : [];
    return new ApiError(response.status, body.error, issues, retryAfterOf(response), requestId);
  }
  return new ApiError(
    response.status,
    response.statusText || `Request failed (${response.status})`,
    [],
    retryAfterOf(response),
    requestId,
  );
}
