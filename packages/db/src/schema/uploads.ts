// Every file put in R2, with who uploaded it and, for chat attachments, the space it belongs to:
// a signed URL is issued only to someone who may read the object.

import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { conversations } from './conversations.ts';
import { spaces } from './spaces.ts';
import { users } from './users.ts';

export const uploads = pgTable(
  'uploads',
  {
    /** The R2 key, `<bucket>/<uuid>.<ext>`. */
    key: text('key').primaryKey(),
    bucket: text('bucket').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a chat message in this space carries the file; then the space's readers may read it. */
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    /** Set when a direct message carries the file; then both participants may read it. */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('uploads_space_id_idx').on(t.spaceId),
    index('uploads_owner_id_idx').on(t.ownerId),
    index('uploads_conversation_id_idx').on(t.conversationId),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;
