// Reading spaces. Public and paid spaces are listed to every member; a private space only to its
// members. The invite code is shown to the space's admin only.
import { spaceMembers, spaces } from '@community/db/schema';
import type { Space } from '@community/domain';
import { and, asc, eq, exists, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';

const TYPE_ORDER = sql`case ${spaces.type} when 'PUBLIC' then 0 when 'PRIVATE' then 1 else 2 end`;
const membersCount = sql<number>`(select count(*)::int from ${spaceMembers} where ${spaceMembers.spaceId} = ${spaces.id})`;

export async function listVisibleSpaces(db: Database, viewerId: string): Promise<Space[]> {
  const isMember = exists(
    db
      .select({ one: sql`1` })
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, viewerId))),
  );
  const rows = await db
    .select({ space: spaces, membersCount })
    .from(spaces)
    .where(or(ne(spaces.type, 'PRIVATE'), isMember))
    .orderBy(TYPE_ORDER, asc(spaces.name), asc(spaces.id));
  return rows.map(({ space, membersCount }) => ({
    id: space.id,
    name: space.name,
    description: space.description,
    type: space.type,
    color: space.color,
    inviteCode: space.adminId === viewerId ? space.inviteCode : null,
    adminId: space.adminId,
    membersCount,
  }));
}
