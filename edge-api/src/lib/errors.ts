// Every non-2xx answer is `{ error, issues? }` (ARCHITECTURE.md). Errors are thrown once, as
// ApiError or HTTPException, and turned into that shape in `handleError` only.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export type Issue = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new ApiError(400, message, issues);
export const unauthorized = (message = 'Not signed in') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string, issues?: Issue[]) => new ApiError(409, message, issues);

/** One issue per problem, naming the field; unknown keys are listed each under its own name. */
export function issuesFromZod(error: z.core.$ZodError): Issue[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: base ? `${base}.${key}` : key,
        message: `Unknown field: ${key}`,
      }));
    }
    return [{ path: base, message: issue.message }];
  });
}

export function validationError(error: z.core.$ZodError): ApiError {
  const issues = issuesFromZod(error);
  return badRequest(issues[0]?.message ?? 'Invalid input', issues);
}

export function handleError(error: Error, c: Context): Response {
  if (error instanceof ApiError) {
    return c.json(
      { error: error.message, ...(error.issues ? { issues: error.issues } : {}) },
      error.status,
      error.headers,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json({ error: error.message || 'Request failed' }, status);
  }
  // Unexpected: log it for the operator, never show internals to the caller.
  console.error('Unhandled error', c.req.method, c.req.path, error);
  return c.json({ error: 'Internal server error' }, 500);
}
