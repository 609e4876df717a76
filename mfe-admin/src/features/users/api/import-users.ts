// POST /api/admin-panel/users/import/{adminId} with `{ users, dryRun }` (at most 500 rows): the preview
// (`dryRun: true`) writes nothing and reports what would fail; the import creates the rest.
import { api } from '@community/api-client';
import type { ImportUserRow } from '@community/domain';
import type { BatchAnswer } from '../lib/import-batches.ts';

export const importUsers = (adminId: string, users: ImportUserRow[], dryRun: boolean, signal?: AbortSignal) =>
  api.post<BatchAnswer>(
    `/api/admin-panel/users/import/${encodeURIComponent(adminId)}`,
    { users, dryRun },
    { signal },
  );
