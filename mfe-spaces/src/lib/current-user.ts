// The signed-in user as this micro-frontend needs them: who they are, and what their community role
// and feature switches allow (creating spaces needs the `spaces` feature; deleting needs SUPER_ADMIN).
import { session } from '@community/api-client';
import type { User } from '@community/domain';
import { useSnapshot } from 'valtio';

export const canCreateSpaces = (user: Pick<User, 'features'> | null): boolean =>
  Boolean(user?.features.some((entry) => entry.feature === 'spaces' && entry.enabled));

export const canDeleteSpaces = (user: Pick<User, 'role'> | null): boolean => user?.role === 'SUPER_ADMIN';

export function useCurrentUser(): User | null {
  return useSnapshot(session).user as User | null;
}

/** Direct messages (the Messages section, conversations) need the `messages` feature. */
export const canMessage = (user: Pick<User, 'features'> | null): boolean =>
  Boolean(user?.features.some((entry) => entry.feature === 'messages' && entry.enabled));
