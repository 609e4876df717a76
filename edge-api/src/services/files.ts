// Uploaded files live in R2 under server-made keys (`<bucket>/<uuid>.<ext>`). They are read through
// short-lived signed URLs, so an <img> can show them without credentials and a leaked link expires.
import { hmacSign, hmacVerify } from '@community/realtime-protocol';
import { type FileKind, STORED_EXTENSIONS } from '../lib/file-types.ts';

export const UPLOAD_BUCKETS = ['posts', 'postsComments', 'users', 'events', 'community', 'spaces'] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

/**
 * What each bucket takes (ADR 0012): posts and chat carry every kind the spec names (images, video,
 * audio, files: PDF); a comment carries one image; avatars, banners and the logo are images.
 */
export const BUCKET_KINDS: Record<UploadBucket, readonly FileKind[]> = {
  posts: ['image', 'video', 'audio', 'document'],
  postsComments: ['image'],
  spaces: ['image', 'video', 'audio', 'document'],
  users: ['image'],
  events: ['image'],
  community: ['image'],
};

const MB = 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * MB;
export const MAX_MEDIA_BYTES = 25 * MB;
/** The largest file of each kind, in any bucket that takes the kind. */
export const MAX_BYTES: Record<FileKind, number> = {
  image: MAX_IMAGE_BYTES,
  document: MAX_IMAGE_BYTES,
  video: MAX_MEDIA_BYTES,
  audio: MAX_MEDIA_BYTES,
};
/** The largest file a bucket takes at all (its request body may be this plus the multipart envelope). */
export const maxBucketBytes = (bucket: UploadBucket) =>
  Math.max(...BUCKET_KINDS[bucket].map((kind) => MAX_BYTES[kind]));
/** The spec's dropzone text: "The file is too large. Max size is 5 MB." (25 MB for video and audio). */
export const fileTooLarge = (bytes: number) => `The file is too large. Max size is ${bytes / MB} MB.`;
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
/** Keys we make: `<bucket>/<uuid>.<extension>`; nothing else is ever read back. */
export const FILE_KEY_PATTERN = new RegExp(
  `^(${UPLOAD_BUCKETS.join('|')})/[0-9a-f-]{36}\\.(${STORED_EXTENSIONS.join('|')})$`,
);

const signedPart = (key: string, expires: number) => `file:${key}:${expires}`;

export async function signFileUrl(secret: string, key: string, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
  const signature = await hmacSign(secret, signedPart(key, expires));
  return `/api/files/${key}?expires=${expires}&signature=${signature}`;
}

export async function checkFileSignature(secret: string, key: string, expires: number, signature: string) {
  if (!Number.isInteger(expires) || expires * 1000 < Date.now()) return false;
  return hmacVerify(secret, signedPart(key, expires), signature);
}
