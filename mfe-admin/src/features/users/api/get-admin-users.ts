// GET /api/admin-panel/users/{adminId}?search=&cursor=&limit= (docs/api.md): every user, for ADMIN and
// SUPER_ADMIN, ordered by last name, first name. The export walks the same list in larger pages.
import { api, withQuery } from '@community/api-client';
import type { Page, User } from '@community/domain';

/** Rows per page of the Users table; the API allows up to 100. */
export const USERS_PAGE_SIZE = 50;

export function getAdminUsers(adminId: string, search: string, cursor: string | null, signal?: AbortSignal) {
  return api.get<Page<User>>(
    withQuery(`/api/admin-panel/users/${encodeURIComponent(adminId)}`, {
      search: search.trim(),
      cursor,
      limit: USERS_PAGE_SIZE,
    }),
    { signal },
  );
}

/** Rows per request when the export walks every user: the route's largest page. */
export const EXPORT_PAGE_SIZE = 1000;

/** The same list in pages of 1,000, for the export: 10,000 users in 10 requests. */
export function getExportPage(adminId: string, cursor: string | null) {
  return api.get<Page<User>>(
    withQuery(`/api/admin-panel/users/${encodeURIComponent(adminId)}`, { cursor, limit: EXPORT_PAGE_SIZE }),
  );
}
