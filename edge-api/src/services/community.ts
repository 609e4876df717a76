// The community this deployment serves (one per deployment).
import { communities, users } from '@community/db/schema';
import { type Community, DEFAULT_WELCOME_TEXT } from '@community/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db.ts';

export async function findCommunity(db: Database): Promise<Community | null> {
  const [row] = await db
    .select({ community: communities, ownerFirstName: users.firstName, ownerLastName: users.lastName })
    .from(communities)
    .innerJoin(users, eq(users.id, communities.ownerId))
    .orderBy(asc(communities.createdAt))
    .limit(1);
  if (!row) return null;
  const { community } = row;
  return {
    id: community.id,
    name: community.name,
    communityName: community.communityName,
    communityLogo: community.communityLogo,
    communityUrl: community.communityUrl,
    ownerId: community.ownerId,
    ownerName: `${row.ownerFirstName} ${row.ownerLastName}`,
    timeZone: community.timeZone,
    welcomeText: community.welcomeText ?? DEFAULT_WELCOME_TEXT,
    emailImages: community.emailImages,
  };
}
