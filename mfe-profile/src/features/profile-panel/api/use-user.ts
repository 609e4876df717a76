// GET /api/users/{id} (docs/api.md): a member's public profile, or the full one for oneself. The
// panel shows the header from this one call; each tab loads its own data when it is opened.
import { api, isApiError, referenceOf } from '@community/api-client';
import type { PublicUser, User } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';

export type ProfileUser = PublicUser | User;

export const getUser = (id: string, signal?: AbortSignal) =>
  api.get<{ user: ProfileUser }>(`/api/users/${encodeURIComponent(id)}`, { signal });

export type UserState =
  | { status: 'loading' }
  /** `notFound`: the API answered 404 ("User not found"), not worth a retry. */
  /** `refused`: a 403 in the API's words (another member's profile without `community`). */
  /** `reference`: the failed request's id (`referenceOf`), for the failure's "Reference". */
  | { status: 'error'; notFound: boolean; refused: string | null; reference: string | null }
  | { status: 'ready'; user: ProfileUser };

/**
 * The profile to show. `seed` (one's own profile, already in the session) shows at once while the call
 * refreshes it; a failed refresh then keeps the seed rather than replacing it with an error.
 */
export function useUser(
  userId: string | undefined,
  seed?: ProfileUser | null,
): UserState & { retry: () => void } {
  const [state, setState] = useState<UserState>(() =>
    seed && seed.id === userId ? { status: 'ready', user: seed } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    const shown = (current: UserState) => current.status === 'ready' && current.user.id === userId;
    setState((current) => (shown(current) ? current : { status: 'loading' }));
    // `attempt` asks again (Retry).
    void attempt;
    getUser(userId, controller.signal).then(
      ({ user }) => setState({ status: 'ready', user }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = isApiError(error) && error.status === 404;
        if (!notFound) console.error('[profile]', error);
        const refused = isApiError(error) && error.status === 403 ? error.message : null;
        setState((current) =>
          shown(current) && !notFound && !refused
            ? current
            : { status: 'error', notFound, refused, reference: referenceOf(error) },
        );
      },
    );
    return () => controller.abort();
  }, [userId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

export const isFullUser = (user: ProfileUser): user is User => 'email' in user;

/**
 * The contact lines to show: one's own email and phone, or what another member chose to show
 * (`contact`, null when hidden).
 */
export function contactOf(
  user: ProfileUser,
  isOwnProfile: boolean,
): { email: string | null; phone: string | null } {
  if (isOwnProfile && isFullUser(user)) return { email: user.email || null, phone: user.phone || null };
  return { email: user.contact?.email || null, phone: user.contact?.phone || null };
}
