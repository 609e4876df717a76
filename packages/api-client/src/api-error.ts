import type { ApiErrorBody } from '@community/domain';

export type ApiIssue = NonNullable<ApiErrorBody['issues']>[number];

/**
 * A non-2xx answer of the API (`{ error, issues? }`, docs/api.md), or `status: 0` when the server could not
 * be reached. `message` is the body's `error`, written for people, so it can go straight into a toast.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];

  constructor(status: number, message: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
  }

  /** The first issue's message per field path, for showing server-side validation next to inputs. */
  fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const issue of this.issues) errors[issue.path] ??= issue.message;
    return errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

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
    return new ApiError(response.status, body.error, issues);
  }
  return new ApiError(response.status, response.statusText || `Request failed (${response.status})`);
}
