// GET /api/admin-panel/users/{adminId}?search=&cursor= (docs/api.md): every user, for ADMIN and
// SUPER_ADMIN, ordered by last name, first name.
import { api, withQuery } from '@community/api-client';
import type { Page, User } from '@community/domain';

export function getAdminUsers(adminId: string, search: string, cursor: string | null, signal?: AbortSignal) {
  return api.get<Page<User>>(
    withQuery(`/api/admin-panel/users/${encodeURIComponent(adminId)}`, { search: search.trim(), cursor }),
    { signal },
  );
}
