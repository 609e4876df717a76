// The signed-in user as this micro-frontend needs them: who they are, and what their community role
// and feature switches allow (docs/features.md). The user comes from the session snapshot, which the
// shell updates when the member's user room says `features.changed`: whatever reads it re-renders and
// the entries of a switch turned off disappear without a reload.
import { session } from '@community/api-client';
import { type FeatureKey, hasFeature, type User } from '@community/domain';
import { useSnapshot } from 'valtio';

export const canCreateSpaces = (user: Pick<User, 'features'> | null): boolean => hasFeature(user, 'spaces');

export const canDeleteSpaces = (user: Pick<User, 'role'> | null): boolean => user?.role === 'SUPER_ADMIN';

export function useCurrentUser(): User | null {
  return useSnapshot(session).user as User | null;
}

/** Whether the signed-in member has `feature` switched on, live. */
export function useFeature(feature: FeatureKey): boolean {
  return hasFeature(useCurrentUser(), feature);
}

/** Direct messages (the Messages section, conversations) need the `messages` feature. */
export const canMessage = (user: Pick<User, 'features'> | null): boolean => hasFeature(user, 'messages');
