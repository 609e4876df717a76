// Who may call a route, decided before anything the caller sent is read (RELIABILITY-SECURITY.md:
// "authorize before you validate"). Each guard loads only what it needs from the path, answers
// 401/403 (or 404 for an id that names nothing), puts what it loaded on `c.var`, and sits in the
// route chain ahead of `validate('json' | 'query', …)`, so a stranger never learns the schema.
import type { Role } from '@community/domain';
import { zValidator } from '@hono/zod-validator';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { targetOf } from '../services/admin-user-writes.ts';
import { checkEventSpace, ONLY_AUTHOR_EDITS, rsvpTarget } from '../services/event-writes.ts';
import { EVENT_NOT_FOUND, findVisibleEvent } from '../services/events.ts';
import {
  assertCanAsk,
  assertCanJoin,
  assertCanModerate,
  assertCanRead,
  assertMember,
  assertSpaceAdmin,
  loadSpaceAccess,
  SPACE_NOT_FOUND,
  type SpaceAccess,
} from '../services/space-access.ts';
import { ADMIN_ROLES, requireAuth, requireRole } from './auth.ts';

export const USER_NOT_FOUND = 'User not found';

const Uuid = z.uuid();
export const isUuid = (value: unknown): value is string => Uuid.safeParse(value).success;

/**
 * Validates path ids after the guard: an id that is not a UUID names nothing, so it is a 404 with
 * the schema's message ("Member not found"), never a 400 that describes the schema.
 */
export function pathIds<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('param', schema, (result) => {
    if (!result.success) throw notFound(result.error.issues[0]?.message ?? 'Not found');
  });
}

/** Only these community roles (403 for the others, 401 when not signed in). */
export const roles = (allowed: readonly Role[], message?: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { user } = requireAuth(c);
    if (!allowed.includes(user.role)) throw forbidden(message);
    await next();
  });

/** ADMIN and SUPER_ADMIN. */
export const communityAdmin = createMiddleware<AppEnv>(async (c, next) => {
  requireRole(c, ADMIN_ROLES);
  await next();
});

/** Admin-panel actions on the user `:id`: it exists, and an ADMIN never acts on a SUPER_ADMIN. */
export const manageableUser = createMiddleware<AppEnv>(async (c, next) => {
  const actor = requireRole(c, ADMIN_ROLES).user;
  const id = c.req.param('id');
  if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
  await targetOf(c.var.db(), actor, id);
  await next();
});

/** The user id in the path must be the caller's own: a profile, one's presence, one's admin info. */
export const self = (param: string, message = USER_NOT_FOUND) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { user } = requireAuth(c);
    const id = c.req.param(param);
    if (!isUuid(id)) throw notFound(message);
    if (id !== user.id) throw forbidden();
    await next();
  });

export type SpaceLevel = 'visit' | 'join' | 'ask' | 'read' | 'member' | 'moderate' | 'admin';
export type SpaceEnv = {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { space: SpaceAccess };
};

/**
 * The space named by `:id` and the caller's place in it, checked at `level`: `visit` (it exists:
 * its landing card), `join` (a public space, or one's own), `ask` (a private space one is not in),
 * `read` (members, or anyone for a public space), `member`, `moderate` (its admin and moderators), or
 * `admin` (the space's admin). Puts it on `c.var.space`.
 */
export const spaceGuard = (level: SpaceLevel) =>
  createMiddleware<SpaceEnv>(async (c, next) => {
    const { user } = requireAuth(c);
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound(SPACE_NOT_FOUND);
    const access = await loadSpaceAccess(c.var.db(), id, user);
    if (level === 'join') assertCanJoin(access);
    else if (level === 'ask') assertCanAsk(access);
    else if (level === 'moderate') assertCanModerate(access);
    else if (level === 'read') assertCanRead(access);
    else if (level === 'member') assertMember(access);
    else if (level === 'admin') assertSpaceAdmin(access);
    c.set('space', access);
    await next();
  });

export const spaceVisitor = spaceGuard('visit');
export const spaceJoiner = spaceGuard('join');
export const spaceAsker = spaceGuard('ask');
export const spaceDecider = spaceGuard('moderate');
export const spaceReader = spaceGuard('read');
export const spaceMember = spaceGuard('member');
export const spaceAdmin = spaceGuard('admin');

/** Editing an event: its author only (someone else's draft stays a 404, as when reading it). */
export const eventAuthor = createMiddleware<AppEnv>(async (c, next) => {
  const { user } = requireAuth(c);
  const id = c.req.param('id');
  if (!isUuid(id)) throw notFound(EVENT_NOT_FOUND);
  const event = await findVisibleEvent(c.var.db(), id, user.id);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (event.authorId !== user.id) throw forbidden(ONLY_AUTHOR_EDITS);
  await next();
});

/** RSVP and un-RSVP: whoever sees the published event, except its author. */
export const eventAttendee = createMiddleware<AppEnv>(async (c, next) => {
  const { user } = requireAuth(c);
  const eventId = c.req.param('eventId');
  if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
  await rsvpTarget(c.var.db(), eventId, user);
  await next();
});

/**
 * Creating an event: the space is named in the body, so only `spaceId` is read here (Hono keeps
 * the body for the validator after us) and membership checked before the rest is validated. A
 * missing or malformed spaceId is left to the schema: any member may create events somewhere.
 */
export const eventSpaceMember = createMiddleware<AppEnv>(async (c, next) => {
  const { user } = requireAuth(c);
  const body: unknown = /^application\/json/i.test(c.req.header('Content-Type') ?? '')
    ? await c.req.json().catch(() => null)
    : null;
  const spaceId = body && typeof body === 'object' ? (body as { spaceId?: unknown }).spaceId : undefined;
  if (isUuid(spaceId)) await checkEventSpace(c.var.db(), spaceId, user);
  await next();
});
