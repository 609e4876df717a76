// GET /api/authorization → { role }: the Admin Panel reads the caller's role from here (spec section 6).
import { api } from '@community/api-client';
import type { Role } from '@community/domain';

export const getAuthorization = (signal?: AbortSignal) =>
  api.get<{ role: Role }>('/api/authorization', { signal });

/** Spec section 6: only these add, edit or delete users, and only they see Add User. */
export const canManageUsers = (role: Role | null | undefined) => role === 'ADMIN' || role === 'SUPER_ADMIN';
