// The event form's state, and its translation to and from the API's body (`CreateEventInput`).
// Validation is the domain's `eventInputSchema(now)`, so the form shows the server's messages.
import {
  type CommunityEvent,
  DEFAULT_EVENT_REPEAT,
  DEFAULT_REGISTRATION,
  DEFAULT_TIME_ZONE,
  EVENT_DATE_ORDER,
  type EventLocation,
  type EventRepeat,
  eventInputSchema,
  type Registration,
  toApiIssues,
  type User,
} from '@community/domain';
import { MAP_PICK_REQUIRED } from './event-texts.ts';
import { repeatFollowingStart } from './repeat-options.ts';

export type EventFormValues = {
  title: string;
  description: string;
  spaceId: string;
  hostId: string;
  hostName: string;
  startDate: Date;
  endDate: Date;
  repeat: EventRepeat;
  location: EventLocation;
  addressName: string;
  fullAddress: string;
  city: string;
  lat: number | null;
  lng: number | null;
  streamUrl: string;
  registration: Registration;
  tags: string[];
  bannerUrl: string | null;
  published: boolean;
  color: string | null;
  /** IANA zone the start and end are wall-clock times in (the community's by default). */
  timeZone: string;
  /** Places, as typed (digits); blank: no limit. */
  capacity: string;
};

export type EventFormField =
  | 'title'
  | 'description'
  | 'spaceId'
  | 'hostId'
  | 'startDate'
  | 'endDate'
  | 'repeat'
  | 'location'
  | 'addressName'
  | 'fullAddress'
  | 'city'
  | 'coordinates'
  | 'streamUrl'
  | 'registration'
  | 'tags'
  | 'bannerUrl'
  | 'timeZone'
  | 'capacity';

export type EventFormErrors = Partial<Record<EventFormField, string>>;

const HOUR = 60 * 60 * 1000;

/** A new event starts at the next full hour and lasts an hour; the signed-in user hosts it. */
export function newEventForm(
  user: Pick<User, 'id' | 'firstName' | 'lastName'> | null,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): EventFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setTime(start.getTime() + HOUR);
  return {
    title: '',
    description: '',
    spaceId: '',
    hostId: user?.id ?? '',
    hostName: user ? `${user.firstName} ${user.lastName}` : '',
    startDate: start,
    endDate: new Date(start.getTime() + HOUR),
    repeat: DEFAULT_EVENT_REPEAT,
    location: 'IN_PERSON',
    addressName: '',
    fullAddress: '',
    city: '',
    lat: null,
    lng: null,
    streamUrl: '',
    registration: DEFAULT_REGISTRATION,
    tags: [],
    bannerUrl: null,
    published: true,
    color: null,
    timeZone,
    capacity: '',
  };
}

/**
 * The end once the start moves: as long after the new start as it was after the old one, as Google
 * Calendar and Luma do (an end set by hand keeps its length too); an hour when it was not after it.
 */
export function endAfterNewStart(values: Pick<EventFormValues, 'startDate' | 'endDate'>, start: Date): Date {
  const length = values.endDate.getTime() - values.startDate.getTime();
  return new Date(start.getTime() + (length > 0 ? length : HOUR));
}

export function eventToForm(event: CommunityEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? '',
    spaceId: event.spaceId,
    hostId: event.hostId,
    hostName: event.hostName,
    startDate: new Date(event.startDate),
    endDate: new Date(event.endDate),
    // A weekly repeat as the form offers it for this start (WEEKLY on a Tuesday reads TUESDAY).
    repeat: repeatFollowingStart(
      event.repeat,
      new Date(event.startDate),
      event.timeZone || DEFAULT_TIME_ZONE,
    ),
    location: event.location,
    addressName: event.address?.name ?? '',
    fullAddress: event.address?.full_address ?? '',
    city: event.address?.city ?? '',
    lat: event.address?.lat ?? null,
    lng: event.address?.lng ?? null,
    streamUrl: event.location === 'IN_PERSON' ? '' : (event.addressUrl ?? ''),
    registration: event.registration,
    tags: event.tags.map((tag) => tag.name),
    bannerUrl: event.bannerUrl,
    published: event.published,
    color: event.color,
    timeZone: event.timeZone || DEFAULT_TIME_ZONE,
    capacity: event.capacity === null ? '' : String(event.capacity),
  };
}

/** Blank: no limit; anything else goes to the schema as a number (NaN for text, which it refuses). */
const capacityOf = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed.trim()));

/** The request body of POST /api/events and PUT /api/events/{id}. */
export function formToBody(values: EventFormValues) {
  const inPerson = values.location === 'IN_PERSON';
  return {
    title: values.title,
    description: values.description.trim() ? values.description : null,
    spaceId: values.spaceId,
    hostId: values.hostId,
    startDate: values.startDate.toISOString(),
    endDate: values.endDate.toISOString(),
    repeat: values.repeat,
    location: values.location,
    address: inPerson
      ? {
          city: values.city,
          name: values.addressName,
          full_address: values.fullAddress,
          lat: values.lat,
          lng: values.lng,
        }
      : null,
    addressUrl: inPerson ? null : values.streamUrl,
    registration: values.registration,
    published: values.published,
    bannerUrl: values.bannerUrl,
    tags: values.tags,
    color: values.color,
    timeZone: values.timeZone,
    capacity: capacityOf(values.capacity),
  };
}

export type EventBody = ReturnType<typeof formToBody>;

const FIELD_OF_PATH: Record<string, EventFormField> = {
  title: 'title',
  description: 'description',
  spaceId: 'spaceId',
  hostId: 'hostId',
  startDate: 'startDate',
  endDate: 'endDate',
  repeat: 'repeat',
  location: 'location',
  address: 'fullAddress',
  'address.full_address': 'fullAddress',
  'address.name': 'addressName',
  'address.city': 'city',
  'address.lat': 'coordinates',
  'address.lng': 'coordinates',
  addressUrl: 'streamUrl',
  registration: 'registration',
  tags: 'tags',
  bannerUrl: 'bannerUrl',
  timeZone: 'timeZone',
  capacity: 'capacity',
};

/** The first message per form field, from the schema's or the server's issues. */
export function fieldErrorsOf(issues: readonly { path: string; message: string }[]): EventFormErrors {
  const errors: EventFormErrors = {};
  for (const issue of issues) {
    const field = FIELD_OF_PATH[issue.path] ?? FIELD_OF_PATH[issue.path.split('.')[0] ?? ''];
    if (!field || errors[field]) continue;
    errors[field] = field === 'coordinates' ? MAP_PICK_REQUIRED : issue.message;
  }
  return errors;
}

export type EventFormCheck = {
  errors: EventFormErrors;
  /** Start is not before end ("Check the event date"). */
  dateOrderInvalid: boolean;
};

export function checkEventForm(values: EventFormValues, now: Date = new Date()): EventFormCheck {
  const parsed = eventInputSchema(now).safeParse(formToBody(values));
  if (parsed.success) return { errors: {}, dateOrderInvalid: false };
  const issues = toApiIssues(parsed.error);
  return {
    errors: fieldErrorsOf(issues),
    dateOrderInvalid: issues.some((issue) => issue.message === EVENT_DATE_ORDER),
  };
}
