// What the profile panel's tabs read (issue #11 API contract). Each tab loads only when it is shown.
import { api, withQuery } from '@community/api-client';
import type {
  ActivityComment,
  ActivityPage,
  ActivityPost,
  AttachmentType,
  MediaPage,
  ProfileEvents,
  Space,
} from '@community/domain';

const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

/** GET /api/users/{id}/latest-activity?type=posts — newest first, `nextCursor` for older. */
export const getPostsActivity = (userId: string, cursor: string | null, signal?: AbortSignal) =>
  api.get<ActivityPage<ActivityPost>>(
    withQuery(`${userPath(userId)}/latest-activity`, { type: 'posts', cursor }),
    { signal },
  );

/** GET /api/users/{id}/latest-activity?type=comments. */
export const getCommentsActivity = (userId: string, cursor: string | null, signal?: AbortSignal) =>
  api.get<ActivityPage<ActivityComment>>(
    withQuery(`${userPath(userId)}/latest-activity`, { type: 'comments', cursor }),
    { signal },
  );

/** GET /api/users/{id}/events → upcoming (soonest first) and past (latest first). */
export const getProfileEvents = (userId: string, signal?: AbortSignal) =>
  api.get<ProfileEvents>(`${userPath(userId)}/events`, { signal });

/** GET /api/users/{id}/spaces → the spaces the member belongs to that the viewer may see. */
export const getProfileSpaces = (userId: string, signal?: AbortSignal) =>
  api.get<{ items: Space[] }>(`${userPath(userId)}/spaces`, { signal });

const mediaPath = (userId: string) => `/api/posts/attachments/${encodeURIComponent(userId)}`;

/** One section's months, newest first (≤ 5 attachments each); `cursor` for older months. */
export const getMediaMonths = (
  userId: string,
  type: AttachmentType,
  cursor: string | null,
  signal?: AbortSignal,
) => api.get<MediaPage>(withQuery(mediaPath(userId), { type, cursor }), { signal });

/** The rest of one month ("Show more"): the attachments after the month's `nextCursor`. */
export const getMediaMonthMore = (
  userId: string,
  type: AttachmentType,
  month: string,
  after: string,
  signal?: AbortSignal,
) => api.get<MediaPage>(withQuery(mediaPath(userId), { type, month: month.slice(0, 7), after }), { signal });
