// Uploaded files live in R2 under server-made keys (`<bucket>/<uuid>.<ext>`). They are read through
// short-lived signed URLs, so an <img> can show them without credentials and a leaked link expires.
import { hmacSign, hmacVerify } from '@community/realtime-protocol';

export const UPLOAD_BUCKETS = ['posts', 'postsComments', 'users', 'events', 'community', 'spaces'] as const;
/** Buckets that also take documents (PDF) besides images: chat attachments. */
export const DOCUMENT_BUCKETS: readonly UploadBucket[] = ['spaces'];
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
/** Keys we make: `<bucket>/<uuid>.<extension>`; nothing else is ever read back. */
export const FILE_KEY_PATTERN = new RegExp(
  `^(${UPLOAD_BUCKETS.join('|')})/[0-9a-f-]{36}\\.(png|jpg|gif|webp|pdf)$`,
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
