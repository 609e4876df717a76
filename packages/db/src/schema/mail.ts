// Email the platform sends (ADR 26). One row per email, named by its idempotency key, claimed by the
// queue consumer before it speaks to the SMTP server: a retried or redelivered job whose key is
// already here is not sent again, whatever happened to the first attempt.
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    /** The job's idempotency key, e.g. `invitation:<invite token hash>`. */
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /**
     * `sending` from the claim until the SMTP server accepted it, then `sent`; `bounced` when it
     * refused the recipient or the message for good (the address is then in mail_suppressions).
     */
    status: text('status').notNull().default('sending'),
    /** The attempt that claimed it (the queue's count, from 1). */
    attempt: integer('attempt').notNull().default(1),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('mail_deliveries_claimed_at_idx').on(t.claimedAt)],
);

/**
 * How far a member's emails of one kind have covered: the newest thing already told (for
 * `messages`, the newest unread direct message an email counted). The run that moves it forward
 * is the one that queues the email, so two runs at once never send the same news twice.
 */
export const mailWatermarks = pgTable(
  'mail_watermarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    through: timestamptz('through').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Addresses the platform no longer writes to: the SMTP server refused them for good (a 5xx answer
 * to the recipient or the message: no such mailbox, rejected). The consumer drops every job to one,
 * and the admin panel lists them and can clear one (the address was fixed, the mailbox is back).
 */
export const mailSuppressions = pgTable('mail_suppressions', {
  /** Lower case, as users.email. */
  email: text('email').primaryKey(),
  /** The server's answer, e.g. `550 5.1.1 No such user` (what the admin sees). */
  reason: text('reason').notNull(),
  /** The kind of email that bounced. */
  kind: text('kind').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
