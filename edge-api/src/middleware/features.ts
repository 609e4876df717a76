// Per-member feature switches gate the API as well as the UI (docs/features.md): a switched-off
// feature answers 403 with featureDisabledMessage on the member's next request. The guards here sit
// right after authentication and before any access check or validation (ADR 10: auth → feature →
// access → validation), so a member without the feature learns nothing else about the route.
import { type FeatureKey, featureDisabledMessage, hasFeature } from '@community/domain';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { forbidden } from '../lib/errors.ts';
import { requireAuth } from './auth.ts';

export { featureDisabledMessage, hasFeature };

/** 403 unless the member has at least one of `features` (the message names the first). */
export function assertFeature(
  user: Parameters<typeof hasFeature>[0],
  ...features: [FeatureKey, ...FeatureKey[]]
) {
  if (!features.some((feature) => hasFeature(user, feature)))
    throw forbidden(featureDisabledMessage(features[0]));
}

/** The route needs one of `features` switched on (a posts room: `posts` or `livewall`). */
export const requireFeature = (...features: [FeatureKey, ...FeatureKey[]]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertFeature(requireAuth(c).user, ...features);
    await next();
  });

/**
 * `community` for anything about another member: their profile, events, spaces, activity, media.
 * One's own (`:param` naming the caller) stays open whatever the switches say.
 */
export const requireFeatureUnlessSelf = (feature: FeatureKey, param: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { user } = requireAuth(c);
    if (c.req.param(param) !== user.id) assertFeature(user, feature);
    await next();
  });

/** The JSON body as sent, for a guard that must look at one field before the schema runs (null if none). */
export async function peekJson(c: Context<AppEnv>): Promise<Record<string, unknown> | null> {
  if (!/^application\/json/i.test(c.req.header('Content-Type') ?? '')) return null;
  const body: unknown = await c.req.json().catch(() => null);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** A list field that carries at least one item (an attachment list), or a non-empty string (an image). */
export const carriesMedia = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';

/**
 * `content`: a body that carries media (`fields` of the body, e.g. `attachments`) needs the
 * switch. Read before the schema (Hono keeps the body for the validator); `keeps` may say that the
 * media sent are already there (an edit resending a post's own attachments adds nothing).
 */
export const contentInBody = (
  fields: readonly string[],
  keeps?: (c: Context<AppEnv>, body: Record<string, unknown>) => Promise<boolean>,
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { user } = requireAuth(c);
    if (!hasFeature(user, 'content')) {
      const body = await peekJson(c);
      if (body && fields.some((field) => carriesMedia(body[field])) && !(await keeps?.(c, body))) {
        throw forbidden(featureDisabledMessage('content'));
      }
    }
    await next();
  });
