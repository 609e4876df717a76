// Email the platform sends (ADR 26). One row per email, named by its idempotency key, claimed by the
// queue consumer before it speaks to the SMTP server: a retried or redelivered job whose key is
// already here is not sent again, whatever happened to the first attempt.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    /** The job's idempotency key, e.g. `invitation:<invite token hash>`. */
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** `sending` from the claim until the SMTP server accepted it, then `sent`. */
    status: text('status').notNull().default('sending'),
    /** The attempt that claimed it (the queue's count, from 1). */
    attempt: integer('attempt').notNull().default(1),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('mail_deliveries_claimed_at_idx').on(t.claimedAt)],
);
