// Posts and comments (spec sections 3, 5 and 7). Content is a Lexical editor state; its outer
// shape, size and characters are checked here, since the node types belong to the editor, not to
// the API.
import { z } from 'zod';
import {
  hasOnlyAllowedCharacters,
  httpUrl,
  isoDateTime,
  list,
  requiredText,
  text,
  uuid,
  whenFieldsValid,
} from './fields.ts';
import {
  ATTACHMENTS_MAX,
  FILE_NAME_MAX,
  POST_TAGS_MAX,
  RICH_TEXT_MAX_BYTES,
  RICH_TEXT_MAX_NODES,
  TAG_MAX,
  TITLE_MAX,
} from './limits.ts';
import {
  ATTACHMENT_NAME_REQUIRED,
  CONTENT_EMPTY,
  DATE_INVALID,
  POST_TAGS_TOO_MANY,
  RICH_TEXT_TOO_LARGE,
  textNotAllowed,
  URL_INVALID,
} from './messages.ts';

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * What is wrong with a rich-text body, if anything: more than RICH_TEXT_MAX_BYTES of JSON or
 * RICH_TEXT_MAX_NODES nodes (objects), or a control character (tab and line breaks aside) in any string or
 * key (Postgres cannot store NUL in jsonb). Walks with a stack, so depth cannot overflow it.
 */
export const richTextProblem = (content: unknown, label = 'Content'): string | null => {
  if (new TextEncoder().encode(JSON.stringify(content)).length > RICH_TEXT_MAX_BYTES)
    return RICH_TEXT_TOO_LARGE;
  let nodes = 0;
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!hasOnlyAllowedCharacters(value, true)) return textNotAllowed(label);
    } else if (isObject(value)) {
      if (!Array.isArray(value) && ++nodes > RICH_TEXT_MAX_NODES) return RICH_TEXT_TOO_LARGE;
      for (const [key, child] of Object.entries(value)) {
        if (!hasOnlyAllowedCharacters(key)) return textNotAllowed(label);
        stack.push(child);
      }
    }
  }
  return null;
};

export const LexicalContent = z
  .looseObject({ root: z.looseObject({ children: z.array(z.unknown()) }) }, { error: CONTENT_EMPTY })
  .superRefine((content, ctx) => {
    const problem = richTextProblem(content);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type LexicalContent = z.infer<typeof LexicalContent>;

// Leaves that take up room in the editor but carry nothing a reader would call content.
const BLANK_LEAVES = new Set(['linebreak', 'tab']);

/**
 * True when a Lexical state holds no visible text and no other leaf (image, mention, ...).
 * Walks with a stack rather than recursion so a deeply nested body cannot overflow it.
 */
export const isLexicalEmpty = (content: unknown): boolean => {
  if (!isObject(content) || !('root' in content)) return true;
  const stack: unknown[] = [content.root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node)) continue;
    if ('text' in node && typeof node.text === 'string') {
      if (node.text.trim() !== '') return false;
    } else if ('children' in node && Array.isArray(node.children)) {
      stack.push(...node.children);
    } else if (!('type' in node) || !BLANK_LEAVES.has(String(node.type))) {
      return false;
    }
  }
  return true;
};

export const ATTACHMENT_TYPES = ['audio', 'video', 'img', 'file', 'a'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const AttachmentInput = z.strictObject({
  name: requiredText(ATTACHMENT_NAME_REQUIRED, 'File name', FILE_NAME_MAX),
  url: httpUrl(URL_INVALID),
  type: z.enum(ATTACHMENT_TYPES),
});
export type AttachmentInput = z.infer<typeof AttachmentInput>;

const attachments = list('Attachments', AttachmentInput, ATTACHMENTS_MAX);

/** Tag input rule: surrounding blanks dropped, inner spaces become underscores. */
export const normalizePostTag = (raw: string): string => raw.trim().replace(/\s+/g, '_');

/** Normalises, drops empty and duplicate tags, and keeps the first three. */
export const normalizePostTags = (tags: readonly string[]): string[] => {
  const result: string[] = [];
  for (const tag of tags.map(normalizePostTag)) {
    if (tag !== '' && !result.includes(tag)) result.push(tag);
  }
  return result.slice(0, POST_TAGS_MAX);
};

/** What the tag input does on Enter or comma; pasted "a, b" adds both. */
export const addPostTag = (current: readonly string[], raw: string): string[] =>
  normalizePostTags([...current, ...raw.split(',')]);

const hasContentOrAttachment = (value: { content: LexicalContent; attachments?: unknown[] | undefined }) =>
  !isLexicalEmpty(value.content) || (value.attachments?.length ?? 0) > 0;

const contentRule = {
  message: CONTENT_EMPTY,
  path: ['content'],
  when: whenFieldsValid('content', 'attachments'),
};

export const CreatePostInput = z
  .strictObject({
    title: text('Title', TITLE_MAX).optional(),
    content: LexicalContent,
    attachments: attachments.default([]),
    tags: list('Tags', text('Tag', TAG_MAX), POST_TAGS_MAX, POST_TAGS_TOO_MANY)
      .transform(normalizePostTags)
      .default([]),
    scheduledAt: isoDateTime(DATE_INVALID).optional(),
  })
  .refine(hasContentOrAttachment, contentRule);
export type CreatePostInput = z.infer<typeof CreatePostInput>;

/** The spec's update body repeats the post id; a route should compare it with the path's id. */
export const UpdatePostInput = z
  .strictObject({
    id: uuid('Post').optional(),
    title: text('Title', TITLE_MAX).optional(),
    content: LexicalContent,
    attachments: attachments.optional(),
  })
  .refine(hasContentOrAttachment, contentRule);
export type UpdatePostInput = z.infer<typeof UpdatePostInput>;

export const CreateCommentInput = z
  .strictObject({
    content: LexicalContent,
    attachments: attachments.default([]),
  })
  .refine(hasContentOrAttachment, contentRule);
export type CreateCommentInput = z.infer<typeof CreateCommentInput>;
