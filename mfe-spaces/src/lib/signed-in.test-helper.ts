// Tests: the session's signed-in member with exactly these feature switches on (the shell keeps
// `session.user` up to date; components read it through useCurrentUser).
import { session } from '@community/api-client';
import type { FeatureKey, User } from '@community/domain';

export function signInWith(features: readonly FeatureKey[], id = 'me'): User {
  const user = {
    id,
    role: 'USER',
    firstName: 'Me',
    lastName: 'Myself',
    imageUrl: null,
    features: features.map((feature) => ({ feature, enabled: true })),
  } as unknown as User;
  session.user = user;
  return user;
}

export function signOut(): void {
  session.user = null;
}
