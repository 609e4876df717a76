// The admin audit log: who did what to whom, when, and which fields changed.
import { auditLog, users } from '@community/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';

export type AuditEntry = {
  action: string;
  targetType: 'user' | 'community' | 'invite' | 'url' | 'event' | 'email';
  targetId: string | null;
  changes?: Record<string, unknown>;
};

/** Never records secrets, whatever a caller passes. */
const redact = (changes: Record<string, unknown> | undefined) => {
  if (!changes) return null;
  const { password: _password, confirmPassword: _confirm, ...rest } = changes;
  return rest;
};

/** The audit rows as one insert statement, to run with the write it records (`writeTogether`). */
export function auditStatement(db: Database, actorId: string, entries: AuditEntry | AuditEntry[]) {
  const list = Array.isArray(entries) ? entries : [entries];
  return db.insert(auditLog).values(
    list.map((entry) => ({
      actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      changes: redact(entry.changes),
    })),
  );
}

export async function audit(
  db: Database,
  actorId: string,
  entries: AuditEntry | AuditEntry[],
): Promise<void> {
  if (Array.isArray(entries) && entries.length === 0) return;
  await auditStatement(db, actorId, entries);
}

const AuditCursor = z.tuple([z.iso.datetime(), z.uuid()]);
// The user an entry is about, named as they are now (a deleted user has no name left).
const targetUser = alias(users, 'target_user');

export async function listAudit(db: Database, query: { cursor?: string | undefined; limit: number }) {
  const after = decodeCursor(query.cursor, AuditCursor);
  // A row comparison, not the equivalent OR: only this form is an index condition on
  // audit_log_created_at_id_idx, so a later page starts at the cursor in the index.
  const keyset = after
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : undefined;
  const rows = await db
    .select({
      entry: auditLog,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      targetFirstName: targetUser.firstName,
      targetLastName: targetUser.lastName,
      // The cursor's instant to the microsecond, as stored: a JS Date keeps milliseconds only, and
      // entries written within one millisecond of a page's last would otherwise be skipped.
      exactAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(
      targetUser,
      and(eq(auditLog.targetType, 'user'), eq(sql`${auditLog.targetId}::uuid`, targetUser.id)),
    )
    .where(keyset)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    ({ entry, actorFirstName, actorLastName, targetFirstName, targetLastName }) => ({
      id: entry.id,
      actorId: entry.actorId,
      actorName: actorFirstName ? `${actorFirstName} ${actorLastName}` : null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetName: targetFirstName ? `${targetFirstName} ${targetLastName}` : null,
      changes: entry.changes,
      createdAt: entry.createdAt.toISOString(),
    }),
    ({ entry, exactAt }) => [exactAt, entry.id],
  );
}
