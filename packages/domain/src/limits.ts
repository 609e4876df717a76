// The spec's business constants (section 9, plus a few numbers from sections 2 and 4) in one place,
// so the schemas, the API and the screens cannot drift apart. Values marked "ours" are not in the spec.
import { type EventRepeat, FEATURE_KEYS, type Registration, type Role, type SpaceType } from './entities.ts';

// Validation limits
export const POST_TAGS_MAX = 3;
export const EVENT_TOPICS_MAX = 5;
export const SPACE_DESCRIPTION_MIN = 3;
export const SPACE_DESCRIPTION_MAX = 250;
export const SPACE_COLOR_MIN_LENGTH = 4;
export const PASSWORD_MIN_LENGTH = 8;
/** URL entries per request (ours): each is fetched for its favicon and title, so the list is capped. */
export const URL_ENTRIES_MAX = 20;
export const DATE_OF_BIRTH_MIN = '1900-01-01';
/** Ours: a date picked as "now" is a little in the past by the time the request arrives. */
export const PAST_DATE_GRACE_MS = 5 * 60_000;

// Maximum sizes of every text and list a request may carry (ours: the spec names none). Generous
// for a person, small enough that no field can be used to store megabytes or slow a query.
export const NAME_MAX = 100; // first and last names, space and community names, job, company, city
export const PSEUDO_MAX = 50;
export const TITLE_MAX = 200; // event and post titles
export const LONG_TEXT_MAX = 2000; // bio, event description
export const EVENT_CANCEL_REASON_MAX = 500; // why an event was called off (its banner and notification)
export const EMAIL_MAX = 254; // RFC 5321's longest deliverable address
export const URL_MAX = 2048;
export const FILE_NAME_MAX = 255;
export const TAG_MAX = 50; // one post tag, event topic or interest
export const INTERESTS_MAX = 30;
export const ATTACHMENTS_MAX = 10; // per post, comment or message
export const PHONE_MAX = 32;
export const COLOR_MAX = 32;
export const ADDRESS_MAX = 500;
export const SUBDOMAIN_MAX = 63; // one DNS label
export const TOKEN_MAX = 200; // invitation tokens, cursors
export const SEARCH_MAX = 100;
export const PASSWORD_MAX = 128;
/** Rich text (a Lexical editor state): its JSON in UTF-8 bytes, and its number of nodes. */
export const RICH_TEXT_MAX_BYTES = 100_000;
export const RICH_TEXT_MAX_NODES = 5000;

// Defaults
export const DEFAULT_PHONE_COUNTRY = 'US';
export const DEFAULT_ROLE = 'USER' satisfies Role;
export const ASSIGNABLE_ROLES = ['ADMIN', 'HOST', 'USER'] as const satisfies readonly Role[];
export const DEFAULT_SPACE_COLOR = '#3B82F6';
export const DEFAULT_SPACE_TYPE = 'PRIVATE' satisfies SpaceType;
/** The space form offers only these two; PAID spaces exist but are not created there. */
export const SPACE_FORM_TYPES = ['PUBLIC', 'PRIVATE'] as const satisfies readonly SpaceType[];
export const DEFAULT_EVENT_REPEAT = 'NO_REPEAT' satisfies EventRepeat;
/** The community's time zone unless it sets another (the spec's "EDT"); each event may pick its own. */
export const DEFAULT_TIME_ZONE = 'America/New_York';
/** The longest range `GET /api/events?from=&to=` expands at once (a month grid shows up to 6 weeks). */
export const EVENT_RANGE_MAX_DAYS = 62;
/** How many coming dates of a series the detail card lists. */
export const NEXT_OCCURRENCES_SHOWN = 5;
export const DEFAULT_REGISTRATION = 'FREE' satisfies Registration;

// Lists and paging
export const PAGE_LIMIT_MIN = 1;
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;
export const MEDIA_QUERY_LIMIT = 5;
export const SKELETON_COUNT = 4;
export const EVENT_CARD_TAGS_SHOWN = 3;
export const LOAD_MORE_THRESHOLD_PX = 100;
export const COMMENT_POLL_INTERVAL_MS = 10_000;

// Screens and timings
export const PROFILE_WIZARD_STEPS = 4;
export const PROFILE_TAB_SCROLL_STEP_PX = 200;
export const MEMBER_LIST_MAX_HEIGHT_PX = 420;
export const URL_LIST_MAX_HEIGHT_PX = 300;
export const FACEBOOK_POPUP = { width: 800, height: 600 } as const;
export const SPACE_INVITE_COPY_CONFIRM_MS = 1000;
export const ADMIN_COPY_CONFIRM_MS = 2000;
export const RSVP_CONFIRM_MS = 2000;
export const TOAST_DURATION_MS = 3000;
export const HOST_SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_DEBOUNCE_MS = 500;
/** Some searches wait longer (spec: "500 ms or 1000 ms"). */
export const SLOW_SEARCH_DEBOUNCE_MS = 1000;
export const EVENT_TIME_ZONE_LABEL = 'EDT';

// User export and import
export const EXPORT_JSON_FILE = 'users.json';
export const EXPORT_CSV_FILE = 'users.csv';
export const CSV_USER_COLUMNS = [
  'First Name',
  'Last Name',
  'Pseudo',
  'Email',
  'Job',
  'Company',
  'Role',
  'City',
  'Status',
] as const;
/** The user columns, then one Yes/No column per feature, headed by the feature key. */
export const CSV_COLUMNS = [...CSV_USER_COLUMNS, ...FEATURE_KEYS] as const;
export const CSV_STATUS_BLOCKED = 'Blocked';
export const CSV_STATUS_ACTIVE = 'Active';
export const CSV_YES = 'Yes';
export const CSV_NO = 'No';
/** Values an imported feature column may hold to mean "enabled". */
export const CSV_TRUE_VALUES = ['Yes', 'true', '1'] as const;
/** Row 1 is the header, so the first user is row 2 in import messages. */
export const IMPORT_FIRST_ROW = 2;

/** The most places an event can have (a larger event has no limit: leave Places empty). */
export const EVENT_CAPACITY_MAX = 10_000;
