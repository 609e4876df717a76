// The post and comment editors. Nothing here imports Lexical: the editor itself loads through a
// dynamic import when one of these renders, so the wall can import this module for free.
export { CommentComposer, type CommentComposerProps } from './comment-composer.tsx';
export { PostFormDialog, type PostFormDialogProps } from './post-form-dialog.tsx';
export { SchedulePicker } from './schedule-picker.tsx';
export { TagInput } from './tag-input.tsx';
