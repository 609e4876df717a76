// Presence in the database: `users.last_offline_at` (null = online) as user rooms report it
// (ADR 13). The realtime worker's clock stamps each report, so a report that arrives after a newer
// one (an online report delayed past the offline that followed it) changes nothing.
import { users } from '@community/db/schema';
import type { PresenceReport } from '@community/realtime-protocol';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../db.ts';

/** What the report changed: the state now written, or null for a report older than the state. */
export async function recordPresence(
  db: Database,
  report: PresenceReport,
): Promise<{ lastOfflineAt: string | null } | null> {
  const at = new Date(report.at);
  const online = report.status === 'online';
  const [row] = await db
    .update(users)
    .set({ lastOfflineAt: online ? null : at })
    .where(
      and(
        eq(users.id, report.userId),
        // Online since `at` holds unless the member went offline after it; offline at `at` unless a
        // later offline is already written.
        or(isNull(users.lastOfflineAt), online ? lte(users.lastOfflineAt, at) : lt(users.lastOfflineAt, at)),
      ),
    )
    .returning({ lastOfflineAt: users.lastOfflineAt });
  if (!row) return null;
  return { lastOfflineAt: row.lastOfflineAt ? new Date(row.lastOfflineAt).toISOString() : null };
}
