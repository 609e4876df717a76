// GET /api/users/{id} (docs/api.md): a member's public profile, or the full one for oneself.
import { api } from '@community/api-client';
import type { PublicUser, User } from '@community/domain';
import { useEffect, useState } from 'react';

export type ProfileUser = PublicUser | User;

export const getUser = (id: string, signal?: AbortSignal) =>
  api.get<{ user: ProfileUser }>(`/api/users/${encodeURIComponent(id)}`, { signal });

export type UserState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; user: ProfileUser };

export function useUser(userId: string | undefined): UserState {
  const [state, setState] = useState<UserState>({ status: 'loading' });

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getUser(userId, controller.signal).then(
      ({ user }) => setState({ status: 'ready', user }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[profile]', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [userId]);

  return state;
}

/** Email and phone are only in the answer for oneself (and admins); show them only when present. */
export function privateFieldsOf(user: ProfileUser): { email: string | null; phone: string | null } {
  return {
    email: 'email' in user && user.email ? user.email : null,
    phone: 'phone' in user && user.phone ? user.phone : null,
  };
}
