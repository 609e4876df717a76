// What a chat attachment may be (images shown inline, PDFs as a download card), checked in the
// browser before the upload with the spec's dropzone texts; the server checks again by content.
import { type ChatAttachment, FILE_INVALID_TYPE, fileTooLarge } from '@community/domain';

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['application/pdf'] as const;
/** For the file input's `accept`. */
export const ACCEPTED_TYPES = [...IMAGE_TYPES, ...DOCUMENT_TYPES].join(',');

const isImageType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type);
const isAccepted = (type: string, name: string) =>
  isImageType(type) || (DOCUMENT_TYPES as readonly string[]).includes(type) || /\.pdf$/i.test(name);

/** The spec's message for a file we will not upload, or null when it may go. */
export function attachmentProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  if (!isAccepted(file.type, file.name)) return FILE_INVALID_TYPE;
  if (file.size > MAX_ATTACHMENT_BYTES) return fileTooLarge('5 MB');
  return null;
}

export function toAttachment(file: Pick<File, 'type' | 'name'>, url: string): ChatAttachment {
  return { name: file.name, url, type: isImageType(file.type) ? 'img' : 'file' };
}

/** The storage key inside an uploaded file's address (`…/api/files/<key>`), for a signed URL. */
export function storageKeyOf(url: string): string | null {
  const match = /\/api\/files\/([^?#]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
