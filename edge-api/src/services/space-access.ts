// Who may do what in a space (spec section 6, and ARCHITECTURE: only space admins manage members).
// A public space is readable by every member of the community; a private or paid one only by its
// members. Every space route asks here first, so the rules live in one place.
import { spaceMembers, spaces } from '@community/db/schema';
import type { SpaceMemberRole, User } from '@community/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { forbidden, notFound } from '../lib/errors.ts';

export const SPACE_NOT_FOUND = 'Space not found';
export const SPACE_FORBIDDEN = 'You are not a member of this space.';
export const SPACE_ADMIN_ONLY = 'Only the space admin can do this.';
export const SPACE_DECIDERS_ONLY = 'Only the space admin and moderators can do this.';
export const ALREADY_A_MEMBER = 'You are already a member of this space.';
export const REQUEST_PRIVATE_ONLY =
  'Only a private space takes requests to join. Join a public space at once; a paid one through its invite link.';
export const JOIN_PUBLIC_ONLY =
  'Only a public space can be joined this way. Its admin can add you, or send you an invite link.';

export type SpaceAccess = {
  space: typeof spaces.$inferSelect;
  /** The caller's role in the space, or null when not a member. */
  role: SpaceMemberRole | null;
};

export async function loadSpaceAccess(db: Database, spaceId: string, user: User): Promise<SpaceAccess> {
  const [row] = await db
    .select({ space: spaces, role: spaceMembers.role })
    .from(spaces)
    .leftJoin(spaceMembers, and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, user.id)))
    .where(eq(spaces.id, spaceId));
  if (!row) throw notFound(SPACE_NOT_FOUND);
  return { space: row.space, role: row.role };
}

/**
 * The spaces `userId` may read, as a subquery: public ones and those they belong to. The same rule
 * as `assertCanRead`, for statements that list what a member may see (posts, files, events).
 */
export const readableSpaces = (userId: string) => sql`(
  select s.id from spaces s
  where s.type = 'PUBLIC' or exists (select 1 from space_members m where m.space_id = s.id and m.user_id = ${userId})
)`;

/** Reading messages and members: members, or anyone for a public space. */
export function assertCanRead(access: SpaceAccess): void {
  if (access.role === null && access.space.type !== 'PUBLIC') throw forbidden(SPACE_FORBIDDEN);
}

/** Writing messages: members only. */
export function assertMember(access: SpaceAccess): SpaceMemberRole {
  if (access.role === null) throw forbidden(SPACE_FORBIDDEN);
  return access.role;
}

/** Joining by oneself: a public space (a member joining again changes nothing). */
export function assertCanJoin(access: SpaceAccess): void {
  if (access.role === null && access.space.type !== 'PUBLIC') throw forbidden(JOIN_PUBLIC_ONLY);
}

/** Asking to join: a private space one is not in. */
export function assertCanAsk(access: SpaceAccess): void {
  if (access.role !== null) throw forbidden(ALREADY_A_MEMBER);
  if (access.space.type !== 'PRIVATE') throw forbidden(REQUEST_PRIVATE_ONLY);
}

/** Deciding requests to join: the space's admin and moderators. */
export function assertCanModerate(access: SpaceAccess): void {
  if (!canModerate(access)) throw forbidden(SPACE_DECIDERS_ONLY);
}

export function assertSpaceAdmin(access: SpaceAccess): void {
  assertCanRead(access);
  if (access.role !== 'ADMIN') throw forbidden(SPACE_ADMIN_ONLY);
}

/** Deleting any message: the space's moderators and admin. */
export function canModerate(access: SpaceAccess): boolean {
  return access.role === 'MODERATOR' || access.role === 'ADMIN';
}
