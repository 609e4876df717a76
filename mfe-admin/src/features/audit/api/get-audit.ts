// GET /api/admin-panel/audit?cursor=&limit= → Page<AuditEntry>, newest first (docs/api.md).
import { api, withQuery } from '@community/api-client';
import type { Page } from '@community/domain';

export type AuditEntry = {
  id: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: 'user' | 'community' | 'invite' | 'url' | 'event' | 'email';
  targetId: string | null;
  /** The target user's current name, when the entry is about a user who still exists. */
  targetName?: string | null;
  changes: Record<string, unknown> | null;
  createdAt: string;
};

export const AUDIT_PAGE_SIZE = 25;

export const getAudit = (cursor: string | null, signal?: AbortSignal) =>
  api.get<Page<AuditEntry>>(withQuery('/api/admin-panel/audit', { cursor, limit: AUDIT_PAGE_SIZE }), {
    signal,
  });
