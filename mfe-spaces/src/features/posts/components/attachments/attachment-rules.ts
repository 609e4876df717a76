// What a post, comment or chat message may carry, checked in the browser before any upload with the
// spec's dropzone texts. The numbers are the server's (edge-api services/files.ts BUCKET_KINDS and
// MAX_BYTES, ADR 0012; ATTACHMENTS_MAX per post); the server checks again by content, so these only
// spare a member a pointless upload.
import {
  ATTACHMENTS_MAX,
  type AttachmentType,
  FILE_INVALID_TYPE,
  fileTooLarge,
  MESSAGE_ATTACHMENTS_MAX,
  tooManyFiles,
} from '@community/domain';

/** edge-api MAX_BYTES: images and PDF 5 MB per file, video and audio 25 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_MEDIA_BYTES = 25 * 1024 * 1024;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
/** MP3, M4A, WebM (a browser's voice recording), Ogg (Opus, Vorbis), WAV. */
export const AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/webm', 'audio/ogg', 'audio/wav'] as const;
export const DOCUMENT_TYPES = ['application/pdf'] as const;
const EVERY_KIND = [...IMAGE_TYPES, ...VIDEO_TYPES, ...AUDIO_TYPES, ...DOCUMENT_TYPES] as const;

export type UploadBucket = 'posts' | 'postsComments' | 'spaces';

export type UploadRules = {
  bucket: UploadBucket;
  /** MIME types the bucket stores (the server sniffs the bytes; the name's extension is a fallback). */
  types: readonly string[];
  /** The largest file of any type. */
  maxBytes: number;
  /** Smaller limits for some kinds (images and files stay 5 MB where video and audio may be 25 MB). */
  maxBytesByType?: Partial<Record<AttachmentType, number>>;
  maxFiles: number;
};

const MEDIA_SIZES = {
  maxBytes: MAX_MEDIA_BYTES,
  maxBytesByType: { img: MAX_UPLOAD_BYTES, file: MAX_UPLOAD_BYTES },
};

/** A post carries images, video, audio and PDF (spec section 3: img, video, audio, file). */
export const POST_UPLOAD_RULES: UploadRules = {
  bucket: 'posts',
  types: EVERY_KIND,
  ...MEDIA_SIZES,
  maxFiles: ATTACHMENTS_MAX,
};

/** A comment carries one image. */
export const COMMENT_UPLOAD_RULES: UploadRules = {
  bucket: 'postsComments',
  types: IMAGE_TYPES,
  maxBytes: MAX_UPLOAD_BYTES,
  maxFiles: 1,
};

/** A chat message takes what a post takes (the count is the composer's, MESSAGE_ATTACHMENTS_MAX). */
export const CHAT_UPLOAD_RULES: UploadRules = {
  bucket: 'spaces',
  types: EVERY_KIND,
  ...MEDIA_SIZES,
  maxFiles: MESSAGE_ATTACHMENTS_MAX,
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
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  m4v: 'video/mp4',
};

/** Other names browsers give the same formats (Chrome says audio/x-m4a, Firefox audio/wave…). */
const TYPE_ALIASES: Record<string, string> = {
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/opus': 'audio/ogg',
  'video/x-m4v': 'video/mp4',
};

/**
 * The file's type as the browser says it (without parameters such as a recorder's `;codecs=opus`,
 * under one name per format), or guessed from its extension when it says nothing.
 */
export function mimeOf(file: Pick<File, 'type' | 'name'>): string {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (type) return TYPE_ALIASES[type] ?? type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/** The largest file of this type the rules take. */
export const maxBytesOf = (mime: string, rules: UploadRules) =>
  rules.maxBytesByType?.[attachmentTypeOf(mime)] ?? rules.maxBytes;

/** The dropzone's size hint: "5 MB each", or "5 MB each, video and audio 25 MB" where media go. */
export function sizeHint(rules: UploadRules): string {
  const each = maxBytesOf('image/png', rules);
  const media = rules.types.some((type) => /^(video|audio)\//.test(type));
  if (!media || each === rules.maxBytes) return `${formatBytes(rules.maxBytes)} each`;
  return `${formatBytes(each)} each, video and audio ${formatBytes(rules.maxBytes)}`;
}

/** "5 MB" for the size message. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The spec's message for one file we will not upload, or null when it may go. */
export function fileProblem(file: Pick<File, 'type' | 'size' | 'name'>, rules: UploadRules): string | null {
  const mime = mimeOf(file);
  if (!rules.types.includes(mime)) return FILE_INVALID_TYPE;
  const max = maxBytesOf(mime, rules);
  if (file.size > max) return fileTooLarge(formatBytes(max));
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

/** For the file input's `accept`: the types, and their extensions for systems that name them otherwise. */
export const acceptOf = (rules: UploadRules) => {
  const extensions = Object.entries(EXTENSION_TYPES)
    .filter(([, type]) => rules.types.includes(type))
    .map(([extension]) => `.${extension}`);
  return [...rules.types, ...extensions].join(',');
};
