// Event create and edit bodies (spec sections 3 and 5). Whether a date is "in the past" depends on
// the clock, so the schema is built by `eventInputSchema(now)`; the exported schemas read the clock
// at every parse, not once at import.
import { z } from 'zod';
import { EVENT_LOCATIONS, EVENT_REPEATS, REGISTRATIONS } from './entities.ts';
import {
  isoDateTime,
  list,
  longText,
  optionalHttpUrl,
  requiredText,
  text,
  uuid,
  whenFieldsValid,
} from './fields.ts';
import {
  ADDRESS_MAX,
  COLOR_MAX,
  DEFAULT_EVENT_REPEAT,
  DEFAULT_REGISTRATION,
  DEFAULT_TIME_ZONE,
  EVENT_CANCEL_REASON_MAX,
  EVENT_CAPACITY_MAX,
  EVENT_RANGE_MAX_DAYS,
  EVENT_TOPICS_MAX,
  LONG_TEXT_MAX,
  NAME_MAX,
  PAST_DATE_GRACE_MS,
  TAG_MAX,
  TITLE_MAX,
} from './limits.ts';
import {
  DATE_INVALID,
  EVENT_ADDRESS_REQUIRED,
  EVENT_CANCEL_REASON_REQUIRED,
  EVENT_CAPACITY_INVALID,
  EVENT_DATE_ORDER,
  EVENT_HOST_REQUIRED,
  EVENT_LOCATION_REQUIRED,
  EVENT_RANGE_INVALID,
  EVENT_SPACE_REQUIRED,
  EVENT_STREAM_URL_REQUIRED,
  EVENT_TITLE_REQUIRED,
  EVENT_TOPICS_TOO_MANY,
  TIME_ZONE_INVALID,
  URL_INVALID,
} from './messages.ts';
import { PageQuery } from './pagination.ts';
import { type Clock, readClock } from './scheduling.ts';
import { canonicalTimeZone, isTimeZone, repeatStartMismatch } from './time-zones.ts';

/** An IANA zone name, stored as the runtime spells it ("america/new_york" is "America/New_York"). */
export const timeZoneName = z
  .string()
  .max(64, TIME_ZONE_INVALID)
  .transform((name, context) => {
    const canonical = canonicalTimeZone(name);
    if (canonical) return canonical;
    context.addIssue({ code: 'custom', message: TIME_ZONE_INVALID });
    return z.NEVER;
  });

export const EventAddressInput = z.strictObject({
  city: text('City', NAME_MAX),
  name: text('Place name', NAME_MAX),
  full_address: requiredText(EVENT_ADDRESS_REQUIRED, 'Address', ADDRESS_MAX),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type EventAddressInput = z.infer<typeof EventAddressInput>;

/** Trims topics and drops empty and duplicate ones. */
export const normalizeEventTopics = (topics: readonly string[]): string[] => [
  ...new Set(topics.map((topic) => topic.trim()).filter((topic) => topic !== '')),
];

export const eventInputSchema = (now: Clock) => {
  const eventDate = isoDateTime(DATE_INVALID).refine(
    (value) => Date.parse(value) >= readClock(now).getTime() - PAST_DATE_GRACE_MS,
    DATE_INVALID,
  );
  return z
    .strictObject({
      title: requiredText(EVENT_TITLE_REQUIRED, 'Title', TITLE_MAX),
      description: longText('Description', LONG_TEXT_MAX).nullish(),
      spaceId: uuid('Space', EVENT_SPACE_REQUIRED),
      hostId: uuid('Host', EVENT_HOST_REQUIRED),
      startDate: eventDate,
      endDate: eventDate,
      repeat: z.enum(EVENT_REPEATS).default(DEFAULT_EVENT_REPEAT),
      location: z.enum(EVENT_LOCATIONS, { error: EVENT_LOCATION_REQUIRED }),
      address: EventAddressInput.nullish(),
      addressUrl: optionalHttpUrl(URL_INVALID),
      registration: z.enum(REGISTRATIONS).default(DEFAULT_REGISTRATION),
      published: z.boolean().default(false),
      bannerUrl: optionalHttpUrl(URL_INVALID),
      tags: list('Topics', text('Topic', TAG_MAX), EVENT_TOPICS_MAX, EVENT_TOPICS_TOO_MANY)
        .transform(normalizeEventTopics)
        .default([]),
      color: text('Color', COLOR_MAX).nullish(),
      /** Places (RSVPs) for the event, a series as a whole; null or absent: no limit. */
      capacity: z
        .number({ error: EVENT_CAPACITY_INVALID })
        .int(EVENT_CAPACITY_INVALID)
        .min(1, EVENT_CAPACITY_INVALID)
        .max(EVENT_CAPACITY_MAX, EVENT_CAPACITY_INVALID)
        .nullish(),
      /**
       * An IANA zone name, stored as the runtime spells it ("america/new_york" is "America/New_York");
       * absent: the community's zone (the server fills it in and checks the start day again in it).
       */
      timeZone: timeZoneName.optional(),
    })
    .refine((event) => Date.parse(event.startDate) < Date.parse(event.endDate), {
      message: EVENT_DATE_ORDER,
      path: ['endDate'],
      when: whenFieldsValid('startDate', 'endDate'),
    })
    .superRefine((event, context) => {
      if (event.repeat === 'NO_REPEAT' || event.repeat === 'DAILY') return;
      // Runs beside the fields' own checks (so the form shows it with theirs): skip what they refuse.
      const zone = event.timeZone ?? DEFAULT_TIME_ZONE;
      if (!isTimeZone(zone) || Number.isNaN(Date.parse(event.startDate))) return;
      const mismatch = repeatStartMismatch(event.repeat, new Date(event.startDate), zone);
      if (mismatch) context.addIssue({ code: 'custom', message: mismatch, path: ['startDate'] });
    })
    .refine((event) => event.location !== 'IN_PERSON' || event.address != null, {
      message: EVENT_ADDRESS_REQUIRED,
      path: ['address'],
      when: whenFieldsValid('location', 'address'),
    })
    .refine((event) => event.location === 'IN_PERSON' || event.addressUrl != null, {
      message: EVENT_STREAM_URL_REQUIRED,
      path: ['addressUrl'],
      when: whenFieldsValid('location', 'addressUrl'),
    });
};

const currentTime = () => new Date();

export const CreateEventInput = eventInputSchema(currentTime);
export type CreateEventInput = z.infer<typeof CreateEventInput>;

/** Editing sends the whole event again (PUT), under the same rules. */
export const UpdateEventInput = eventInputSchema(currentTime);
export type UpdateEventInput = z.infer<typeof UpdateEventInput>;

/** RSVP and UnRSVP carry the event id in the body as well as in the path. */
export const RsvpInput = z.strictObject({ eventId: uuid('Event') });
export type RsvpInput = z.infer<typeof RsvpInput>;

export const EVENT_LIST_WHEN = ['upcoming', 'past'] as const;
export const EventListQuery = PageQuery.extend({
  published: z.stringbool().optional(),
  when: z.enum(EVENT_LIST_WHEN).default('upcoming'),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

/** `GET /api/events?from=&to=`: every date of every published event in a range (the month grid). */
export const EventRangeQuery = z
  .strictObject({ from: isoDateTime(DATE_INVALID), to: isoDateTime(DATE_INVALID) })
  .refine(
    ({ from, to }) => {
      const span = Date.parse(to) - Date.parse(from);
      return span > 0 && span <= EVENT_RANGE_MAX_DAYS * 86_400_000;
    },
    { message: EVENT_RANGE_INVALID, path: ['to'] },
  );
export type EventRangeQuery = z.infer<typeof EventRangeQuery>;

/** Cancelling (or restoring) one date of a series: its start, as listed in `occurrence`/`nextOccurrences`. */
export const CancelOccurrenceInput = z.strictObject({ occurrenceStart: isoDateTime(DATE_INVALID) });
export type CancelOccurrenceInput = z.infer<typeof CancelOccurrenceInput>;

/** "Who is going": the attendees the event page shows before its "+N" opens the full list. */
export const EVENT_ATTENDEES_SHOWN = 12;

/** An RSVPed member as every reader of the event sees them (never their email: that is the CSV's). */
export type EventAttendee = {
  id: string;
  firstName: string;
  lastName: string;
  pseudo: string;
  imageUrl: string | null;
};

/** `GET /api/events/{id}/attendees`: by RSVP time, earliest first. */
export type EventAttendeePage = { items: EventAttendee[]; nextCursor: string | null };

/** The columns of an event's attendee list (`GET /api/events/{id}/attendees.csv`, its organisers only). */
export const EVENT_ATTENDEES_CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Pseudo',
  'Email',
  'RSVP Time',
  /** "Going", or "Waitlist #n" (n = 1 is next): the waitlist follows those going, in its order. */
  'Status',
] as const;

/** Cancelling a whole event (every date of a series): the reason its page and the notification show. */
export const CancelEventInput = z.strictObject({
  reason: longText('Reason', EVENT_CANCEL_REASON_MAX, { typeMessage: EVENT_CANCEL_REASON_REQUIRED }).min(
    1,
    EVENT_CANCEL_REASON_REQUIRED,
  ),
});
export type CancelEventInput = z.infer<typeof CancelEventInput>;
