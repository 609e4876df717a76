// The per-member feature switches (docs/features.md): one reading of "is it on" for the API, the
// shell and the micro-frontends. A missing switch is off.
import type { FeatureKey } from './entities.ts';

type WithFeatures = { features?: readonly { feature: string; enabled: boolean }[] | undefined };

export const hasFeature = (user: WithFeatures | null | undefined, feature: FeatureKey): boolean =>
  Boolean(user?.features?.some((entry) => entry.feature === feature && entry.enabled));

/** The API's refusal when a switch is off (403). */
export const featureDisabledMessage = (feature: FeatureKey): string =>
  `The ${feature} feature is not enabled for your account.`;
