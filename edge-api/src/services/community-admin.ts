// Community settings, invitations and the admin's own info and URL list.
import { auditLog, communities, invites, urlEntries, users } from '@community/db/schema';
import type {
  CreateInviteInput,
  UpdateAdminInfoInput,
  UpdateCommunityInput,
  UpdateWelcomeInput,
  User,
} from '@community/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Database, writeTogether } from '../db.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { type LinkPreview, linkPreview } from '../lib/safe-fetch.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { auditStatement } from './audit.ts';
import { findCommunity } from './community.ts';

export const NO_COMMUNITY = 'No community found';
export const COMMUNITY_URL_FORMAT = 'Community URL can only use lowercase letters, digits and dashes'; // ours
export const COMMUNITY_URL_TAKEN = 'This community URL is already taken.'; // ours
export const SUBDOMAIN_MISMATCH = 'This invitation is for another community.'; // ours
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

async function requireCommunity(db: Database) {
  const community = await findCommunity(db);
  if (!community) throw notFound(NO_COMMUNITY);
  return community;
}

export async function updateCommunity(db: Database, actor: User, input: UpdateCommunityInput) {
  const community = await requireCommunity(db);
  const communityUrl = input.communityUrl.toLowerCase();
  if (!SUBDOMAIN.test(communityUrl))
    throw badRequest(COMMUNITY_URL_FORMAT, [{ path: 'communityUrl', message: COMMUNITY_URL_FORMAT }]);
  const [taken] = await db
    .select({ id: communities.id })
    .from(communities)
    .where(and(eq(communities.communityUrl, communityUrl), ne(communities.id, community.id)));
  if (taken) throw conflict(COMMUNITY_URL_TAKEN, [{ path: 'communityUrl', message: COMMUNITY_URL_TAKEN }]);
  const changes = {
    communityName: input.communityName,
    communityLogo: input.communityLogo,
    communityUrl,
    ...(input.emailImages === undefined ? {} : { emailImages: input.emailImages }),
  };
  await writeTogether(db, (tx) => [
    tx.update(communities).set(changes).where(eq(communities.id, community.id)),
    auditStatement(tx, actor.id, {
      action: 'community.update',
      targetType: 'community',
      targetId: community.id,
      changes,
    }),
  ]);
  return requireCommunity(db);
}

/** A single-use link, valid for 7 days; only its hash is stored. */
export async function createInvitation(db: Database, actor: User, input: CreateInviteInput, origin: string) {
  const community = await requireCommunity(db);
  if (input.communitySubdomain.toLowerCase() !== community.communityUrl) {
    throw badRequest(SUBDOMAIN_MISMATCH, [{ path: 'communitySubdomain', message: SUBDOMAIN_MISMATCH }]);
  }
  const token = randomToken();
  const email = input.email.toLowerCase();
  const tokenHash = await sha256Hex(token);
  await writeTogether(db, (tx) => [
    tx.insert(invites).values({
      tokenHash,
      email,
      communityId: community.id,
      invitedBy: actor.id,
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
    }),
    auditStatement(tx, actor.id, {
      action: 'invite.create',
      targetType: 'invite',
      targetId: null,
      changes: { email },
    }),
  ]);
  return { invitationLink: `${origin}/auth/accept-invite?token=${token}`, tokenHash, email, community };
}

export async function updateAdminInfo(db: Database, actor: User, input: UpdateAdminInfoInput) {
  await writeTogether(db, (tx) => [
    tx.update(users).set(input).where(eq(users.id, actor.id)),
    auditStatement(tx, actor.id, {
      action: 'admin.updateInfo',
      targetType: 'user',
      targetId: actor.id,
      changes: input,
    }),
  ]);
}

function toUrlEntry(row: typeof urlEntries.$inferSelect, communityName: string) {
  return {
    id: row.id,
    url: row.url,
    label: row.label,
    host: row.host,
    faviconUrl: row.faviconUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    community: { id: row.communityId, name: communityName },
  };
}

export async function listUrls(db: Database, userId: string) {
  const rows = await db
    .select({ entry: urlEntries, communityName: communities.communityName })
    .from(urlEntries)
    .innerJoin(communities, eq(communities.id, urlEntries.communityId))
    .where(eq(urlEntries.userId, userId))
    .orderBy(asc(urlEntries.createdAt), asc(urlEntries.id));
  return rows.map(({ entry, communityName }) => toUrlEntry(entry, communityName));
}

export async function addUrls(
  db: Database,
  actor: User,
  communityId: string,
  urls: { url: string; label?: string | undefined }[],
  preview: (url: string) => Promise<LinkPreview> = linkPreview,
) {
  const community = await requireCommunity(db);
  if (communityId !== community.id) throw notFound(NO_COMMUNITY);
  // Fetched in parallel, each capped in time: a slow or refused site only loses its favicon.
  const previews = await Promise.all(urls.map(({ url }) => preview(url)));
  const [created] = await writeTogether<[(typeof urlEntries.$inferSelect)[], unknown]>(db, (tx) => [
    tx
      .insert(urlEntries)
      .values(
        urls.map(({ url, label }, index) => ({
          url,
          label: label || previews[index]!.title || null,
          host: previews[index]!.host,
          faviconUrl: previews[index]!.faviconUrl,
          userId: actor.id,
          communityId,
        })),
      )
      .returning(),
    auditStatement(tx, actor.id, {
      action: 'urls.add',
      targetType: 'url',
      targetId: null,
      changes: { urls: urls.map((u) => u.url) },
    }),
  ]);
  return created.map((row) => toUrlEntry(row, community.communityName));
}

export async function deleteUrl(db: Database, actor: User, urlId: string) {
  const own = and(eq(urlEntries.id, urlId), eq(urlEntries.userId, actor.id));
  // The audit line is written from the row itself, in the same transaction as the delete: both or
  // neither (none when the URL is not the caller's).
  const [, deleted] = await writeTogether<[unknown, { id: string }[]]>(db, (tx) => [
    tx.insert(auditLog).select(
      tx
        // Every column of audit_log, in the table's order (what Drizzle's insert-select asks).
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          actorId: sql`${actor.id}::uuid`.as('actor_id'),
          action: sql`'urls.delete'`.as('action'),
          targetType: sql`'url'`.as('target_type'),
          targetId: sql`${urlId}`.as('target_id'),
          changes: sql`jsonb_build_object('url', ${urlEntries.url})`.as('changes'),
          createdAt: sql`now()`.as('created_at'),
        })
        .from(urlEntries)
        .where(own),
    ),
    tx.delete(urlEntries).where(own).returning({ id: urlEntries.id }),
  ]);
  if (deleted.length === 0) throw notFound('URL not found');
}

/** The first-visit welcome's text (admin panel, Community section); audited like the other settings. */
export async function updateWelcomeText(db: Database, actor: User, input: UpdateWelcomeInput) {
  const community = await requireCommunity(db);
  const changes = { welcomeText: input.welcomeText };
  await writeTogether(db, (tx) => [
    tx.update(communities).set(changes).where(eq(communities.id, community.id)),
    auditStatement(tx, actor.id, {
      action: 'community.welcome',
      targetType: 'community',
      targetId: community.id,
      changes,
    }),
  ]);
  return requireCommunity(db);
}
