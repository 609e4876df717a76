// Turns a zod error into the `issues` of the API's error body (docs/api.md), so the server writes
// them and the client maps them back onto form fields the same way.
import type { z } from 'zod';
import type { ApiErrorBody } from './entities.ts';

export type ApiIssue = NonNullable<ApiErrorBody['issues']>[number];

export const toApiIssues = (error: { issues: readonly z.core.$ZodIssue[] }): ApiIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
