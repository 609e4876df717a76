// Events (in person or streamed), their topics (tags) and RSVPs. One RSVP per user and event is a
// primary key, so a double click or a retried request cannot make two.

import { EVENT_LOCATIONS, EVENT_REPEATS, type EventAddress, REGISTRATIONS } from '@community/domain';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { spaces } from './spaces.ts';
import { users } from './users.ts';

export const eventRepeatEnum = pgEnum('event_repeat', EVENT_REPEATS);
export const eventLocationEnum = pgEnum('event_location', EVENT_LOCATIONS);
export const registrationEnum = pgEnum('registration', REGISTRATIONS);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    startDate: timestamptz('start_date').notNull(),
    endDate: timestamptz('end_date').notNull(),
    repeat: eventRepeatEnum('repeat').notNull().default('NO_REPEAT'),
    location: eventLocationEnum('location').notNull(),
    registration: registrationEnum('registration').notNull().default('FREE'),
    published: boolean('published').notNull().default(false),
    bannerUrl: text('banner_url'),
    /** Stream URL for YOUTUBE / FACEBOOK / LINKEDIN, map link for IN_PERSON. */
    addressUrl: text('address_url'),
    address: jsonb('address').$type<EventAddress>(),
    zoomTitle: text('zoom_title'),
    zoomDuration: integer('zoom_duration'),
    color: text('color'),
    ...timestamps(),
  },
  (t) => [
    // Keyset pagination of the upcoming / past lists.
    index('events_published_start_date_id_idx').on(t.published, t.startDate, t.id),
    index('events_author_id_idx').on(t.authorId),
    index('events_host_id_idx').on(t.hostId),
    index('events_space_id_idx').on(t.spaceId),
  ],
);

export const eventTags = pgTable(
  'event_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [unique('event_tags_event_id_name_key').on(t.eventId, t.name)],
);

export const eventMembers = pgTable(
  'event_members',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_members_user_id_idx').on(t.userId)],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
export type EventTagRow = typeof eventTags.$inferSelect;
export type NewEventTagRow = typeof eventTags.$inferInsert;
export type EventMemberRow = typeof eventMembers.$inferSelect;
export type NewEventMemberRow = typeof eventMembers.$inferInsert;
