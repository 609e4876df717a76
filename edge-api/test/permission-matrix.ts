// The route × caller permission matrix (RELIABILITY-SECURITY.md, "Access"): for every route of the
// app, what each kind of caller gets when it sends an INVALID body or query. A caller without the
// right must get 401/403 (the schema is none of its business); a caller with it gets the 400 (or
// the route's answer when it takes no input). permissions.test.ts plays it over HTTP, and
// src/permission-matrix.test.ts fails when the app has a route this table does not list.

import type { FeatureKey } from '@community/domain';

/** Every kind of caller the rules tell apart. Space roles are in a private test space. */
export const CALLERS = [
  'anonymous',
  'user', // community USER, not in the test spaces
  'host', // community HOST
  'admin', // community ADMIN
  'superAdmin', // community SUPER_ADMIN (the owner)
  'spaceGuest',
  'spaceModerator',
  'spaceAdmin', // created the test spaces
  'otherSpaceMember', // a member of another private space only
] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'anonymous'>;

/** What the test creates before playing the matrix. */
export type Fixtures = {
  ids: Record<SignedInCaller, string>;
  /** Private; spaceAdmin its admin, spaceModerator and spaceGuest its other members. */
  privateSpaceId: string;
  /** Public; spaceAdmin its only member. */
  publicSpaceId: string;
  /** Private, same members as the private space: for leaving. */
  leaveSpaceId: string;
  /** spaceGuest's membership row in the private space. */
  guestMemberId: string;
  /** A published event of the private space, by spaceAdmin. */
  eventId: string;
  /** A published event of a paid space (spaceAdmin its admin, spaceGuest and spaceModerator members), by spaceAdmin. */
  paidEventId: string;
  /** A post by spaceAdmin on the private space's wall. */
  privatePostId: string;
  /** A post by spaceAdmin on the public space's wall (everyone reads it; only spaceAdmin is a member). */
  publicPostId: string;
  /** A direct conversation between spaceAdmin and spaceGuest, with one message by spaceAdmin. */
  conversationId: string;
  /** That message, and one by spaceAdmin in the private space's chat (only their author edits them). */
  directMessageId: string;
  spaceMessageId: string;
};

export type MatrixRequest = { path: string; body?: unknown; headers?: Record<string, string> };

export type MatrixRow = {
  /** `METHOD /path/:param` exactly as Hono lists it in `app.routes`. */
  route: string;
  /** What this row sends, when a route has several rows. */
  case?: string;
  request: (fx: Fixtures, caller: Caller) => MatrixRequest;
  /** Callers with the right. */
  allowed: readonly Caller[];
  /** What they get for the invalid input (400), or the answer of a route without input. */
  status: number;
  /** What signed-in callers without the right get (403 unless said). */
  refused?: number;
  /**
   * Callers without the right who get something else than `refused`: an event's readers get 403
   * where everyone else, who may not see it, gets 404.
   */
  refusedBy?: Partial<Record<SignedInCaller, number>>;
  /** What an anonymous caller without the right gets (401 unless said). */
  anonymous?: number;
  /** Sign in anew for this call (the route ends the session). */
  freshSession?: boolean;
  /**
   * The feature switch that gates the row (docs/features.md): off, the caller gets 403 with
   * featureDisabledMessage before anything else is checked. Several: each one alone refuses it
   * (another member's events need `events` and `community`). Rows open to all name none and are
   * listed in OPEN_ROUTES.
   */
  feature?: FeatureKey | readonly FeatureKey[];
};

/** The switches a row needs, as a list. */
export const featuresOf = (row: MatrixRow): readonly FeatureKey[] =>
  row.feature === undefined ? [] : typeof row.feature === 'string' ? [row.feature] : row.feature;

const EVERYONE = CALLERS;
const SIGNED_IN = CALLERS.filter((caller) => caller !== 'anonymous');
const COMMUNITY_ADMINS = ['admin', 'superAdmin'] as const;
const PRIVATE_MEMBERS = ['spaceGuest', 'spaceModerator', 'spaceAdmin'] as const;
const CONVERSATION_PARTICIPANTS = ['spaceAdmin', 'spaceGuest'] as const;
const NOBODY = [] as const;
/** The private space's members who may read its event but not do this: 403 (others 404). */
const READERS_REFUSED = (...callers: (typeof PRIVATE_MEMBERS)[number][]) =>
  Object.fromEntries(callers.map((caller) => [caller, 403])) as Partial<Record<SignedInCaller, number>>;

/** A JSON body no schema of ours accepts: every body schema is an object. */
const GARBAGE = 'not an object';
const NOT_A_UUID = 'not-a-uuid';
/** A well-formed id that names nothing. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** A cursor that does not decode: the list routes' invalid query. */
const BAD_CURSOR = '?cursor=%21%21%21';

/** The caller's own id (anonymous has none: any id will do, the answer is 401 first). */
const own = (fx: Fixtures, caller: Caller) => (caller === 'anonymous' ? NO_SUCH_ID : fx.ids[caller]);
/** Someone else's id. */
const other = (fx: Fixtures, caller: Caller) => (caller === 'user' ? fx.ids.host : fx.ids.user);

const at = (path: (fx: Fixtures, caller: Caller) => string) => (fx: Fixtures, caller: Caller) => ({
  path: path(fx, caller),
});
const garbage = (path: (fx: Fixtures, caller: Caller) => string) => (fx: Fixtures, caller: Caller) => ({
  path: path(fx, caller),
  body: GARBAGE,
});

export const MATRIX: readonly MatrixRow[] = [
  // Open to everyone.
  { route: 'GET /api/health', request: at(() => '/api/health'), allowed: EVERYONE, status: 200 },
  { route: 'GET /api/health/ready', request: at(() => '/api/health/ready'), allowed: EVERYONE, status: 200 },
  { route: 'GET /api/config', request: at(() => '/api/config'), allowed: EVERYONE, status: 200 },
  {
    route: 'GET /mfe-manifest.json',
    request: at(() => '/mfe-manifest.json'),
    allowed: EVERYONE,
    status: 200,
  },

  // An email's unsubscribe link: the signed token is the right (ADR 26), whoever opens it.
  {
    route: 'GET /api/email/unsubscribe',
    case: 'a malformed token',
    request: at(() => '/api/email/unsubscribe?token=x'),
    allowed: EVERYONE,
    status: 400,
  },
  {
    route: 'POST /api/email/unsubscribe',
    case: 'a malformed token',
    request: garbage(() => '/api/email/unsubscribe?token=x'),
    allowed: EVERYONE,
    status: 400,
  },
  // The logo a mail app fetches (mail/brand.ts): no sign-in, and only while the community shows it.
  {
    route: 'GET /api/email/logo/:file',
    case: 'images in emails off',
    request: at(() => '/api/email/logo/0b9f3c4e-8a1d-4c2b-9e5f-6a7b8c9d0e1f.png'),
    allowed: EVERYONE,
    status: 404,
  },

  // Auth.
  {
    route: 'POST /api/auth/login',
    request: garbage(() => '/api/auth/login'),
    allowed: EVERYONE,
    status: 400,
  },
  {
    route: 'POST /api/auth/refresh',
    case: 'without a refresh cookie',
    request: () => ({ path: '/api/auth/refresh' }),
    allowed: EVERYONE,
    status: 401,
  },
  {
    route: 'POST /api/auth/sign-out',
    request: () => ({ path: '/api/auth/sign-out' }),
    allowed: EVERYONE,
    status: 204,
    freshSession: true,
  },
  { route: 'GET /api/auth/me', request: at(() => '/api/auth/me'), allowed: SIGNED_IN, status: 200 },
  {
    route: 'POST /api/auth/accept-invite',
    request: garbage(() => '/api/auth/accept-invite'),
    allowed: EVERYONE,
    status: 400,
  },
  {
    route: 'GET /api/authorization',
    request: at(() => '/api/authorization'),
    allowed: SIGNED_IN,
    status: 200,
  },

  // Community.
  { route: 'GET /api/community', request: at(() => '/api/community'), allowed: SIGNED_IN, status: 200 },
  {
    route: 'PATCH /api/community',
    request: garbage(() => '/api/community'),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'POST /api/community/invite',
    request: garbage(() => '/api/community/invite'),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'PUT /api/community/welcome',
    request: garbage(() => '/api/community/welcome'),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  { route: 'GET /api/welcome', request: at(() => '/api/welcome'), allowed: SIGNED_IN, status: 200 },
  {
    route: 'POST /api/welcome/dismissal',
    request: at(() => '/api/welcome/dismissal'),
    allowed: SIGNED_IN,
    status: 204,
  },

  {
    route: 'GET /api/community/users',
    feature: 'community',
    request: at(() => `/api/community/users${BAD_CURSOR}`),
    allowed: SIGNED_IN,
    status: 400,
  },

  // Users and presence.
  {
    route: 'GET /api/users/community-members',
    case: 'without SearchName',
    request: at(() => '/api/users/community-members'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/users/:id',
    feature: 'community',
    request: at((fx, caller) => `/api/users/${other(fx, caller)}`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/users/:id',
    feature: 'community',
    case: 'an id that is not a UUID',
    request: at(() => `/api/users/${NOT_A_UUID}`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'GET /api/users/leaderboard',
    feature: 'community',
    request: at(() => '/api/users/leaderboard'),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/users/most-active',
    feature: 'community',
    request: at(() => '/api/users/most-active'),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/users/:id/latest-activity',
    feature: 'community',
    request: at((fx, caller) => `/api/users/${other(fx, caller)}/latest-activity${BAD_CURSOR}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/users/:id/events',
    feature: ['events', 'community'],
    request: at((fx, caller) => `/api/users/${other(fx, caller)}/events`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/cities',
    case: 'a search too long',
    request: at(() => `/api/cities?search=${'x'.repeat(300)}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/users/:id/spaces',
    feature: 'community',
    request: at((fx, caller) => `/api/users/${other(fx, caller)}/spaces`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'PATCH /api/users/:id',
    case: 'one’s own profile',
    request: garbage((fx, caller) => `/api/users/${own(fx, caller)}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'PATCH /api/users/:id',
    case: 'someone else’s profile',
    request: garbage((fx, caller) => `/api/users/${other(fx, caller)}`),
    allowed: NOBODY,
    status: 400,
  },
  {
    route: 'PATCH /api/socket/users/online-status/:id',
    case: 'one’s own status',
    request: garbage((fx, caller) => `/api/socket/users/online-status/${own(fx, caller)}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'PATCH /api/socket/users/online-status/:id',
    case: 'someone else’s status',
    request: garbage((fx, caller) => `/api/socket/users/online-status/${other(fx, caller)}`),
    allowed: NOBODY,
    status: 400,
  },

  // Events.
  {
    route: 'GET /api/events.ics',
    feature: 'events',
    case: 'with a malformed feed token',
    request: at(() => `/api/events.ics?user=${NOT_A_UUID}&token=x`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/events',
    feature: 'events',
    request: at(() => '/api/events?when=someday'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/events/calendar-feed',
    feature: 'events',
    request: at(() => '/api/events/calendar-feed'),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'POST /api/events/calendar-feed/reset',
    feature: 'events',
    request: at(() => '/api/events/calendar-feed/reset'),
    allowed: SIGNED_IN,
    status: 200,
  },
  // An event is seen by the readers of its space (docs/api.md): anyone else gets 404, as for posts.
  {
    route: 'GET /api/events/:file{[0-9a-fA-F-]{36}\\.ics}',
    feature: 'events',
    case: 'private',
    request: at((fx) => `/api/events/${fx.eventId}.ics`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
    refused: 404,
  },
  {
    route: 'GET /api/events/:file{[0-9a-fA-F-]{36}\\.ics}',
    feature: 'events',
    case: 'paid',
    request: at((fx) => `/api/events/${fx.paidEventId}.ics`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
    refused: 404,
  },
  {
    route: 'GET /api/events/:id',
    feature: 'events',
    case: 'private',
    request: at((fx) => `/api/events/${fx.eventId}`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
    refused: 404,
  },
  {
    route: 'GET /api/events/:id',
    feature: 'events',
    case: 'paid',
    request: at((fx) => `/api/events/${fx.paidEventId}`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
    refused: 404,
  },
  {
    route: 'GET /api/events/:id',
    feature: 'events',
    case: 'an id that is not a UUID',
    request: at(() => `/api/events/${NOT_A_UUID}`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'POST /api/events',
    feature: 'events',
    case: 'in the private space, nothing else valid',
    request: (fx) => ({ path: '/api/events', body: { spaceId: fx.privateSpaceId, title: 42 } }),
    // Community admins too post only where they read (a public space they are not in).
    allowed: PRIVATE_MEMBERS,
    status: 400,
  },
  {
    route: 'PUT /api/events/:id',
    feature: 'events',
    request: garbage((fx) => `/api/events/${fx.eventId}`),
    allowed: ['spaceAdmin'],
    status: 400,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceGuest', 'spaceModerator'),
  },
  {
    route: 'POST /api/events/:eventId/members',
    feature: 'events',
    request: garbage((fx) => `/api/events/${fx.eventId}/members`),
    allowed: ['spaceGuest', 'spaceModerator'], // the space's readers; the author cannot RSVP
    status: 400,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceAdmin'),
  },
  {
    route: 'POST /api/events/:eventId/members',
    feature: 'events',
    case: 'paid',
    request: garbage((fx) => `/api/events/${fx.paidEventId}/members`),
    allowed: ['spaceGuest', 'spaceModerator'],
    status: 400,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceAdmin'),
  },
  {
    route: 'DELETE /api/events/:eventId/members',
    feature: 'events',
    request: at((fx) => `/api/events/${fx.eventId}/members`),
    allowed: ['spaceGuest', 'spaceModerator'],
    status: 200,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceAdmin'),
  },
  {
    route: 'GET /api/events/:id/attendees',
    feature: 'events',
    request: at((fx) => `/api/events/${fx.eventId}/attendees${BAD_CURSOR}`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
    refused: 404,
  },
  {
    route: 'GET /api/events/:id/attendees.csv',
    feature: 'events',
    request: at((fx) => `/api/events/${fx.eventId}/attendees.csv`),
    // Its author and host, and community admins in any space; who may not see it gets 404.
    allowed: ['spaceAdmin', ...COMMUNITY_ADMINS],
    status: 200,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceGuest', 'spaceModerator'),
  },
  {
    // Deleting the fixture event would take it from the other rows: who may delete (author, host,
    // community admins) and another member's 403 are played in events-repeating.test.ts.
    route: 'DELETE /api/events/:id',
    feature: 'events',
    case: 'an event that does not exist',
    request: at(() => `/api/events/${NO_SUCH_ID}`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'POST /api/events/:id/cancelled-occurrences',
    feature: 'events',
    request: garbage((fx) => `/api/events/${fx.eventId}/cancelled-occurrences`),
    // Its author and host, and community admins in any space; who may not see it gets 404.
    allowed: ['spaceAdmin', ...COMMUNITY_ADMINS],
    status: 400,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceGuest', 'spaceModerator'),
  },
  {
    route: 'POST /api/events/:id/cancellation',
    feature: 'events',
    request: garbage((fx) => `/api/events/${fx.eventId}/cancellation`),
    // Its author and host, and community admins in any space; who may not see it gets 404.
    allowed: ['spaceAdmin', ...COMMUNITY_ADMINS],
    status: 400,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceGuest', 'spaceModerator'),
  },
  {
    route: 'DELETE /api/events/:id/cancellation',
    feature: 'events',
    case: 'an event that is not cancelled',
    request: at((fx) => `/api/events/${fx.eventId}/cancellation`),
    allowed: ['spaceAdmin', ...COMMUNITY_ADMINS],
    status: 409,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceGuest', 'spaceModerator'),
  },
  {
    route: 'DELETE /api/events/:id/cancelled-occurrences/:occurrenceStart',
    feature: 'events',
    case: 'a date that is not an ISO instant',
    request: at((fx) => `/api/events/${fx.eventId}/cancelled-occurrences/someday`),
    allowed: ['spaceAdmin', ...COMMUNITY_ADMINS],
    status: 400,
    refused: 404,
    refusedBy: READERS_REFUSED('spaceGuest', 'spaceModerator'),
  },

  // Spaces.
  { route: 'GET /api/spaces', request: at(() => '/api/spaces'), allowed: SIGNED_IN, status: 200 },
  {
    route: 'POST /api/spaces',
    feature: 'spaces',
    request: garbage(() => '/api/spaces'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/spaces/invite/:inviteCode',
    feature: 'spaces',
    case: 'a code that names no space',
    request: at(() => `/api/spaces/invite/${'x'.repeat(80)}`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'POST /api/spaces/invite/:inviteCode',
    feature: 'spaces',
    case: 'a code that names no space',
    request: at(() => `/api/spaces/invite/${'x'.repeat(80)}`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'GET /api/spaces/directory',
    feature: 'spaces',
    request: at(() => '/api/spaces/directory'),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/spaces/:id/card',
    feature: 'spaces',
    case: 'private: its landing card, for whoever has the link',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/card`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/spaces/:id/card',
    feature: 'spaces',
    case: 'an id that names no space',
    request: at(() => `/api/spaces/${NO_SUCH_ID}/card`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'POST /api/spaces/:id/join',
    feature: 'spaces',
    case: 'private: only public spaces are joined by oneself (its members: harmless)',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/join`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
  },
  {
    route: 'POST /api/spaces/:id/join',
    feature: 'spaces',
    case: 'an id that is not a UUID',
    request: at(() => `/api/spaces/${NOT_A_UUID}/join`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'POST /api/spaces/:id/join-requests',
    feature: 'spaces',
    case: 'public: only a private space takes requests (from non-members)',
    request: at((fx) => `/api/spaces/${fx.publicSpaceId}/join-requests`),
    allowed: NOBODY,
    status: 201,
  },
  {
    route: 'DELETE /api/spaces/:id/join-requests/mine',
    feature: 'spaces',
    case: 'no pending request',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/join-requests/mine`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'GET /api/spaces/:id/join-requests',
    feature: 'spaces',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/join-requests`),
    allowed: ['spaceModerator', 'spaceAdmin'],
    status: 200,
  },
  {
    route: 'POST /api/spaces/:id/join-requests/:requestId/approval',
    feature: 'spaces',
    case: 'a request that does not exist',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/join-requests/${NO_SUCH_ID}/approval`),
    allowed: ['spaceModerator', 'spaceAdmin'],
    status: 404,
  },
  {
    route: 'POST /api/spaces/:id/join-requests/:requestId/decline',
    feature: 'spaces',
    case: 'a request that does not exist',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/join-requests/${NO_SUCH_ID}/decline`),
    allowed: ['spaceModerator', 'spaceAdmin'],
    status: 404,
  },
  {
    route: 'GET /api/spaces/:id',
    feature: 'spaces',
    case: 'private',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
  },
  {
    route: 'GET /api/spaces/:id',
    feature: 'spaces',
    case: 'public',
    request: at((fx) => `/api/spaces/${fx.publicSpaceId}`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/spaces/:id',
    feature: 'spaces',
    case: 'an id that is not a UUID',
    request: at(() => `/api/spaces/${NOT_A_UUID}`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'PATCH /api/spaces/:id',
    feature: 'spaces',
    case: 'private',
    request: garbage((fx) => `/api/spaces/${fx.privateSpaceId}`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'PATCH /api/spaces/:id',
    feature: 'spaces',
    case: 'public',
    request: garbage((fx) => `/api/spaces/${fx.publicSpaceId}`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'DELETE /api/spaces/:id',
    feature: 'spaces',
    case: 'a space that does not exist',
    request: at(() => `/api/spaces/${NO_SUCH_ID}`),
    allowed: ['superAdmin'],
    status: 404,
  },
  {
    route: 'GET /api/spaces/:id/members',
    feature: 'spaces',
    case: 'private',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/members`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
  },
  {
    route: 'GET /api/spaces/:id/members',
    feature: 'spaces',
    case: 'public',
    request: at((fx) => `/api/spaces/${fx.publicSpaceId}/members`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/spaces/:id/addable-users',
    feature: 'spaces',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/addable-users?search=${'x'.repeat(300)}`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'POST /api/spaces/:id/users',
    feature: 'spaces',
    request: garbage((fx) => `/api/spaces/${fx.privateSpaceId}/users`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'PATCH /api/spaces/:id/members/:memberId',
    feature: 'spaces',
    request: garbage((fx) => `/api/spaces/${fx.privateSpaceId}/members/${fx.guestMemberId}`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'DELETE /api/spaces/:id/members/:memberId',
    feature: 'spaces',
    case: 'a member that does not exist',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/members/${NO_SUCH_ID}`),
    allowed: ['spaceAdmin'],
    status: 404,
  },
  {
    route: 'DELETE /api/spaces/:id/members/:memberId',
    feature: 'spaces',
    case: 'a member id that is not a UUID',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/members/${NOT_A_UUID}`),
    allowed: ['spaceAdmin'],
    status: 404,
  },
  {
    route: 'PATCH /api/spaces/:id/leave',
    feature: 'spaces',
    request: at((fx) => `/api/spaces/${fx.leaveSpaceId}/leave`),
    allowed: ['spaceGuest', 'spaceModerator'], // the space admin cannot leave
    status: 200,
  },
  {
    route: 'PATCH /api/spaces/:id/invite-code',
    feature: 'spaces',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/invite-code`),
    allowed: ['spaceAdmin'],
    status: 200,
  },
  {
    route: 'GET /api/spaces/:id/messages',
    feature: 'spaces',
    case: 'private',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/messages?before=soon`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
  },
  {
    route: 'GET /api/spaces/:id/messages',
    feature: 'spaces',
    case: 'public',
    request: at((fx) => `/api/spaces/${fx.publicSpaceId}/messages?before=soon`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/spaces/:id/mention-candidates',
    feature: 'spaces',
    case: 'private, a query too long',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/mention-candidates?q=${'x'.repeat(62)}`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
  },
  {
    route: 'GET /api/spaces/:id/mention-candidates',
    feature: 'spaces',
    case: 'public, a query too long',
    request: at((fx) => `/api/spaces/${fx.publicSpaceId}/mention-candidates?q=${'x'.repeat(62)}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'POST /api/spaces/:id/messages',
    feature: 'spaces',
    case: 'private',
    request: garbage((fx) => `/api/spaces/${fx.privateSpaceId}/messages`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
  },
  {
    route: 'POST /api/spaces/:id/messages',
    feature: 'spaces',
    case: 'public (readers are not writers)',
    request: garbage((fx) => `/api/spaces/${fx.publicSpaceId}/messages`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'PATCH /api/spaces/:id/messages/:messageId',
    feature: 'spaces',
    case: 'spaceAdmin’s message (its moderators may not edit it either)',
    request: garbage((fx) => `/api/spaces/${fx.privateSpaceId}/messages/${fx.spaceMessageId}`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'DELETE /api/spaces/:id/messages/:messageId',
    feature: 'spaces',
    case: 'a message that does not exist',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/messages/${NO_SUCH_ID}`),
    allowed: PRIVATE_MEMBERS,
    status: 404,
  },
  {
    route: 'PUT /api/spaces/:id/messages/:messageId/reactions/:emoji',
    feature: 'spaces',
    case: 'private, not an emoji',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/messages/${NO_SUCH_ID}/reactions/abc`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
  },
  {
    route: 'PUT /api/spaces/:id/messages/:messageId/reactions/:emoji',
    feature: 'spaces',
    case: 'public, not an emoji (readers react no more than they send)',
    request: at((fx) => `/api/spaces/${fx.publicSpaceId}/messages/${NO_SUCH_ID}/reactions/abc`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'DELETE /api/spaces/:id/messages/:messageId/reactions/:emoji',
    feature: 'spaces',
    case: 'private, not an emoji',
    request: at((fx) => `/api/spaces/${fx.privateSpaceId}/messages/${NO_SUCH_ID}/reactions/abc`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
  },
  {
    route: 'DELETE /api/spaces/:id/messages/:messageId/reactions/:emoji',
    feature: 'spaces',
    case: 'public, not an emoji (readers react no more than they send)',
    request: at((fx) => `/api/spaces/${fx.publicSpaceId}/messages/${NO_SUCH_ID}/reactions/abc`),
    allowed: ['spaceAdmin'],
    status: 400,
  },

  // Direct messages (the `messages` feature, on for every caller here). A conversation is its two
  // participants' only: anyone else gets the 404 of a conversation that does not exist.
  {
    route: 'GET /api/conversations',
    feature: 'messages',
    request: at(() => `/api/conversations${BAD_CURSOR}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'POST /api/conversations',
    feature: 'messages',
    request: garbage(() => '/api/conversations'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/conversations/users',
    feature: 'messages',
    case: 'without SearchName',
    request: at(() => '/api/conversations/users'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/conversations/with/:userId',
    feature: 'messages',
    request: at((fx, caller) => `/api/conversations/with/${other(fx, caller)}`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'GET /api/conversations/:id',
    feature: 'messages',
    request: at((fx) => `/api/conversations/${fx.conversationId}`),
    allowed: CONVERSATION_PARTICIPANTS,
    status: 200,
    refused: 404,
  },
  {
    route: 'GET /api/conversations/:id/messages',
    feature: 'messages',
    request: at((fx) => `/api/conversations/${fx.conversationId}/messages?before=soon`),
    allowed: CONVERSATION_PARTICIPANTS,
    status: 400,
    refused: 404,
  },
  {
    route: 'GET /api/conversations/:id/mention-candidates',
    feature: 'messages',
    case: 'a query too long',
    request: at((fx) => `/api/conversations/${fx.conversationId}/mention-candidates?q=${'x'.repeat(62)}`),
    allowed: CONVERSATION_PARTICIPANTS,
    status: 400,
    refused: 404,
  },
  {
    route: 'POST /api/conversations/:id/messages',
    feature: 'messages',
    request: garbage((fx) => `/api/conversations/${fx.conversationId}/messages`),
    allowed: CONVERSATION_PARTICIPANTS,
    status: 400,
    refused: 404,
  },
  {
    route: 'PATCH /api/conversations/:id/messages/:messageId',
    feature: 'messages',
    case: 'spaceAdmin’s message',
    request: garbage((fx) => `/api/conversations/${fx.conversationId}/messages/${fx.directMessageId}`),
    allowed: ['spaceAdmin'],
    status: 400,
    refused: 404,
    refusedBy: { spaceGuest: 403 },
  },
  {
    route: 'DELETE /api/conversations/:id/messages/:messageId',
    feature: 'messages',
    case: 'a message that does not exist',
    request: at((fx) => `/api/conversations/${fx.conversationId}/messages/${NO_SUCH_ID}`),
    allowed: CONVERSATION_PARTICIPANTS,
    status: 404,
    refused: 404,
  },
  {
    route: 'PUT /api/conversations/:id/messages/:messageId/reactions/:emoji',
    feature: 'messages',
    case: 'not an emoji',
    request: at((fx) => `/api/conversations/${fx.conversationId}/messages/${NO_SUCH_ID}/reactions/abc`),
    allowed: CONVERSATION_PARTICIPANTS,
    status: 400,
    refused: 404,
  },
  {
    route: 'DELETE /api/conversations/:id/messages/:messageId/reactions/:emoji',
    feature: 'messages',
    case: 'not an emoji',
    request: at((fx) => `/api/conversations/${fx.conversationId}/messages/${NO_SUCH_ID}/reactions/abc`),
    allowed: CONVERSATION_PARTICIPANTS,
    status: 400,
    refused: 404,
  },
  {
    route: 'PUT /api/conversations/:id/read',
    feature: 'messages',
    request: garbage((fx) => `/api/conversations/${fx.conversationId}/read`),
    allowed: CONVERSATION_PARTICIPANTS,
    status: 400,
    refused: 404,
  },

  // Posts, likes and comments. A post the caller may not see is a 404, as if it did not exist.
  {
    route: 'GET /api/posts',
    feature: 'livewall',
    case: 'the community wall',
    request: at(() => `/api/posts${BAD_CURSOR}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/posts',
    feature: 'posts',
    case: 'a private space’s wall',
    request: at((fx) => `/api/posts${BAD_CURSOR}&spaceId=${fx.privateSpaceId}`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
  },
  {
    route: 'GET /api/posts/attachments/:userId',
    feature: 'community',
    request: at((fx, caller) => `/api/posts/attachments/${other(fx, caller)}${BAD_CURSOR}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/posts/:id',
    feature: 'posts',
    case: 'private',
    request: at((fx) => `/api/posts/${fx.privatePostId}`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
    refused: 404,
  },
  {
    route: 'GET /api/posts/:id',
    feature: 'posts',
    case: 'an id that is not a UUID',
    request: at(() => `/api/posts/${NOT_A_UUID}`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'GET /api/posts/:postId/comments',
    feature: 'posts',
    case: 'private',
    request: at((fx) => `/api/posts/${fx.privatePostId}/comments${BAD_CURSOR}`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
    refused: 404,
  },
  {
    route: 'POST /api/socket/posts',
    feature: 'posts',
    case: 'in the private space, nothing else valid',
    request: (fx) => ({ path: '/api/socket/posts', body: { spaceId: fx.privateSpaceId, content: 42 } }),
    allowed: PRIVATE_MEMBERS,
    status: 400,
  },
  {
    route: 'POST /api/socket/posts',
    feature: 'posts',
    case: 'in the public space (readers are not writers)',
    request: (fx) => ({ path: '/api/socket/posts', body: { spaceId: fx.publicSpaceId, content: 42 } }),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'PUT /api/socket/posts/:id',
    feature: 'posts',
    case: 'public (only the author edits)',
    request: garbage((fx) => `/api/socket/posts/${fx.publicPostId}`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'DELETE /api/socket/posts/:id',
    feature: 'posts',
    case: 'a post that does not exist',
    request: at(() => `/api/socket/posts/${NO_SUCH_ID}`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'PUT /api/socket/posts/:id/like',
    feature: 'posts',
    case: 'private',
    request: at((fx) => `/api/socket/posts/${fx.privatePostId}/like`),
    allowed: PRIVATE_MEMBERS,
    status: 200,
    refused: 404,
  },
  {
    route: 'DELETE /api/socket/posts/:id/like',
    feature: 'posts',
    case: 'public',
    request: at((fx) => `/api/socket/posts/${fx.publicPostId}/like`),
    allowed: SIGNED_IN,
    status: 200,
  },
  {
    route: 'POST /api/socket/posts/comments/:postId',
    feature: 'posts',
    case: 'private',
    request: garbage((fx) => `/api/socket/posts/comments/${fx.privatePostId}`),
    allowed: PRIVATE_MEMBERS,
    status: 400,
    refused: 404,
  },
  {
    route: 'POST /api/socket/posts/comments/:postId',
    feature: 'posts',
    case: 'public (readers are not writers)',
    request: garbage((fx) => `/api/socket/posts/comments/${fx.publicPostId}`),
    allowed: ['spaceAdmin'],
    status: 400,
  },
  {
    route: 'DELETE /api/socket/posts/comments/:postId/:commentId',
    feature: 'posts',
    case: 'private, a comment that does not exist',
    request: at((fx) => `/api/socket/posts/comments/${fx.privatePostId}/${NO_SUCH_ID}`),
    allowed: [...PRIVATE_MEMBERS, ...COMMUNITY_ADMINS],
    status: 404,
    refused: 404,
  },
  {
    route: 'GET /api/link-preview',
    request: at(() => '/api/link-preview?url=javascript:alert(1)'),
    allowed: SIGNED_IN,
    status: 400,
  },

  // Admin panel: ADMIN and SUPER_ADMIN; paths naming the acting admin must name the caller.
  {
    route: 'GET /api/admin-panel/users/:adminId',
    case: 'one’s own',
    request: at((fx, caller) => `/api/admin-panel/users/${own(fx, caller)}?limit=many`),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'GET /api/admin-panel/users/:adminId',
    case: 'another admin’s',
    request: at((fx, caller) => `/api/admin-panel/users/${other(fx, caller)}?limit=many`),
    allowed: NOBODY,
    status: 400,
  },
  {
    route: 'POST /api/admin-panel/users/import/:adminId',
    request: garbage((fx, caller) => `/api/admin-panel/users/import/${own(fx, caller)}`),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'POST /api/admin-panel/users/:adminId',
    case: 'one’s own',
    request: garbage((fx, caller) => `/api/admin-panel/users/${own(fx, caller)}`),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'POST /api/admin-panel/users/:adminId',
    case: 'another admin’s',
    request: garbage((fx, caller) => `/api/admin-panel/users/${other(fx, caller)}`),
    allowed: NOBODY,
    status: 400,
  },
  {
    route: 'PATCH /api/admin-panel/users/:id',
    case: 'a USER, unknown operation',
    request: garbage((fx) => `/api/admin-panel/users/${fx.ids.user}?operation=explode`),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'PATCH /api/admin-panel/users/:id',
    case: 'the SUPER_ADMIN, unknown operation',
    request: garbage((fx) => `/api/admin-panel/users/${fx.ids.superAdmin}?operation=explode`),
    allowed: ['superAdmin'],
    status: 400,
  },
  {
    route: 'DELETE /api/admin-panel/users/:id',
    case: 'a user that does not exist',
    request: at(() => `/api/admin-panel/users/${NO_SUCH_ID}`),
    allowed: COMMUNITY_ADMINS,
    status: 404,
  },
  {
    route: 'DELETE /api/admin-panel/users/:id',
    case: 'the SUPER_ADMIN (not by an ADMIN, not by themselves)',
    request: at((fx) => `/api/admin-panel/users/${fx.ids.superAdmin}`),
    allowed: NOBODY,
    status: 200,
  },
  {
    route: 'GET /api/admin-panel/community/:userId',
    request: at((fx, caller) => `/api/admin-panel/community/${own(fx, caller)}`),
    allowed: COMMUNITY_ADMINS,
    status: 200,
  },
  {
    route: 'GET /api/admin-panel/urls/:userId',
    request: at((fx, caller) => `/api/admin-panel/urls/${own(fx, caller)}`),
    allowed: COMMUNITY_ADMINS,
    status: 200,
  },
  {
    route: 'POST /api/admin-panel/urls/:userId',
    request: garbage((fx, caller) => `/api/admin-panel/urls/${own(fx, caller)}`),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'DELETE /api/admin-panel/urls/:userId/:urlId',
    case: 'a URL that does not exist',
    request: at((fx, caller) => `/api/admin-panel/urls/${own(fx, caller)}/${NO_SUCH_ID}`),
    allowed: COMMUNITY_ADMINS,
    status: 404,
  },
  {
    route: 'GET /api/admin-panel/audit',
    request: at(() => `/api/admin-panel/audit${BAD_CURSOR}`),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'GET /api/admin-panel/email-suppressions',
    request: at(() => `/api/admin-panel/email-suppressions${BAD_CURSOR}`),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'DELETE /api/admin-panel/email-suppressions/:email',
    case: 'an address that is not on the list',
    request: at(() => '/api/admin-panel/email-suppressions/nobody-bounced%40example.com'),
    allowed: COMMUNITY_ADMINS,
    status: 404,
  },
  {
    route: 'DELETE /api/admin-panel/email-suppressions/:email',
    case: 'not an address',
    request: at(() => '/api/admin-panel/email-suppressions/not-an-address'),
    allowed: COMMUNITY_ADMINS,
    status: 404,
  },
  {
    route: 'PATCH /api/admin-panel/:userId',
    case: 'one’s own',
    request: garbage((fx, caller) => `/api/admin-panel/${own(fx, caller)}`),
    allowed: COMMUNITY_ADMINS,
    status: 400,
  },
  {
    route: 'PATCH /api/admin-panel/:userId',
    case: 'another admin’s',
    request: garbage((fx, caller) => `/api/admin-panel/${other(fx, caller)}`),
    allowed: NOBODY,
    status: 400,
  },

  // Notifications: each member's own (someone else's id is a 404, like one that does not exist).
  {
    route: 'GET /api/notifications',
    request: at(() => `/api/notifications${BAD_CURSOR}`),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'PATCH /api/notifications/:id/read',
    case: 'an id that names none of the caller’s',
    request: at(() => `/api/notifications/${NO_SUCH_ID}/read`),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'POST /api/notifications/read-all',
    request: garbage(() => '/api/notifications/read-all'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'POST /api/internal/presence',
    case: 'unsigned (the realtime worker’s signature is the right, whoever is signed in)',
    request: garbage(() => '/api/internal/presence'),
    allowed: NOBODY,
    status: 400,
    anonymous: 403,
  },

  // Realtime and files.
  {
    route: 'POST /api/realtime/ticket',
    request: garbage(() => '/api/realtime/ticket'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'POST /api/uploads/:bucket',
    feature: 'content',
    case: 'no file',
    request: garbage(() => '/api/uploads/posts'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'POST /api/uploads/:bucket',
    feature: 'content',
    case: 'a bucket that does not exist',
    request: garbage(() => '/api/uploads/nowhere'),
    allowed: SIGNED_IN,
    status: 404,
  },
  {
    route: 'GET /api/aws-s3/url',
    case: 'a malformed key',
    request: at(() => '/api/aws-s3/url?key=..%2Fsecrets'),
    allowed: SIGNED_IN,
    status: 400,
  },
  {
    route: 'GET /api/files/*',
    case: 'a malformed signature (the signature is the right)',
    request: at(() => '/api/files/posts/x.png?expires=soon'),
    allowed: NOBODY,
    status: 200,
    anonymous: 403,
  },
];

/**
 * Routes no switch gates, each with the words of docs/features.md's "stay open" paragraph that
 * say so (feature-switches.test.ts checks both ways: every row without a feature is here, and each
 * phrase is in that paragraph).
 */
export const OPEN_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/health': '`/api/health`',
  'GET /api/health/ready': '`/api/health`',
  'GET /api/config': '`/api/config`',
  'GET /mfe-manifest.json': '`/mfe-manifest.json`',
  'GET /api/email/unsubscribe': "an email's unsubscribe link",
  'POST /api/email/unsubscribe': "an email's unsubscribe link",
  'GET /api/email/logo/:file': "the community's logo in emails",
  'POST /api/auth/login': '`/api/auth/*`',
  'POST /api/auth/refresh': '`/api/auth/*`',
  'POST /api/auth/sign-out': '`/api/auth/*`',
  'GET /api/auth/me': '`/api/auth/*`',
  'POST /api/auth/accept-invite': '`/api/auth/*`',
  'GET /api/authorization': '`GET /api/authorization`',
  'GET /api/community': "the community's name and settings",
  'PATCH /api/community': "the community's name and settings",
  'POST /api/community/invite': 'everything of the admin panel',
  'PUT /api/community/welcome': "the community's name and settings",
  'GET /api/welcome': 'the first-visit welcome',
  'POST /api/welcome/dismissal': 'the first-visit welcome',
  'GET /api/users/community-members': '`GET /api/users/community-members`',
  'GET /api/cities': '`GET /api/cities`',
  'PATCH /api/users/:id': '`GET/PATCH /api/users/{own id}`',
  'PATCH /api/socket/users/online-status/:id': 'the presence room (online dots)',
  'POST /api/internal/presence': 'the presence room (online dots)',
  'GET /api/spaces': '`GET /api/spaces`',
  'GET /api/link-preview': '`GET /api/link-preview`',
  'GET /api/admin-panel/users/:adminId': 'everything of the admin panel',
  'POST /api/admin-panel/users/import/:adminId': 'everything of the admin panel',
  'POST /api/admin-panel/users/:adminId': 'everything of the admin panel',
  'PATCH /api/admin-panel/users/:id': 'everything of the admin panel',
  'DELETE /api/admin-panel/users/:id': 'everything of the admin panel',
  'GET /api/admin-panel/community/:userId': 'everything of the admin panel',
  'GET /api/admin-panel/urls/:userId': 'everything of the admin panel',
  'POST /api/admin-panel/urls/:userId': 'everything of the admin panel',
  'DELETE /api/admin-panel/urls/:userId/:urlId': 'everything of the admin panel',
  'GET /api/admin-panel/audit': 'everything of the admin panel',
  'GET /api/admin-panel/email-suppressions': 'everything of the admin panel',
  'DELETE /api/admin-panel/email-suppressions/:email': 'everything of the admin panel',
  'PATCH /api/admin-panel/:userId': 'everything of the admin panel',
  'GET /api/notifications': 'notifications',
  'PATCH /api/notifications/:id/read': 'notifications',
  'POST /api/notifications/read-all': 'notifications',
  'POST /api/realtime/ticket': '`POST /api/realtime/ticket`',
  'GET /api/aws-s3/url': 'files already shared with the member',
  'GET /api/files/*': 'files already shared with the member',
};

/** What `caller` must get for `row`. */
export function expectedStatus(row: MatrixRow, caller: Caller): number {
  if (row.allowed.includes(caller)) return row.status;
  if (caller === 'anonymous') return row.anonymous ?? 401;
  return row.refusedBy?.[caller] ?? row.refused ?? 403;
}

/** `METHOD path` of every route the app serves (middleware registered with `.use` is `ALL`). */
export function routesOf(app: { routes: readonly { method: string; path: string }[] }): string[] {
  return [
    ...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
  ].sort();
}

/** Routes the app serves that the matrix does not cover, and rows naming routes that are gone. */
export function compareWithApp(app: { routes: readonly { method: string; path: string }[] }) {
  const served = routesOf(app);
  const listed = new Set(MATRIX.map((row) => row.route));
  return {
    missing: served.filter((route) => !listed.has(route)),
    stale: [...listed].filter((route) => !served.includes(route)),
  };
}
