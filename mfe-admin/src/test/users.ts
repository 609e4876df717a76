// Users for component tests, shaped as the API returns them.
import { FEATURE_KEYS, type FeatureKey, type User } from '@community/domain';

export const makeUser = (
  id: string,
  firstName: string,
  overrides: Partial<User> & { enabled?: readonly FeatureKey[] } = {},
): User => {
  const { enabled = FEATURE_KEYS, ...rest } = overrides;
  return {
    id,
    firstName,
    lastName: 'Doe',
    pseudo: firstName.toLowerCase(),
    email: `${firstName.toLowerCase()}@example.com`,
    job: 'Engineer',
    company: 'Acme',
    address: { city: 'Boston' },
    bio: null,
    interests: [],
    imageUrl: null,
    lastOfflineAt: null,
    role: 'USER',
    phone: null,
    dateOfBirth: null,
    isBlocked: false,
    features: FEATURE_KEYS.map((feature) => ({ feature, enabled: enabled.includes(feature) })),
    ...rest,
  };
};
