// Members of the community: profile fields (spec section 3, User / Profile), role, block state and
// the per-user feature switches.

import { FEATURE_KEYS, ROLES } from '@community/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';

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
    bio: text('bio'),
    phone: text('phone'),
    /** Stored without a leading #. */
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    imageUrl: text('image_url'),
    /** Null means online. */
    lastOfflineAt: timestamptz('last_offline_at'),
    role: roleEnum('role').notNull().default('USER'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    ...timestamps(),
  },
  (t) => [check('users_email_lower_case', sql`${t.email} = lower(${t.email})`)],
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
