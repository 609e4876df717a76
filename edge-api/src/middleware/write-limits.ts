// Per-user limits on writes, in one table: which method and path take a token from which bucket.
// Numbers a person working fast never reaches and a looping script does (docs/api.md, "Rate
// limits"). A new write route (posts, comments…) is limited by adding one line to WRITE_LIMITS.

import { type SQL, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { type Bucket, tooManyRequests } from '../services/rate-limits.ts';
import type { WriteTake } from '../services/users.ts';

export type WriteLimit = {
  /** Names the bucket; every route with the same name shares one per user. */
  name: string;
  /** GET only for reads that cost like a write (a link preview fetches another site). */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A full path with `:param` segments, e.g. `/api/spaces/:id/messages`. */
  path: string;
  bucket: Bucket;
};

const perSeconds = (capacity: number, count: number, seconds: number): Bucket => ({
  capacity,
  perSecond: count / seconds,
});

export const CHAT_LIMIT = perSeconds(20, 1, 1); // a burst of 20, then one a second
export const UPLOAD_LIMIT = perSeconds(30, 30, 10 * 60); // 30 per 10 minutes (three messages of 10 files)
export const INVITE_LIMIT = perSeconds(30, 30, 60 * 60); // 30 per hour
export const SPACE_CREATION_LIMIT = perSeconds(10, 10, 60 * 60); // 10 per hour
export const JOIN_REQUEST_LIMIT = perSeconds(10, 5, 60 * 60); // asking to join private spaces: 10 at once, then 5 per hour
export const SPACE_JOIN_LIMIT = perSeconds(20, 20, 60 * 60); // joining public spaces: 20 at once, then 20 per hour
export const POST_LIMIT = perSeconds(10, 30, 60 * 60); // 10 at once, then 30 per hour
export const COMMENT_LIMIT = perSeconds(20, 1, 5); // 20 at once, then one every 5 seconds
export const LIKE_LIMIT = perSeconds(60, 1, 1); // 60 at once, then one a second
export const LINK_PREVIEW_LIMIT = perSeconds(30, 1, 5); // 30 at once, then one every 5 seconds
export const MARK_READ_LIMIT = perSeconds(60, 2, 1); // opening spaces and notifications: 60 at once, then 2 a second
export const REACTION_LIMIT = perSeconds(60, 2, 1); // reacting: 60 at once, then 2 a second
export const CONVERSATION_LIMIT = perSeconds(60, 60, 60 * 60); // opening conversations: 60 at once, then one a minute
export const READ_MARK_LIMIT = perSeconds(120, 5, 1); // read marks follow incoming messages: 120 at once, then 5 a second
export const PROFILE_LIMIT = perSeconds(60, 30, 60 * 60); // profile saves (and current-password tries): 60 at once, then 30 per hour
export const EVENT_LIMIT = perSeconds(30, 30, 60 * 60); // creating events (each announced): 30 at once, then 30 per hour
export const RSVP_LIMIT = perSeconds(30, 1, 1); // RSVPs, waitlist joins and leaving: 30 at once, then one a second
export const WELCOME_LIMIT = perSeconds(10, 10, 60 * 60); // dismissing the welcome, editing its text: 10 at once, then 10 per hour
export const EVENT_CHANGE_LIMIT = perSeconds(60, 60, 60 * 60); // editing, deleting, calling off dates or events: 60 at once, then one a minute
export const SUPPRESSION_CLEAR_LIMIT = perSeconds(60, 60, 60 * 60); // clearing bounced addresses: 60 at once, then one a minute

export const WRITE_LIMITS: readonly WriteLimit[] = [
  { name: 'chat', method: 'POST', path: '/api/spaces/:id/messages', bucket: CHAT_LIMIT },
  // Editing is writing again: the same bucket as sending (a script cannot edit faster than it can send).
  { name: 'chat', method: 'PATCH', path: '/api/spaces/:id/messages/:messageId', bucket: CHAT_LIMIT },
  // Direct messages: sending, editing and deleting like space chat, in a bucket of their own.
  { name: 'dm', method: 'PATCH', path: '/api/conversations/:id/messages/:messageId', bucket: CHAT_LIMIT },
  { name: 'dm', method: 'POST', path: '/api/conversations/:id/messages', bucket: CHAT_LIMIT },
  { name: 'dm', method: 'DELETE', path: '/api/conversations/:id/messages/:messageId', bucket: CHAT_LIMIT },
  { name: 'conversation', method: 'POST', path: '/api/conversations', bucket: CONVERSATION_LIMIT },
  // Reactions, in space chat and direct messages: one bucket for adding and removing.
  {
    name: 'reaction',
    method: 'PUT',
    path: '/api/spaces/:id/messages/:messageId/reactions/:emoji',
    bucket: REACTION_LIMIT,
  },
  {
    name: 'reaction',
    method: 'DELETE',
    path: '/api/spaces/:id/messages/:messageId/reactions/:emoji',
    bucket: REACTION_LIMIT,
  },
  {
    name: 'reaction',
    method: 'PUT',
    path: '/api/conversations/:id/messages/:messageId/reactions/:emoji',
    bucket: REACTION_LIMIT,
  },
  {
    name: 'reaction',
    method: 'DELETE',
    path: '/api/conversations/:id/messages/:messageId/reactions/:emoji',
    bucket: REACTION_LIMIT,
  },
  { name: 'dm-read', method: 'PUT', path: '/api/conversations/:id/read', bucket: READ_MARK_LIMIT },
  { name: 'upload', method: 'POST', path: '/api/uploads/:bucket', bucket: UPLOAD_LIMIT },
  { name: 'invite', method: 'POST', path: '/api/community/invite', bucket: INVITE_LIMIT },
  { name: 'invite', method: 'PATCH', path: '/api/spaces/:id/invite-code', bucket: INVITE_LIMIT },
  { name: 'space', method: 'POST', path: '/api/spaces', bucket: SPACE_CREATION_LIMIT },
  // Each join tells the space's room: a browsing member joins a handful, a script every space.
  { name: 'space-join', method: 'POST', path: '/api/spaces/:id/join', bucket: SPACE_JOIN_LIMIT },
  // Each request notifies the space's admin and moderators: a few an hour, withdrawals included.
  { name: 'join-request', method: 'POST', path: '/api/spaces/:id/join-requests', bucket: JOIN_REQUEST_LIMIT },
  {
    name: 'join-request',
    method: 'DELETE',
    path: '/api/spaces/:id/join-requests/mine',
    bucket: JOIN_REQUEST_LIMIT,
  },
  { name: 'post', method: 'POST', path: '/api/socket/posts', bucket: POST_LIMIT },
  { name: 'comment', method: 'POST', path: '/api/socket/posts/comments/:postId', bucket: COMMENT_LIMIT },
  { name: 'like', method: 'PUT', path: '/api/socket/posts/:id/like', bucket: LIKE_LIMIT },
  { name: 'like', method: 'DELETE', path: '/api/socket/posts/:id/like', bucket: LIKE_LIMIT },
  { name: 'link-preview', method: 'GET', path: '/api/link-preview', bucket: LINK_PREVIEW_LIMIT },
  { name: 'mark-read', method: 'PATCH', path: '/api/notifications/:id/read', bucket: MARK_READ_LIMIT },
  { name: 'mark-read', method: 'POST', path: '/api/notifications/read-all', bucket: MARK_READ_LIMIT },
  { name: 'profile', method: 'PATCH', path: '/api/users/:id', bucket: PROFILE_LIMIT },
  { name: 'event', method: 'POST', path: '/api/events', bucket: EVENT_LIMIT },
  // A newcomer dismisses the welcome once; an admin edits its text now and then.
  { name: 'welcome', method: 'POST', path: '/api/welcome/dismissal', bucket: WELCOME_LIMIT },
  { name: 'welcome', method: 'PUT', path: '/api/community/welcome', bucket: WELCOME_LIMIT },
  // RSVP (or joining the waitlist of a full event) and taking it back, one bucket.
  { name: 'rsvp', method: 'POST', path: '/api/events/:eventId/members', bucket: RSVP_LIMIT },
  { name: 'rsvp', method: 'DELETE', path: '/api/events/:eventId/members', bucket: RSVP_LIMIT },
  { name: 'event-change', method: 'PUT', path: '/api/events/:id', bucket: EVENT_CHANGE_LIMIT },
  { name: 'event-change', method: 'DELETE', path: '/api/events/:id', bucket: EVENT_CHANGE_LIMIT },
  {
    name: 'event-change',
    method: 'POST',
    path: '/api/events/:id/cancelled-occurrences',
    bucket: EVENT_CHANGE_LIMIT,
  },
  {
    name: 'event-change',
    method: 'DELETE',
    path: '/api/events/:id/cancelled-occurrences/:occurrenceStart',
    bucket: EVENT_CHANGE_LIMIT,
  },
  // Calling the whole event off (it notifies who RSVPed) and putting it back.
  { name: 'event-change', method: 'POST', path: '/api/events/:id/cancellation', bucket: EVENT_CHANGE_LIMIT },
  {
    name: 'event-change',
    method: 'DELETE',
    path: '/api/events/:id/cancellation',
    bucket: EVENT_CHANGE_LIMIT,
  },
  // Each cleared address is written to again: a script clearing the list would spend the sender's
  // reputation on mailboxes that are gone.
  {
    name: 'email-suppression',
    method: 'DELETE',
    path: '/api/admin-panel/email-suppressions/:email',
    bucket: SUPPRESSION_CLEAR_LIMIT,
  },
];

/**
 * The community owner's buckets are this many times larger and refill as much faster: the owner
 * runs imports, demos and load tests (the chat benchmark sends 10 messages a second), as Discourse
 * lets staff past its limits; the owner is still limited, at a rate no script gets for free.
 */
export const OWNER_LIMIT_FACTOR = 50;

const toPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

const TABLE = WRITE_LIMITS.map((limit) => ({ ...limit, pattern: toPattern(limit.path) }));

/** The limit a request falls under, if any. */
export function writeLimitFor(method: string, path: string): WriteLimit | undefined {
  return TABLE.find((limit) => limit.method === method && limit.pattern.test(path));
}

/** The owner's scale of every bucket, in SQL from the stored role (so a role change applies at once). */
const ownerScale = (role: SQL) =>
  sql`(case when ${role} = 'SUPER_ADMIN' then ${sql.raw(String(OWNER_LIMIT_FACTOR))} else 1 end)`;

/**
 * The token a request must take, if it is a limited write by this user: `identify` takes it in
 * the statement that checks the session (users.ts findSessionUser), so a write makes one round
 * trip fewer.
 */
export function writeTakeFor(method: string, path: string, userId: string): WriteTake | undefined {
  const limit = writeLimitFor(method, path);
  return limit && { key: `write:${limit.name}:${userId}`, bucket: limit.bucket, scale: ownerScale };
}

/**
 * Answers 429 with Retry-After, before the route runs (so before its body is read or validated),
 * when the caller's bucket was empty. The token was taken with the session check (`writeTake`).
 * Anonymous callers pass: their writes are refused by the routes' own auth, and login has its own
 * limits.
 */
export const writeLimits = createMiddleware<AppEnv>(async (c, next) => {
  const take = c.var.writeTake;
  if (take && !take.allowed) throw tooManyRequests(take.retryAfterSeconds);
  await next();
});
