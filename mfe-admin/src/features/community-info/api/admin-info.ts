// The admin's own info (PATCH /api/admin-panel/{userId} with company and first name) and the
// community it belongs to (GET /api/admin-panel/community/{userId} → { id, name }).
import { api } from '@community/api-client';
import type { UpdateAdminInfoInput, User } from '@community/domain';

export type AdminCommunity = { id: string; name: string };

export const updateAdminInfo = (userId: string, input: UpdateAdminInfoInput) =>
  api
    .patch<{ user: User }>(`/api/admin-panel/${encodeURIComponent(userId)}`, input)
    .then((answer) => answer.user);

export const getAdminCommunity = (userId: string, signal?: AbortSignal) =>
  api.get<AdminCommunity | null>(`/api/admin-panel/community/${encodeURIComponent(userId)}`, { signal });
