// Attachments of posts, comments and chat messages: the card that shows one (every kind the spec
// names) and the dropzone that uploads new ones with per-file progress.
export { AttachmentCard, type AttachmentCardProps, type CardAttachment } from './attachment-card.tsx';
export {
  COMMENT_UPLOAD_RULES,
  fileProblem,
  POST_UPLOAD_RULES,
  type UploadRules,
} from './attachment-rules.ts';
export { Dropzone, type DropzoneProps } from './dropzone.tsx';
export { type Uploads, useUploads } from './use-uploads.ts';
