// Spaces and their members. Public and paid spaces are listed to every member; a private space
// only to its members (the Spaces page's cards show it to everyone, without its faces). The invite
// code is shown to the space's admin only. One membership per user and space is a database
// constraint.
import { spaceMembers, spaces, users } from '@community/db/schema';
import type {
  CreateSpaceInput,
  Space,
  SpaceCard,
  SpaceFace,
  SpaceMember,
  UpdateSpaceInput,
  User,
} from '@community/domain';
import { and, asc, eq, exists, inArray, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database, SessionDatabase } from '../db.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { randomToken } from '../lib/tokens.ts';
import { clearRequest, myJoinRequest, myJoinRequests } from './join-requests.ts';
import { nameMatches } from './users.ts';

export const MEMBER_NOT_FOUND = 'Member not found';
export const SPACE_ADMIN_UNCHANGEABLE = 'The space admin cannot be changed or removed.';
export const ADMIN_CANNOT_LEAVE = 'The space admin cannot leave the space.';
export const DELETE_SPACE_FORBIDDEN = 'Failed to delete space, not authorized';
export const INVITE_INVALID = 'This invite link is invalid or has been replaced.';

const TYPE_ORDER = sql`case ${spaces.type} when 'PUBLIC' then 0 when 'PRIVATE' then 1 else 2 end`;
// Qualified by hand: in a one-table select Drizzle writes columns unqualified, and a bare "id" inside
// the subquery would be space_members.id (every count was 0).
const membersCount = sql<number>`(select count(*)::int from ${spaceMembers} as counted where counted.space_id = ${spaces}.id)`;
/** Whether the viewer belongs to the space (qualified by hand for the same reason). */
const viewerIsMember = (viewerId: string) =>
  sql<boolean>`exists (select 1 from ${spaceMembers} as viewer
    where viewer.space_id = ${spaces}.id and viewer.user_id = ${viewerId})`;

/** 128 random bits: guessing a live invite code is hopeless. */
export const newInviteCode = () => randomToken().slice(0, 22);

export function toSpace(
  space: typeof spaces.$inferSelect,
  count: number,
  viewerId: string,
  isMember: boolean,
): Space {
  return {
    id: space.id,
    name: space.name,
    description: space.description,
    type: space.type,
    color: space.color,
    inviteCode: space.adminId === viewerId ? space.inviteCode : null,
    adminId: space.adminId,
    membersCount: count,
    isMember,
  };
}

function memberOf(viewerId: string) {
  return (db: Database) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(spaceMembers)
        .where(and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, viewerId))),
    );
}

/** Spaces the viewer may see, optionally only those `ofUserId` belongs to, in the spec's order. */
export async function listVisibleSpaces(db: Database, viewerId: string, ofUserId?: string): Promise<Space[]> {
  const visible = or(ne(spaces.type, 'PRIVATE'), memberOf(viewerId)(db));
  const rows = await db
    .select({ space: spaces, membersCount, isMember: viewerIsMember(viewerId) })
    .from(spaces)
    .where(ofUserId ? and(visible, memberOf(ofUserId)(db)) : visible)
    .orderBy(TYPE_ORDER, asc(spaces.name), asc(spaces.id));
  return rows.map((row) => toSpace(row.space, row.membersCount, viewerId, row.isMember));
}

/** How many members a space's card shows. */
export const FACES_SHOWN = 5;

/**
 * A few members of each space, those with a picture first, then the newest: one statement for all
 * the spaces. Blocked members are left out. Only for spaces the caller may read (callers decide).
 */
async function facesOf(db: Database, spaceIds: string[]): Promise<Map<string, SpaceFace[]>> {
  const faces = new Map<string, SpaceFace[]>();
  if (spaceIds.length === 0) return faces;
  const ranked = db
    .select({
      spaceId: spaceMembers.spaceId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imageUrl: users.imageUrl,
      rank: sql<number>`row_number() over (partition by ${spaceMembers.spaceId}
        order by ${users.imageUrl} is null, ${spaceMembers.createdAt} desc, ${users.id})`.as('rank'),
    })
    .from(spaceMembers)
    .innerJoin(users, eq(users.id, spaceMembers.userId))
    .where(and(inArray(spaceMembers.spaceId, spaceIds), eq(users.isBlocked, false)))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, FACES_SHOWN)).orderBy(ranked.rank);
  for (const { spaceId, rank: _rank, ...face } of rows) {
    faces.set(spaceId, [...(faces.get(spaceId) ?? []), face]);
  }
  return faces;
}

const readable = (space: Space) => space.isMember || space.type === 'PUBLIC';

async function withFaces(db: Database, list: Space[]): Promise<SpaceCard[]> {
  const faces = await facesOf(
    db,
    list.filter(readable).map((space) => space.id),
  );
  return list.map((space) => ({ ...space, faces: faces.get(space.id) ?? [], joinRequest: null }));
}

/**
 * The Spaces page: every space, in the spec's order, private ones too (Circle lists a private space
 * with "request access"; docs/product-decisions.md). Each has a few faces where the viewer may read
 * it, and, for a private space they are not in, their own request to join. A private space's card
 * says no more than its landing card does: name, colour, type, description and size.
 */
export async function listSpaceCards(db: Database, viewerId: string): Promise<SpaceCard[]> {
  const rows = await db
    .select({ space: spaces, membersCount, isMember: viewerIsMember(viewerId) })
    .from(spaces)
    .orderBy(TYPE_ORDER, asc(spaces.name), asc(spaces.id));
  const cards = await withFaces(
    db,
    rows.map((row) => toSpace(row.space, row.membersCount, viewerId, row.isMember)),
  );
  const askable = cards.filter((card) => card.type === 'PRIVATE' && !card.isMember);
  const requests = await myJoinRequests(
    db,
    askable.map((card) => card.id),
    viewerId,
  );
  return cards.map((card) => ({ ...card, joinRequest: requests.get(card.id) ?? null }));
}

/** A space's landing card, for whoever opens its page (a non-member of a private one too). */
export async function findSpaceCard(db: Database, spaceId: string, viewerId: string): Promise<SpaceCard> {
  const [card] = await withFaces(db, [await findSpace(db, spaceId, viewerId)]);
  if (!card) throw notFound('Space not found');
  if (card.isMember || card.type !== 'PRIVATE') return card;
  return { ...card, joinRequest: await myJoinRequest(db, spaceId, viewerId) };
}

export async function findSpace(db: Database, spaceId: string, viewerId: string): Promise<Space> {
  const [row] = await db
    .select({ space: spaces, membersCount, isMember: viewerIsMember(viewerId) })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  if (!row) throw notFound('Space not found');
  return toSpace(row.space, row.membersCount, viewerId, row.isMember);
}

export async function createSpace(
  db: SessionDatabase,
  input: CreateSpaceInput,
  creator: User,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [space] = await tx
      .insert(spaces)
      .values({ ...input, adminId: creator.id, inviteCode: newInviteCode() })
      .returning({ id: spaces.id });
    if (!space) throw new Error('Space was not created');
    await tx.insert(spaceMembers).values({ spaceId: space.id, userId: creator.id, role: 'ADMIN' });
    return space.id;
  });
}

export async function updateSpace(db: Database, spaceId: string, input: UpdateSpaceInput): Promise<void> {
  if (Object.keys(input).length === 0) return;
  await db.update(spaces).set(input).where(eq(spaces.id, spaceId));
}

export async function deleteSpace(db: Database, spaceId: string, user: User): Promise<void> {
  if (user.role !== 'SUPER_ADMIN') throw forbidden(DELETE_SPACE_FORBIDDEN);
  const deleted = await db.delete(spaces).where(eq(spaces.id, spaceId)).returning({ id: spaces.id });
  if (deleted.length === 0) throw notFound('Space not found');
}

/**
 * Members' emails are personal data: shown to community ADMINs and SUPER_ADMINs only. A space
 * admin is not enough, because anyone may create a space, add anyone and read the list back.
 */
export const seesMemberEmails = (viewer: Pick<User, 'role'>) =>
  viewer.role === 'ADMIN' || viewer.role === 'SUPER_ADMIN';

export async function listMembers(db: Database, spaceId: string, viewer: User): Promise<SpaceMember[]> {
  const showEmails = seesMemberEmails(viewer);
  const rows = await db
    .select({
      id: spaceMembers.id,
      userId: spaceMembers.userId,
      role: spaceMembers.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      imageUrl: users.imageUrl,
      lastOfflineAt: users.lastOfflineAt,
    })
    .from(spaceMembers)
    .innerJoin(users, eq(users.id, spaceMembers.userId))
    .where(eq(spaceMembers.spaceId, spaceId))
    .orderBy(
      sql`case ${spaceMembers.role} when 'ADMIN' then 0 when 'MODERATOR' then 1 else 2 end`,
      asc(users.firstName),
    );
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    role: row.role,
    user: {
      firstName: row.firstName,
      lastName: row.lastName,
      // One's own email is no secret to oneself.
      email: showEmails || row.userId === viewer.id ? row.email : null,
      imageUrl: row.imageUrl,
      lastOfflineAt: row.lastOfflineAt ? row.lastOfflineAt.toISOString() : null,
    },
  }));
}

/** Adds a member as GUEST; adding someone already in is harmless (the unique constraint holds). */
export async function addMember(db: Database, spaceId: string, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isBlocked, false)));
  if (!user) throw notFound('User not found');
  const inserted = await db
    .insert(spaceMembers)
    .values({ spaceId, userId, role: 'GUEST' })
    .onConflictDoNothing()
    .returning({ id: spaceMembers.id });
  // However they came in, a request of theirs is answered (approving deleted it already).
  if (inserted.length > 0) await clearRequest(db, spaceId, userId);
  return inserted.length > 0;
}

async function memberRow(db: Database, spaceId: string, memberId: string) {
  const [member] = await db
    .select()
    .from(spaceMembers)
    .where(and(eq(spaceMembers.id, memberId), eq(spaceMembers.spaceId, spaceId)));
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  if (member.role === 'ADMIN') throw forbidden(SPACE_ADMIN_UNCHANGEABLE);
  return member;
}

export async function changeMemberRole(
  db: Database,
  spaceId: string,
  memberId: string,
  role: 'GUEST' | 'MODERATOR',
) {
  const member = await memberRow(db, spaceId, memberId);
  await db.update(spaceMembers).set({ role }).where(eq(spaceMembers.id, member.id));
  return { userId: member.userId, role };
}

export async function removeMember(db: Database, spaceId: string, memberId: string) {
  const member = await memberRow(db, spaceId, memberId);
  await db.delete(spaceMembers).where(eq(spaceMembers.id, member.id));
  return { userId: member.userId };
}

export async function leaveSpace(db: Database, spaceId: string, user: User): Promise<void> {
  const [member] = await db
    .select({ role: spaceMembers.role })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, user.id)));
  if (!member) throw forbidden('You are not a member of this space.');
  if (member.role === 'ADMIN') throw forbidden(ADMIN_CANNOT_LEAVE);
  await db
    .delete(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, user.id)));
}

/** The user ids of the space's members: who keeps a socket when the space stops being public. */
export async function memberIdsOf(db: Database, spaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: spaceMembers.userId })
    .from(spaceMembers)
    .where(eq(spaceMembers.spaceId, spaceId));
  return rows.map((row) => row.userId);
}

/** A new code replaces the old one at once: the old link stops working. */
export async function regenerateInviteCode(db: Database, spaceId: string): Promise<void> {
  await db.update(spaces).set({ inviteCode: newInviteCode() }).where(eq(spaces.id, spaceId));
}

/** The space whose current invite code this is (404 for an old or unknown one). */
export async function spaceOfInvite(db: Database, inviteCode: string): Promise<string> {
  const [space] = await db.select({ id: spaces.id }).from(spaces).where(eq(spaces.inviteCode, inviteCode));
  if (!space) throw notFound(INVITE_INVALID);
  return space.id;
}

/** What an invite link's page shows before anyone joins: opening a link changes nothing. */
export type InvitePreview = {
  space: Space;
  /** The space's admin, whose link it is. */
  invitedBy: { id: string; firstName: string; lastName: string; imageUrl: string | null };
  isMember: boolean;
};

export async function previewInvite(
  db: Database,
  inviteCode: string,
  viewerId: string,
): Promise<InvitePreview> {
  const [row] = await db
    .select({
      space: spaces,
      membersCount,
      invitedBy: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        imageUrl: users.imageUrl,
      },
      isMember: viewerIsMember(viewerId),
    })
    .from(spaces)
    .innerJoin(users, eq(users.id, spaces.adminId))
    .where(eq(spaces.inviteCode, inviteCode));
  if (!row) throw notFound(INVITE_INVALID);
  return {
    space: toSpace(row.space, row.membersCount, viewerId, row.isMember),
    invitedBy: row.invitedBy,
    isMember: row.isMember,
  };
}

/** Community members not yet in the space, for the add-members dialog. */
export async function addableUsers(db: Database, spaceId: string, search: string | undefined) {
  const term = search?.trim();
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      pseudo: users.pseudo,
      imageUrl: users.imageUrl,
    })
    .from(users)
    .where(
      and(
        eq(users.isBlocked, false),
        notExists(
          db
            .select({ one: sql`1` })
            .from(spaceMembers)
            .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, users.id))),
        ),
        term ? nameMatches(term) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(20);
}
