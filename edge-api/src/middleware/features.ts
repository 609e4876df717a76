// Per-user feature switches gate the API as well as the UI: a switched-off feature answers 403
// on the user's next request.
import type { FeatureKey, User } from '@community/domain';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { forbidden } from '../lib/errors.ts';
import { requireAuth } from './auth.ts';

export const featureDisabledMessage = (feature: FeatureKey) =>
  `The ${feature} feature is not enabled for your account.`;

export const hasFeature = (user: User, feature: FeatureKey) =>
  user.features.some((entry) => entry.feature === feature && entry.enabled);

export const requireFeature = (feature: FeatureKey) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { user } = requireAuth(c);
    if (!hasFeature(user, feature)) {
      throw forbidden(featureDisabledMessage(feature));
    }
    await next();
  });
