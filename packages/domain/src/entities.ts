// Shapes the API returns, shared by edge-api (which builds them) and the front ends (which show them).
// They follow spec section 3; field names are the spec's.

export const ROLES = ['SUPER_ADMIN', 'ADMIN', 'HOST', 'USER'] as const;
export type Role = (typeof ROLES)[number];

export const FEATURE_KEYS = [
  'livewall',
  'posts',
  'community',
  'messages',
  'events',
  'content',
  'spaces',
  'livestream',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];
export type FeatureSwitch = { feature: FeatureKey; enabled: boolean };

export const SPACE_TYPES = ['PUBLIC', 'PRIVATE', 'PAID'] as const;
export type SpaceType = (typeof SPACE_TYPES)[number];
export const SPACE_MEMBER_ROLES = ['GUEST', 'MODERATOR', 'ADMIN'] as const;
export type SpaceMemberRole = (typeof SPACE_MEMBER_ROLES)[number];

export const EVENT_LOCATIONS = ['YOUTUBE', 'FACEBOOK', 'LINKEDIN', 'IN_PERSON'] as const;
export type EventLocation = (typeof EVENT_LOCATIONS)[number];
/**
 * The spec's five (section 9), then weekly and every-2-weeks on the start's own weekday (issue 26):
 * a series that starts on a Thursday can repeat on Thursdays. On a Tuesday the form sends the spec's.
 */
export const EVENT_REPEATS = [
  'NO_REPEAT',
  'DAILY',
  'WEEKDAY',
  'TUESDAY',
  'BI_WEEKLY_TUESDAY',
  'WEEKLY',
  'BI_WEEKLY',
] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];
export const REGISTRATIONS = ['FREE', 'PAID'] as const;
export type Registration = (typeof REGISTRATIONS)[number];

/** A user as any signed-in member may see them: no email or phone outside the admin panel or oneself. */
export type PublicUser = {
  id: string;
  firstName: string;
  lastName: string;
  pseudo: string;
  job: string | null;
  company: string | null;
  address: ProfileAddress;
  bio: string | null;
  interests: string[];
  imageUrl: string | null;
  coverImageUrl: string | null;
  /** Absent (null) means online. */
  lastOfflineAt: string | null;
  role: Role;
  /** When the member joined (the account's creation). */
  memberSince: string;
  /** The contact fields the member chose to show (showEmail / showPhone); null when hidden. */
  contact: { email: string | null; phone: string | null };
};

/** The member's city: `cityId`, country and coordinates are set when it was picked from the city search. */
export type ProfileAddress = {
  city: string | null;
  cityId: number | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
};

/** The signed-in user (or a user seen from the admin panel): adds private fields. */
export type User = PublicUser & {
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  showEmail: boolean;
  showPhone: boolean;
  /** Which emails the member gets (issue 32; ADR 26): each kind on unless they turned it off. */
  emailPreferences: EmailPreferences;
  /** The member's IANA time zone, saved from their browser by Edit Profile; null: the community's. */
  timeZone: string | null;
  isBlocked: boolean;
  features: FeatureSwitch[];
};

/**
 * `messages`: an email when direct messages stay unread while the member is away; `mentions`: when
 * mentions of them or comments on their posts do; `events`: reminders and cancellations of events
 * they RSVPed to; `digest`: the weekly digest, which comes on `digestDay` (0 Sunday … 6 Saturday) in
 * the member's time zone.
 */
export type EmailPreferences = {
  messages: boolean;
  mentions: boolean;
  events: boolean;
  digest: boolean;
  digestDay: number;
};

export type UserSummary = Pick<PublicUser, 'id' | 'firstName' | 'lastName' | 'imageUrl'>;

export type EventAddress = {
  city: string;
  name: string;
  full_address: string;
  lat: number;
  lng: number;
};

export type CommunityEvent = {
  id: string;
  title: string;
  description: string | null;
  authorId: string;
  hostId: string;
  hostName: string;
  host: { firstName: string; lastName: string; imageUrl: string | null };
  spaceId: string;
  startDate: string;
  endDate: string;
  repeat: EventRepeat;
  location: EventLocation;
  registration: Registration;
  published: boolean;
  bannerUrl: string | null;
  addressUrl: string | null;
  address: EventAddress | null;
  zoomTitle: string | null;
  zoomDuration: number | null;
  tags: { id: string; name: string }[];
  members: { userId: string }[];
  color: string | null;
  /** IANA zone the event's clock times and repeats are in, e.g. "America/New_York". */
  timeZone: string;
  /**
   * The session a list or range item stands for: in Upcoming the series' next date, in Past its last,
   * in a range (month grid) one item per date. Null when the event is read alone (`GET /api/events/{id}`).
   */
  occurrence: EventOccurrence | null;
  /** The coming dates of a repeating series (NEXT_OCCURRENCES_SHOWN; cancelled ones marked); detail only, else []. */
  nextOccurrences: EventOccurrence[];
  /** When the whole event (every date of a series) was called off; null while it is on. */
  cancelledAt: string | null;
  /** Why, as its organiser wrote it; null while it is on. */
  cancelReason: string | null;
  /** Places (RSVPs) for the event, a series as a whole; null: no limit. */
  capacity: number | null;
  /**
   * Places its RSVPs hold, as the server counts them when it takes an RSVP: every RSVP, a blocked
   * member's too (`members` leaves those out), so "N of M places left" is what the server enforces.
   */
  placesTaken: number;
  /** How many members wait for a place (blocked members left out). */
  waitlistCount: number;
  /** The reader's own place on the waitlist (1 is next); null when they are not waiting. */
  waitlistPosition: number | null;
};

/** One date of an event: the series' start and end moved to that day (same wall-clock times in its zone). */
export type EventOccurrence = { start: string; end: string; cancelled: boolean };

/** What the month grid shows of an event; the dialog it opens reads the whole event by id. */
export type EventSummary = Pick<
  CommunityEvent,
  'id' | 'title' | 'color' | 'timeZone' | 'repeat' | 'location' | 'startDate' | 'endDate' | 'cancelledAt'
>;

/**
 * `GET /api/events?from=&to=` (the month grid): each event of the range once, as a summary, and
 * every date of theirs in it by event id, so a daily series is not sent thirty times over.
 */
export type EventRange = {
  events: EventSummary[];
  occurrences: (EventOccurrence & { eventId: string })[];
};

export type Space = {
  id: string;
  name: string;
  description: string;
  type: SpaceType;
  color: string;
  inviteCode: string | null;
  adminId: string;
  membersCount: number;
  /** Whether the caller belongs to the space (a reader of a public space may not). */
  isMember: boolean;
};

/** A member shown on a space's card (a few faces: who is in it, at a glance). */
export type SpaceFace = { id: string; firstName: string; lastName: string; imageUrl: string | null };

/**
 * A space as its card shows it: the Spaces page and a non-member's landing card. `faces` are a few
 * of its members, only where the caller may read the space (a private or paid space's members are
 * its own business: `[]` for a non-member).
 */
export type SpaceCard = Space & {
  faces: SpaceFace[];
  /**
   * The caller's own request to join a private space they are not in (its landing card and its
   * card on the Spaces page), or null.
   */
  joinRequest: MyJoinRequest | null;
};

/** Days after a declined request before its member may ask again. */
export const JOIN_REQUEST_COOLDOWN_DAYS = 7;

/**
 * One's own request to join a private space (issue 30): waiting, or declined (`askAgainAt`: when
 * one may ask again).
 */
export type MyJoinRequest = { status: 'PENDING' | 'DECLINED'; askAgainAt: string | null };

/** A pending request as the space's admin and moderators see it in the members dialog. */
export type JoinRequest = { id: string; createdAt: string; user: SpaceFace };

export type Community = {
  id: string;
  name: string;
  communityName: string;
  communityLogo: string | null;
  communityUrl: string;
  ownerId: string;
  ownerName: string;
  /** IANA zone new events default to (issue 12), e.g. "America/New_York". */
  timeZone: string;
  /** The first-visit welcome's text (the default one until an admin writes another). */
  welcomeText: string;
  /**
   * Emails show the logo, an image mail apps fetch from this server (which tells it when an email
   * is opened); off by default: the community's name only (ADR 26).
   */
  emailImages: boolean;
};

/** A page of a keyset-paginated list. `nextCursor` is null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * Every non-2xx answer of the API (ARCHITECTURE.md, Contracts). `requestId` is the request's id (also
 * in the `X-Request-Id` header and the server's log line): the reference a member gives the admin.
 */
export type ApiErrorBody = {
  error: string;
  requestId?: string;
  issues?: { path: string; message: string }[];
};
