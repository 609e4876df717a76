// Turns the domain schema's issues (or the API's) into what the post and comment forms show: the
// spec's "Post is empty" / "Comment is empty" with "Please type something or attach a file" on the
// content, and one message per other field.
import { isApiError } from '@community/api-client';
import { CONTENT_EMPTY } from '@community/domain';

export type FormErrors = Partial<
  Record<'content' | 'title' | 'tags' | 'scheduledAt' | 'attachments' | 'imageUrl', string>
>;

type Issue = { path: readonly PropertyKey[] | string; message: string };

export function errorsFromIssues(issues: readonly Issue[]): FormErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    const field = (path.split('.')[0] || 'content') as keyof FormErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function errorsFromApi(error: unknown): FormErrors {
  return isApiError(error) ? errorsFromIssues(error.issues) : {};
}

export const isEmptyContentError = (message: string | undefined) => message === CONTENT_EMPTY;
