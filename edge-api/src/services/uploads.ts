// Who may read an uploaded file. Every upload is recorded with its owner; a chat attachment is
// linked to its space (or direct conversation) when the message that carries it is sent. A signed
// URL is the object itself (whoever holds it reads the file for 15 minutes), so signing is where
// the read is authorized.
import { conversationParticipants, spaceMembers, spaces, uploads } from '@community/db/schema';
import type { User } from '@community/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import { FILE_KEY_PATTERN, type UploadBucket } from './files.ts';

export const FILE_NOT_FOUND = 'File not found';
export const FILE_FORBIDDEN = 'You are not allowed to read this file.';

/**
 * Buckets whose files are shown to every member: avatars, event banners, the community logo, and
 * post and comment attachments (the wall is community-wide). Only `spaces` holds files whose
 * readers are narrower (a private space's members).
 */
export const PUBLIC_CONTENT_BUCKETS: readonly UploadBucket[] = [
  'users',
  'events',
  'community',
  'posts',
  'postsComments',
];

const bucketOf = (key: string) => key.slice(0, key.indexOf('/')) as UploadBucket;

export async function recordUpload(db: Database, key: string, ownerId: string): Promise<void> {
  await db.insert(uploads).values({ key, bucket: bucketOf(key), ownerId });
}

export async function forgetUpload(db: Database, key: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.key, key));
}

/**
 * Throws 404 for a key nobody may read because we know nothing of it, 403 for one the caller may
 * not read. Asked before R2 is, so a caller without the right learns nothing about the object.
 *
 * Keys in R2 without a row (uploaded before uploads were recorded; the demo seed uploads none):
 * in a public-content bucket the rule does not depend on the row, so they stay readable by any
 * signed-in member; in `spaces` nothing says which space they belong to, so nobody may sign them
 * (404, as for an unknown key) rather than guessing in favour of reading.
 */
export async function assertMayReadUpload(db: Database, key: string, user: User): Promise<void> {
  const bucket = bucketOf(key);
  if (PUBLIC_CONTENT_BUCKETS.includes(bucket)) return;
  const [row] = await db
    .select({
      ownerId: uploads.ownerId,
      spaceId: uploads.spaceId,
      spaceType: spaces.type,
      memberId: spaceMembers.id,
      participantId: conversationParticipants.userId,
    })
    .from(uploads)
    .leftJoin(spaces, eq(spaces.id, uploads.spaceId))
    .leftJoin(spaceMembers, and(eq(spaceMembers.spaceId, uploads.spaceId), eq(spaceMembers.userId, user.id)))
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, uploads.conversationId),
        eq(conversationParticipants.userId, user.id),
      ),
    )
    .where(eq(uploads.key, key));
  if (!row) throw notFound(FILE_NOT_FOUND);
  if (row.ownerId === user.id) return;
  // Linked to a space: the space's readers (its members, or everyone for a public space), the
  // same rule as reading its messages. A member who is kicked or leaves loses the files with them.
  if (row.spaceId && (row.memberId !== null || row.spaceType === 'PUBLIC')) return;
  // Sent in a direct message: both participants of that conversation.
  if (row.participantId !== null) return;
  // Not linked yet (uploaded, not sent): only its owner.
  throw forbidden(FILE_FORBIDDEN);
}

/** The storage key inside an uploaded file's address (`…/api/files/<key>`), or null. */
export function storageKeyOf(url: string): string | null {
  const match = /\/api\/files\/([^?#]+)/.exec(url);
  if (!match?.[1]) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return FILE_KEY_PATTERN.test(key) ? key : null;
}

/** The `spaces` keys among a message's attachments, for linking them to the space it is sent in. */
export function chatUploadKeys(attachments: readonly { url: string }[]): string[] {
  const keys = attachments.map((attachment) => storageKeyOf(attachment.url));
  return [...new Set(keys.filter((key): key is string => key?.startsWith('spaces/') === true))];
}

export const ATTACH_OWN_UPLOADS = 'Attach files by uploading them here.';

/**
 * A post's images, videos, audio and files must be the author's own uploads to the `posts`
 * bucket (links are the `a` type): otherwise a post could make every reader's browser fetch an
 * address chosen by its author (tracking pixels), or show someone else's file as one's own.
 */
export async function assertOwnPostUploads(
  db: Database,
  ownerId: string,
  attachments: readonly { url: string; type: string }[] | undefined,
): Promise<void> {
  const files = (attachments ?? [])
    .map((attachment, index) => ({ index, key: uploadKeyOf(attachment.url), type: attachment.type }))
    .filter((file) => file.type !== 'a');
  if (files.length === 0) return;
  const keys = files.flatMap((file) => (file.key?.startsWith('posts/') ? [file.key] : []));
  const owned = keys.length
    ? await db
        .select({ key: uploads.key })
        .from(uploads)
        .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.key, keys)))
    : [];
  const ownedKeys = new Set(owned.map((row) => row.key));
  const wrong = files.filter((file) => !file.key || !ownedKeys.has(file.key));
  if (wrong.length > 0) {
    throw badRequest(
      ATTACH_OWN_UPLOADS,
      wrong.map((file) => ({ path: `attachments.${file.index}.url`, message: ATTACH_OWN_UPLOADS })),
    );
  }
}

/** The R2 key in one of our file addresses (`…/api/files/<key>`), or null. */
function uploadKeyOf(url: string): string | null {
  try {
    const key = new URL(url, 'http://localhost').pathname.replace(/^\/api\/files\//, '');
    return FILE_KEY_PATTERN.test(key) ? key : null;
  } catch {
    return null;
  }
}
