// The media rule at the routes: every route that stores a media address checks it here, after its
// body is validated and before anything is written (services/uploads.ts, uploadedFileKey).
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { assertOwnUploads, fileOrigins, type MediaField } from '../services/uploads.ts';
import { requireAuth } from './auth.ts';

/** The origins this request's file addresses may carry (the API's as reached, the public URL's). */
export const requestFileOrigins = <E extends AppEnv>(c: Context<E>) =>
  fileOrigins(c.req.url, c.var.config.publicUrl);

/** 400 unless every new media address in `fields` is the signed-in member's own upload to its bucket. */
export function assertOwnMedia<E extends AppEnv>(
  c: Context<E>,
  fields: readonly MediaField[],
): Promise<void> {
  return assertOwnUploads(c.var.db(), requireAuth(c).user.id, requestFileOrigins(c), fields);
}
