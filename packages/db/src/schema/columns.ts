// Column helpers shared by the schema files: every timestamp is `timestamptz`, read as a JS Date.

import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, timestamp } from 'drizzle-orm/pg-core';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at` and `updated_at`, both set by the database on insert; `updated_at` also on Drizzle updates. */
export const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * A time zone column holds something shaped like an IANA zone name: never a UTC offset such as
 * "+05:30", which broke every read of its event (issue 27). The API checks the name itself against
 * the IANA data (packages/domain canonicalTimeZone); migration 0010 repaired the rows stored before.
 */
export const timeZoneNameCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$'` as SQL);
