// What a post or comment may carry, checked in the browser before any upload with the spec's dropzone
// texts. The numbers are the server's (5 MB per file in edge-api's uploads route, ATTACHMENTS_MAX per
// post); the server checks again by content, so these only spare a member a pointless upload.
import {
  ATTACHMENTS_MAX,
  type AttachmentType,
  FILE_INVALID_TYPE,
  fileTooLarge,
  tooManyFiles,
} from '@community/domain';

/** edge-api/src/services/files.ts MAX_IMAGE_BYTES: every bucket takes at most 5 MB per file. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '5 MB';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['application/pdf'] as const;

export type UploadBucket = 'posts' | 'postsComments';

export type UploadRules = {
  bucket: UploadBucket;
  /** MIME types the bucket stores (the server sniffs the bytes; the name's extension is a fallback). */
  types: readonly string[];
  maxBytes: number;
  maxFiles: number;
};

// The server's `posts` and `postsComments` buckets take images only (DOCUMENT_BUCKETS is ['spaces']);
// video, audio and PDF need the server first (see docs, reported to the API side).
export const POST_UPLOAD_RULES: UploadRules = {
  bucket: 'posts',
  types: IMAGE_TYPES,
  maxBytes: MAX_UPLOAD_BYTES,
  maxFiles: ATTACHMENTS_MAX,
};

export const COMMENT_UPLOAD_RULES: UploadRules = {
  bucket: 'postsComments',
  types: IMAGE_TYPES,
  maxBytes: MAX_UPLOAD_BYTES,
  maxFiles: 1,
};

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
};

/** The file's type as the browser says it, or guessed from its extension when it says nothing. */
export function mimeOf(file: Pick<File, 'type' | 'name'>): string {
  if (file.type) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/** "5 MB" for the size message. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The spec's message for one file we will not upload, or null when it may go. */
export function fileProblem(file: Pick<File, 'type' | 'size' | 'name'>, rules: UploadRules): string | null {
  if (!rules.types.includes(mimeOf(file))) return FILE_INVALID_TYPE;
  if (file.size > rules.maxBytes) return fileTooLarge(formatBytes(rules.maxBytes));
  return null;
}

/** The count rule: `existing` files already added, `adding` more picked at once. */
export function countProblem(existing: number, adding: number, rules: UploadRules): string | null {
  return existing + adding > rules.maxFiles ? tooManyFiles(rules.maxFiles) : null;
}

/** Which card an uploaded file gets (spec section 3: audio, video, img, file). */
export function attachmentTypeOf(mime: string): AttachmentType {
  if (mime.startsWith('image/')) return 'img';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'file';
}

/** For the file input's `accept`. */
export const acceptOf = (rules: UploadRules) => rules.types.join(',');
