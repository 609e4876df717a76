// Members of the community: profile fields (spec section 3, User / Profile), role, block state and
// the per-user feature switches.

import { FEATURE_KEYS, ROLES } from '@community/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, timestamptz, timeZoneNameCheck } from './columns.ts';

export const roleEnum = pgEnum('role', ROLES);
export const featureKeyEnum = pgEnum('feature_key', FEATURE_KEYS);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    pseudo: text('pseudo').notNull().unique(),
    /** Always lower-case (checked), so uniqueness and look-ups ignore case. */
    email: text('email').notNull().unique(),
    /** Null for an account that cannot sign in with a password yet (e.g. imported, invite pending). */
    passwordHash: text('password_hash'),
    job: text('job'),
    company: text('company'),
    city: text('city'),
    /** Set with `city` when the member picks a place from the city search (null for typed text). */
    cityId: integer('city_id'),
    /** ISO 3166-1 alpha-2 of the picked city. */
    country: text('country'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    bio: text('bio'),
    phone: text('phone'),
    /** Stored without a leading #. */
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    imageUrl: text('image_url'),
    coverImageUrl: text('cover_image_url'),
    /** Contact fields the member chose to show on their profile (off: only they and admins see them). */
    showEmail: boolean('show_email').notNull().default(false),
    showPhone: boolean('show_phone').notNull().default(false),
    /**
     * The kinds of email the member turned off (Edit Profile, or an email's one-click unsubscribe):
     * `messages`, `mentions`, `events`, `digest` (the weekly digest). Every other kind is on (ADR 26).
     */
    emailOff: text('email_off').array().notNull().default(sql`'{}'::text[]`),
    /** The weekday the weekly digest arrives, in the member's time zone: 0 Sunday … 6 Saturday. */
    digestDay: smallint('digest_day').notNull().default(1),
    /** The member's IANA time zone (their browser's, saved with Edit Profile); null: the community's. */
    timeZone: text('time_zone'),
    /**
     * Null means online. Only the user room's reports (through edge-api) set it to null: a member
     * nobody has seen connect yet is offline since they were created.
     */
    lastOfflineAt: timestamptz('last_offline_at').defaultNow(),
    role: roleEnum('role').notNull().default('USER'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** Part of the personal calendar feed's token: a new value ("reset link") retires the old URL. */
    calendarFeedKey: uuid('calendar_feed_key').notNull().defaultRandom(),
    /**
     * Home shows the first-visit welcome while this is true: set by the ways in (an invitation, the
     * admin panel's Add user, an import), cleared when the member dismisses it. Members who were
     * already here (and the demo's) never see it.
     */
    welcomePending: boolean('welcome_pending').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_digest_day_weekday', sql`${t.digestDay} between 0 and 6`),
    timeZoneNameCheck('users_time_zone_name', t.timeZone),
    // The admin list and exports page through users by name.
    index('users_name_order_idx').on(t.lastName, t.firstName, t.id),
    // The add-members list and the host picker sort by first name.
    index('users_first_name_order_idx').on(t.firstName, t.lastName, t.id),
    // The members directory's "recent activity" order: online now (null) first, then last seen.
    index('users_recent_activity_idx').on(t.lastOfflineAt.desc().nullsFirst(), t.id),
    // Pseudos are unique whatever their case ("Ana" and "ana" are one): the services look them up
    // with lower(), and two requests racing for one pseudo meet this constraint.
    uniqueIndex('users_pseudo_lower_unique').on(sql`lower(${t.pseudo})`),
    // Member and admin searches are ILIKE '%term%': trigram indexes serve them (pg_trgm).
    index('users_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
    index('users_pseudo_trgm_idx').using('gin', t.pseudo.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

export const userFeatures = pgTable(
  'user_features',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: featureKeyEnum('feature').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feature] })],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserFeatureRow = typeof userFeatures.$inferSelect;
export type NewUserFeatureRow = typeof userFeatures.$inferInsert;
