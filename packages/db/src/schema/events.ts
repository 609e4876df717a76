// Events (in person or streamed), their topics (tags) and RSVPs. One RSVP per user and event is a
// primary key, so a double click or a retried request cannot make two.

import {
  DEFAULT_TIME_ZONE,
  EVENT_LOCATIONS,
  EVENT_REPEATS,
  type EventAddress,
  REGISTRATIONS,
} from '@community/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { timestamps, timestamptz, timeZoneNameCheck } from './columns.ts';
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
    /** IANA zone of the event's clock times; its repeats follow that zone's days and clock changes. */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** iCalendar SEQUENCE: bumped by every edit (and cancelled date), so subscribed calendars update. */
    sequence: integer('sequence').notNull().default(0),
    /** When its author, host or an admin called the whole event (every date of a series) off; null if on. */
    cancelledAt: timestamptz('cancelled_at'),
    /** The reason they gave, shown on its page and sent to those who RSVPed. */
    cancelReason: text('cancel_reason'),
    /** How many places (RSVPs) the event has, for the series as a whole; null: no limit. */
    capacity: integer('capacity'),
    ...timestamps(),
  },
  (t) => [
    // Keyset pagination of the upcoming / past lists.
    index('events_published_start_date_id_idx').on(t.published, t.startDate, t.id),
    index('events_author_id_idx').on(t.authorId),
    index('events_host_id_idx').on(t.hostId),
    index('events_space_id_idx').on(t.spaceId),
    timeZoneNameCheck('events_time_zone_name', t.timeZone),
    check('events_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
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

/**
 * Members waiting for a place of a full event, first come first served (created_at, then user id).
 * A member is either RSVPed (event_members) or waiting, never both: promotion moves the row over in
 * the transaction that frees the place (services/event-waitlist.ts).
 */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_waitlist_event_id_created_at_idx').on(t.eventId, t.createdAt, t.userId),
    index('event_waitlist_user_id_idx').on(t.userId),
  ],
);

/** One date of a repeating series the host called off (EXDATE in the calendar files); the series stays. */
export const eventCancelledOccurrences = pgTable(
  'event_cancelled_occurrences',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamptz('occurrence_start').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceStart] })],
);

/**
 * A reminder that went out: one row per event, date and lead (24 hours or 1 hour before), written in
 * the statement that inserts the reminder notifications (services/event-reminders.ts), so a date is
 * reminded at most once per lead however often or concurrently the scheduler runs. Swept by
 * housekeeping once the date is past.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamptz('occurrence_start').notNull(),
    leadMinutes: integer('lead_minutes').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.occurrenceStart, t.leadMinutes] }),
    index('event_reminders_occurrence_start_idx').on(t.occurrenceStart),
  ],
);

/**
 * A published event that was deleted, kept for a while so calendar feeds can say STATUS:CANCELLED
 * (a subscribed calendar otherwise keeps showing it). Written by a trigger on every delete of a
 * published event, whichever path deleted it (a host, a space or a user removed); swept by housekeeping.
 */
export const eventTombstones = pgTable(
  'event_tombstones',
  {
    eventId: uuid('event_id').primaryKey(),
    /**
     * The deleted event's space (no foreign key: the space may be gone too). Feeds show a tombstone
     * only to that space's readers; rows from before it was kept have none and are shown to no one.
     */
    spaceId: uuid('space_id'),
    title: text('title').notNull(),
    startDate: timestamptz('start_date').notNull(),
    endDate: timestamptz('end_date').notNull(),
    timeZone: text('time_zone').notNull(),
    repeat: eventRepeatEnum('repeat').notNull(),
    /** The deleted event's sequence + 1: the cancellation supersedes every version a calendar holds. */
    sequence: integer('sequence').notNull(),
    deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
  },
  (t) => [
    index('event_tombstones_deleted_at_idx').on(t.deletedAt),
    timeZoneNameCheck('event_tombstones_time_zone_name', t.timeZone),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
export type EventTagRow = typeof eventTags.$inferSelect;
export type NewEventTagRow = typeof eventTags.$inferInsert;
export type EventMemberRow = typeof eventMembers.$inferSelect;
export type NewEventMemberRow = typeof eventMembers.$inferInsert;
