import { isApiError } from '@community/api-client';
import { INTERNAL_SERVER_ERROR } from '@community/domain';

/** The server's own words for a failed call (docs/api.md `{ error }`), else the spec's fallback. */
export function serverMessage(error: unknown, fallback = INTERNAL_SERVER_ERROR): string {
  if (isApiError(error) && error.message && error.status !== 500) return error.message;
  return fallback;
}

export const statusOf = (error: unknown): number | null => (isApiError(error) ? error.status : null);
