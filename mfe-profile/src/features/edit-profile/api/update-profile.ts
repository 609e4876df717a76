// PATCH /api/users/{id} (own id only) with the fields to change → { user }. The wizard and the
// complete-profile page both save through here.
import { api } from '@community/api-client';
import type { UpdateProfileInput, User } from '@community/domain';

export const updateProfile = (userId: string, changes: UpdateProfileInput) =>
  api.patch<{ user: User }>(`/api/users/${encodeURIComponent(userId)}`, changes);
