// PATCH /api/users/{id} with the three fields the complete-profile page asks for.
import { api } from '@community/api-client';
import type { CompleteProfileInput, User } from '@community/domain';

export const completeProfile = (userId: string, input: CompleteProfileInput) =>
  api.patch<{ user: User }>(`/api/users/${encodeURIComponent(userId)}`, input);
