// What a chat attachment may be: what a post takes (images, video, audio, PDF; 5 MB images and PDF,
// 25 MB video and audio), checked in the browser before the upload with the spec's dropzone texts;
// the server checks again by content.
import type { ChatAttachment } from '@community/domain';
import {
  acceptOf,
  attachmentTypeOf,
  CHAT_UPLOAD_RULES,
  fileProblem,
  mimeOf,
} from '../../posts/components/attachments/attachment-rules.ts';

/** For the file input's `accept`. */
export const ACCEPTED_TYPES = acceptOf(CHAT_UPLOAD_RULES);

/** The spec's message for a file we will not upload, or null when it may go. */
export function attachmentProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  return fileProblem(file, CHAT_UPLOAD_RULES);
}

/** Which card the message shows for it (image, video, audio, or a file to download). */
export function toAttachment(file: Pick<File, 'type' | 'name'>, url: string): ChatAttachment {
  return { name: file.name, url, type: attachmentTypeOf(mimeOf(file)) };
}

/** The storage key inside an uploaded file's address (`…/api/files/<key>`), for a signed URL. */
export function storageKeyOf(url: string): string | null {
  const match = /\/api\/files\/([^?#]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
