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
    address: { city: 'Boston', cityId: null, country: null, lat: null, lng: null },
    bio: null,
    interests: [],
    imageUrl: null,
    coverImageUrl: null,
    lastOfflineAt: null,
    role: 'USER',
    memberSince: '2026-01-05T10:00:00.000Z',
    contact: { email: null, phone: null },
    phone: null,
    dateOfBirth: null,
    showEmail: false,
    showPhone: false,
    emailPreferences: { messages: true, mentions: true, events: true, digest: true, digestDay: 1 },
    timeZone: null,
    isBlocked: false,
    features: FEATURE_KEYS.map((feature) => ({ feature, enabled: enabled.includes(feature) })),
    ...rest,
  };
};
