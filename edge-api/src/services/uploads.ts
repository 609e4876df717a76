// Who may read an uploaded file. Every upload is recorded with its owner; a chat attachment is
// linked to its space (or direct conversation) when the message that carries it is sent. A signed
// URL is the object itself (whoever holds it reads the file for 15 minutes), so signing is where
// the read is authorized.
import { conversationParticipants, spaceMembers, spaces, uploads } from '@community/db/schema';
import { ATTACH_OWN_UPLOADS, IMAGE_NOT_UPLOADED, type User } from '@community/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import { FILE_KEY_PATTERN, type UploadBucket } from './files.ts';

export const FILE_NOT_FOUND = 'File not found';
export const FILE_FORBIDDEN = 'You are not allowed to read this file.';
export { ATTACH_OWN_UPLOADS };

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

/** Whether every member may read the file (its bucket is one of PUBLIC_CONTENT_BUCKETS). */
export const isPublicContentKey = (key: string) => PUBLIC_CONTENT_BUCKETS.includes(bucketOf(key));

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
 * Keys in R2 without a row (uploaded before uploads were recorded):
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

/**
 * The media rule (issue 27): an address stored as media (an avatar, a cover, a post's or message's
 * image, video, audio or file, a comment's image, an event banner) is rendered by every reader's
 * browser, so it must be the author's own upload: otherwise a tracking pixel or read receipt on any
 * host would be loaded by everyone, or someone else's file shown as one's own. Links (`a`
 * attachments) are the only things that point elsewhere.
 *
 * A stored media address is exactly what `POST /api/uploads/{bucket}` answered:
 * `<origin>/api/files/<bucket>/<uuid>.<ext>`, where the origin is the API's (as this request
 * reached it, or the configured public URL), the key is one we make, in the field's bucket, and
 * nothing else is there: no query, fragment, credentials, escapes or dot segments. The parsed URL
 * is checked, never a pattern found somewhere in the string
 * (`https://evil.example/api/files/users/<key>`, `…/track?x=/api/files/users/<key>`).
 */
export function uploadedFileKey(
  raw: string,
  bucket: UploadBucket,
  origins: readonly string[],
): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!origins.includes(url.origin)) return null;
  const prefix = `/api/files/${bucket}/`;
  if (!url.pathname.startsWith(prefix)) return null;
  const key = url.pathname.slice('/api/files/'.length);
  if (!FILE_KEY_PATTERN.test(key)) return null;
  // The whole string, not only the parsed parts: the URL parser drops tabs and newlines, resolves
  // `..`, and keeps `?`/`#` apart, so anything but the canonical address is refused.
  return raw === `${url.origin}/api/files/${key}` ? key : null;
}

/** The origins our file addresses carry: the API's as this request reached it, and the public URL's. */
export function fileOrigins(requestUrl: string, publicUrl: string): string[] {
  return [...new Set([new URL(requestUrl).origin, new URL(publicUrl).origin])];
}

/** One stored media address to check; `stored` (an edit's current value) is kept as it is. */
export type MediaField = {
  path: string;
  url: string | null | undefined;
  bucket: UploadBucket;
  message: string;
  stored?: string | null;
};

/** An image field (avatar, cover, comment image, event banner). */
export const imageField = (
  path: string,
  url: string | null | undefined,
  bucket: UploadBucket,
  stored?: string | null,
): MediaField => ({ path, url, bucket, message: IMAGE_NOT_UPLOADED, stored });

/** A post's or message's attachments: every one but links (`a`). */
export const attachmentFields = (
  attachments: readonly { url: string; type: string }[] | undefined,
  bucket: UploadBucket,
): MediaField[] =>
  (attachments ?? []).flatMap((attachment, index) =>
    attachment.type === 'a'
      ? []
      : [{ path: `attachments.${index}.url`, url: attachment.url, bucket, message: ATTACH_OWN_UPLOADS }],
  );

/**
 * 400 (nothing stored) unless every new media address in `fields` is one of `ownerId`'s own uploads
 * (uploadedFileKey, then one query for the owner's rows). Empty values and unchanged ones pass.
 */
export async function assertOwnUploads(
  db: Database,
  ownerId: string,
  origins: readonly string[],
  fields: readonly MediaField[],
): Promise<void> {
  const checked = fields
    .filter((field) => field.url && field.url !== field.stored)
    .map((field) => ({ ...field, key: uploadedFileKey(field.url as string, field.bucket, origins) }));
  if (checked.length === 0) return;
  const keys = [...new Set(checked.flatMap((field) => (field.key ? [field.key] : [])))];
  const owned = keys.length
    ? await db
        .select({ key: uploads.key })
        .from(uploads)
        .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.key, keys)))
    : [];
  const ownedKeys = new Set(owned.map((row) => row.key));
  const wrong = checked.filter((field) => !field.key || !ownedKeys.has(field.key));
  if (wrong.length > 0) {
    throw badRequest(
      wrong[0]!.message,
      wrong.map((field) => ({ path: field.path, message: field.message })),
    );
  }
}
