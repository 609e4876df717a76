// The community itself (admin panel: Community card), the admin's URL list and invitation links.

import { DEFAULT_TIME_ZONE } from '@community/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz, timeZoneNameCheck } from './columns.ts';
import { users } from './users.ts';

export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    communityName: text('community_name').notNull(),
    communityLogo: text('community_logo'),
    /** The subdomain. */
    communityUrl: text('community_url').notNull().unique(),
    /** Restrict: deleting the owner must not silently delete the community; hand it over first. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** IANA zone new events default to (the host may pick another per event). */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** The first-visit welcome's text (plain text, set in the admin panel); null: the default one. */
    welcomeText: text('welcome_text'),
    /**
     * Emails show the community's logo as an image fetched from our host. Off by default: a fetched
     * image tells the sender when each email is opened (ADR 26), so an admin turns it on knowingly.
     */
    emailImages: boolean('email_images').notNull().default(false),
    ...timestamps(),
  },
  (t) => [timeZoneNameCheck('communities_time_zone_name', t.timeZone)],
);

export const urlEntries = pgTable(
  'url_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    label: text('label'),
    host: text('host'),
    faviconUrl: text('favicon_url'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [index('url_entries_user_id_idx').on(t.userId, t.createdAt)],
);

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hash of the token in the invitation link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Single use: accept with `UPDATE ... SET used_at = now() WHERE used_at IS NULL`. */
    usedAt: timestamptz('used_at'),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invites_community_id_idx').on(t.communityId),
    check('invites_used_by_needs_used_at', sql`${t.usedBy} is null or ${t.usedAt} is not null`),
  ],
);

export type CommunityRow = typeof communities.$inferSelect;
export type NewCommunityRow = typeof communities.$inferInsert;
export type UrlEntryRow = typeof urlEntries.$inferSelect;
export type NewUrlEntryRow = typeof urlEntries.$inferInsert;
export type InviteRow = typeof invites.$inferSelect;
export type NewInviteRow = typeof invites.$inferInsert;
