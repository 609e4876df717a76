// Posts and comments (spec sections 3, 5 and 7): the request schemas shared by the editor forms and
// edge-api, and the JSON shapes the API answers with. Content is a Lexical editor state checked
// against the rich-text allow-list (rich-text.ts).
import { z } from 'zod';
import {
  httpUrl,
  ifNoIssueYet,
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
  PAST_DATE_GRACE_MS,
  POST_TAGS_MAX,
  SEARCH_MAX,
  TAG_MAX,
  TITLE_MAX,
  TOKEN_MAX,
} from './limits.ts';
import {
  ATTACHMENT_NAME_REQUIRED,
  CONTENT_EMPTY,
  DATE_INVALID,
  EVENT_SPACE_REQUIRED,
  POST_TAGS_TOO_MANY,
  tooManyFiles,
  URL_INVALID,
} from './messages.ts';
import { clampPageLimit } from './pagination.ts';
import { lexicalProblem } from './rich-text.ts';

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A Lexical editor state that passes the rich-text allow-list (rich-text.ts). */
export const LexicalContent = z
  .looseObject({ root: z.looseObject({ children: z.array(z.unknown()) }) }, { error: CONTENT_EMPTY })
  .superRefine((content, ctx) => {
    const problem = lexicalProblem(content);
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

/** The dropzone's count rule (spec section 5: "You can only add {n} file(s)."). */
const attachments = list('Attachments', AttachmentInput, ATTACHMENTS_MAX, tooManyFiles(ATTACHMENTS_MAX));

/**
 * Tag input rule: surrounding blanks and leading `#`s dropped (a tag is shown as `#tag`, so people
 * type it that way; interests do the same), inner spaces become underscores.
 */
export const normalizePostTag = (raw: string): string =>
  raw.trim().replace(/^#+/, '').trim().replace(/\s+/g, '_');

const distinctTags = (tags: readonly string[]): string[] => {
  const result: string[] = [];
  for (const tag of tags.map(normalizePostTag)) {
    if (tag !== '' && !result.includes(tag)) result.push(tag);
  }
  return result;
};

/** Normalises, drops empty and duplicate tags, and keeps the first three. */
export const normalizePostTags = (tags: readonly string[]): string[] =>
  distinctTags(tags).slice(0, POST_TAGS_MAX);

/** What the tag input does on Enter or comma; pasted "a, b" adds both. */
export const addPostTag = (current: readonly string[], raw: string): string[] =>
  normalizePostTags([...current, ...raw.split(',')]);

/** At most 3 tags once normalised (so "a b" and "a_b" count once); a few more raw ones are tolerated. */
const tags = list('Tags', text('Tag', TAG_MAX), POST_TAGS_MAX * 4, POST_TAGS_TOO_MANY)
  .transform(distinctTags)
  .refine((value) => value.length <= POST_TAGS_MAX, POST_TAGS_TOO_MANY);

/** Made once per post or comment by its author; a retry with the same key makes no second one. */
export const ClientKey = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'clientKey must be 8 to 64 letters, digits or dashes');

/** A title; blank or null means none. */
const title = text('Title', TITLE_MAX)
  .nullish()
  .transform((value) => value || null);

/** A schedule time: an instant with a zone, not in the past (a few minutes' grace for the trip). */
const scheduledAt = isoDateTime(DATE_INVALID)
  .refine((value) => Date.parse(value) >= Date.now() - PAST_DATE_GRACE_MS, {
    message: DATE_INVALID,
    when: ifNoIssueYet,
  })
  .nullish()
  .transform((value) => value ?? null);

const hasContentOrAttachment = (value: { content: LexicalContent; attachments?: unknown[] | undefined }) =>
  !isLexicalEmpty(value.content) || (value.attachments?.length ?? 0) > 0;

/**
 * The rule behind "Post is empty" / "Comment is empty": the issue sits on `content` with the
 * spec's hint, and edge-api answers with the title (POST_EMPTY, COMMENT_EMPTY) as `error`.
 */
const contentRule = {
  message: CONTENT_EMPTY,
  path: ['content'],
  when: whenFieldsValid('content', 'attachments', 'imageUrl'),
};

export const CreatePostInput = z
  .strictObject({
    spaceId: uuid('Space', EVENT_SPACE_REQUIRED),
    title: title.optional(),
    content: LexicalContent,
    attachments: attachments.default([]),
    tags: tags.default([]),
    scheduledAt: scheduledAt.optional(),
    clientKey: ClientKey,
  })
  .refine(hasContentOrAttachment, contentRule);
export type CreatePostInput = z.infer<typeof CreatePostInput>;

/**
 * Editing: title, content and tags (the spec's body repeats the post id, which must then be the
 * path's). `attachments`, when sent, replaces the post's list; left out, the list stays.
 */
export const UpdatePostInput = z
  .strictObject({
    id: uuid('Post').optional(),
    title: title.optional(),
    content: LexicalContent,
    tags: tags.optional(),
    attachments: attachments.optional(),
  })
  .refine(hasContentOrAttachment, contentRule);
export type UpdatePostInput = z.infer<typeof UpdatePostInput>;

export const CreateCommentInput = z
  .strictObject({
    content: LexicalContent,
    /** The author's own image upload to the postsComments bucket (the server checks: docs/api.md, Files). */
    imageUrl: httpUrl(URL_INVALID)
      .nullish()
      .transform((value) => value ?? null),
    clientKey: ClientKey,
  })
  .refine((value) => !isLexicalEmpty(value.content) || value.imageUrl !== null, contentRule);
export type CreateCommentInput = z.infer<typeof CreateCommentInput>;

export const POST_SORTS = ['recent', 'oldest', 'popular'] as const;
export type PostSort = (typeof POST_SORTS)[number];

const cursor = text('Cursor', TOKEN_MAX)
  .optional()
  .transform((value) => value || undefined);
const limit = z.union([z.string(), z.number()]).optional().transform(clampPageLimit);

/** `GET /api/posts`: the spec's sortBy is recent, oldest, or otherwise by likes and comments. */
export const PostListQuery = z.object({
  spaceId: uuid('Space').optional(),
  cursor,
  sortBy: text('Sort', 20)
    .optional()
    .transform(
      (value): PostSort =>
        value === undefined || value === '' || value === 'recent'
          ? 'recent'
          : value === 'oldest'
            ? 'oldest'
            : 'popular',
    ),
  /** Comma-separated; a post carrying any of them is kept. */
  tags: text('Tags', SEARCH_MAX)
    .optional()
    .transform((value) => distinctTags(value ? value.split(',') : []))
    .refine((value) => value.length <= POST_TAGS_MAX, POST_TAGS_TOO_MANY),
  limit,
});
export type PostListQuery = z.infer<typeof PostListQuery>;

export const CommentListQuery = z.object({ cursor, limit });
export type CommentListQuery = z.infer<typeof CommentListQuery>;

/** `GET /api/posts/attachments/{userId}`: `limit` counts month groups. */
export const MediaQuery = z.object({
  cursor,
  limit: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === '' ? 6 : Math.min(24, clampPageLimit(value)))),
});
export type MediaQuery = z.infer<typeof MediaQuery>;

export const LinkPreviewQuery = z.object({ url: httpUrl(URL_INVALID) });
export type LinkPreviewQuery = z.infer<typeof LinkPreviewQuery>;

export type PostPerson = { id: string; firstName: string; lastName: string; imageUrl: string | null };

export type PostAttachment = {
  id: string;
  name: string;
  url: string;
  type: AttachmentType;
  createdAt: string;
};

/** A post as the API answers it (docs/api.md). */
export type Post = {
  id: string;
  spaceId: string;
  title: string | null;
  content: unknown;
  tags: string[];
  scheduledAt: string | null;
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
  /** Published in the future: only its author sees it until then. */
  scheduled: boolean;
  author: PostPerson;
  attachments: PostAttachment[];
  likes: number;
  likedByMe: boolean;
  commentsCount: number;
};

export type PostComment = {
  id: string;
  postId: string;
  content: unknown;
  imageUrl: string | null;
  createdAt: string;
  user: PostPerson;
};

export type PostLikeState = { id: string; likes: number; likedByMe: boolean };

export type MediaGroup = { month: string; attachments: (PostAttachment & { postId: string })[] };
