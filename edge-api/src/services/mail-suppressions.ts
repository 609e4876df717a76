// The suppression list as the admin panel sees it (issue 32, ADR 26): addresses the SMTP server
// refused for good, which the mail consumer (mail/consumer.ts) no longer writes to. The admin reads
// them, newest first, and clears one when the address was fixed or the mailbox is back.
import { auditLog, mailSuppressions } from '@community/db/schema';
import type { User } from '@community/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, writeTogether } from '../db.ts';
import { decodeCursor, pageOf } from '../lib/cursor.ts';
import { notFound } from '../lib/errors.ts';

export const SUPPRESSION_NOT_FOUND = 'This address is not on the list of bounced addresses.';

export type EmailSuppression = { email: string; reason: string; kind: string; createdAt: string };

const SuppressionCursor = z.tuple([z.iso.datetime(), z.string().max(254)]);

/**
 * A keyset page by (created_at, email), newest first. The table has no index on created_at: it
 * holds the few addresses that bounced, and a sort of it costs less than an index kept on every
 * bounce would save.
 */
export async function listSuppressions(db: Database, query: { cursor?: string | undefined; limit: number }) {
  const after = decodeCursor(query.cursor, SuppressionCursor);
  const rows = await db
    .select({
      row: mailSuppressions,
      // The cursor's instant to the microsecond, as stored (a JS Date keeps milliseconds only).
      exactAt: sql<string>`to_char(${mailSuppressions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(mailSuppressions)
    .where(
      after
        ? sql`(${mailSuppressions.createdAt}, ${mailSuppressions.email}) < (${after[0]}::timestamptz, ${after[1]})`
        : undefined,
    )
    .orderBy(desc(mailSuppressions.createdAt), desc(mailSuppressions.email))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    ({ row }): EmailSuppression => ({
      email: row.email,
      reason: row.reason,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
    }),
    ({ row, exactAt }) => [exactAt, row.email],
  );
}

/** Takes the address off the list (mail to it is sent again), audited; 404 when it is not there. */
export async function clearSuppression(db: Database, actor: User, email: string): Promise<void> {
  const address = email.toLowerCase();
  const listed = eq(mailSuppressions.email, address);
  // The audit line is written from the row itself, in the same transaction as the delete: both or
  // neither (none when the address is not listed), as for the admin's URLs.
  const [, deleted] = await writeTogether<[unknown, { email: string }[]]>(db, (tx) => [
    tx.insert(auditLog).select(
      tx
        // Every column of audit_log, in the table's order (what Drizzle's insert-select asks).
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          actorId: sql`${actor.id}::uuid`.as('actor_id'),
          action: sql`'email.unsuppress'`.as('action'),
          targetType: sql`'email'`.as('target_type'),
          targetId: sql`null`.as('target_id'),
          changes:
            sql`jsonb_build_object('email', ${mailSuppressions.email}, 'reason', ${mailSuppressions.reason})`.as(
              'changes',
            ),
          createdAt: sql`now()`.as('created_at'),
        })
        .from(mailSuppressions)
        .where(listed),
    ),
    tx.delete(mailSuppressions).where(listed).returning({ email: mailSuppressions.email }),
  ]);
  if (deleted.length === 0) throw notFound(SUPPRESSION_NOT_FOUND);
}

/** Whether `email` is on the list (the invitation says so instead of queueing an email to drop). */
export async function isSuppressed(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, email.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}
