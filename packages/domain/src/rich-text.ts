// The allow-list for rich text (posts and comments): which Lexical nodes, formats and link schemes a
// stored body may hold. edge-api refuses anything else at write time, and the editor uses the same
// rules, so stored content can never carry script or markup the read-only renderer does not know.
import { hasOnlyAllowedCharacters } from './fields.ts';
import { RICH_TEXT_MAX_BYTES, RICH_TEXT_MAX_NODES } from './limits.ts';
import { RICH_TEXT_TOO_LARGE, textNotAllowed } from './messages.ts';

/** Nesting deeper than this is refused (the editor's lists and quotes stay far below it). */
export const RICH_TEXT_MAX_DEPTH = 20;

export const RICH_TEXT_TOO_DEEP = 'This text is nested too deeply.'; // ours

/**
 * What is wrong with a rich-text body's size or characters, if anything: more than
 * RICH_TEXT_MAX_BYTES of JSON or RICH_TEXT_MAX_NODES nodes (objects), or a control character (tab
 * and line breaks aside) in any string or key (Postgres cannot store NUL in jsonb). Walks with a
 * stack, so depth cannot overflow it.
 */
export const richTextProblem = (content: unknown, label = 'Content'): string | null => {
  // Walked first, with a stack and a depth bound, so that JSON.stringify below never meets a
  // nesting deep enough to overflow it.
  let nodes = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: content, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!hasOnlyAllowedCharacters(value, true)) return textNotAllowed(label);
    } else if (typeof value === 'object' && value !== null) {
      // A node and its `children` array are two levels.
      if (depth > 2 * RICH_TEXT_MAX_DEPTH + 2) return RICH_TEXT_TOO_DEEP;
      if (!Array.isArray(value) && ++nodes > RICH_TEXT_MAX_NODES) return RICH_TEXT_TOO_LARGE;
      for (const [key, child] of Object.entries(value)) {
        if (!hasOnlyAllowedCharacters(key)) return textNotAllowed(label);
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  if (new TextEncoder().encode(JSON.stringify(content)).length > RICH_TEXT_MAX_BYTES)
    return RICH_TEXT_TOO_LARGE;
  return null;
};

export const RICH_TEXT_LINK_INVALID = 'Links must start with http://, https:// or mailto:'; // ours
export const RICH_TEXT_UNREADABLE = 'This text could not be read.'; // ours
export const richTextUnsupported = (type: string) => `Unsupported content: node type "${type.slice(0, 40)}"`; // ours

/** Blocks that may sit directly under the root. */
const BLOCKS = new Set(['paragraph', 'heading', 'quote', 'list', 'code']);
/** Nodes that live inside a block. */
const INLINES = new Set(['text', 'linebreak', 'tab', 'link', 'autolink', 'code-highlight', 'mention']);
/** Every node type a stored body may hold. */
export const RICH_TEXT_NODE_TYPES = new Set(['root', ...BLOCKS, ...INLINES, 'listitem']);
/** Nodes with `children`. */
const ELEMENTS = new Set([
  'root',
  'paragraph',
  'heading',
  'quote',
  'list',
  'listitem',
  'code',
  'link',
  'autolink',
]);

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LIST_TYPES = new Set(['bullet', 'number', 'check']);
const LINK_TARGETS = new Set(['_blank', '_self']);
const TEXT_MODES = new Set(['normal', 'token', 'segmented']);
/**
 * Lexical's text format bit flags: bold 1, italic 2, strikethrough 4, underline 8, code 16,
 * subscript 32, superscript 64, highlight 128, lowercase 256, uppercase 512, capitalize 1024.
 */
export const TEXT_FORMAT_MAX = 2047;

/** True for the link URLs a body may carry: http(s) and mailto, nothing that runs or reads locally. */
export const isAllowedLinkUrl = (url: unknown): boolean => {
  if (typeof url !== 'string' || url.length > 2048) return false;
  try {
    const parsed = new URL(url.trim());
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol);
  } catch {
    return false;
  }
};

const MENTION_USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPrimitive = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** What is wrong with one node's own fields (not its children), if anything. */
function nodeProblem(node: Record<string, unknown>, type: string): string | null {
  for (const [key, value] of Object.entries(node)) {
    // Only `children` holds structure; every other field is a plain value (no hidden payloads).
    // An undefined field is absent, as in JSON: Lexical's own toJSON() leaves `checked` on a list
    // item (and textFormat/textStyle) undefined, and the editor checks that object before sending.
    if (key !== 'children' && value !== undefined && !isPrimitive(value)) return RICH_TEXT_UNREADABLE;
  }
  if (ELEMENTS.has(type) !== Array.isArray(node.children)) return RICH_TEXT_UNREADABLE;
  switch (type) {
    case 'text':
    case 'code-highlight': {
      if (typeof node.text !== 'string') return RICH_TEXT_UNREADABLE;
      const format = node.format ?? 0;
      if (typeof format !== 'number' || !Number.isInteger(format) || format < 0 || format > TEXT_FORMAT_MAX)
        return RICH_TEXT_UNREADABLE;
      // Inline CSS is not part of the allow-list: the editor sets none.
      if (node.style !== undefined && node.style !== '') return RICH_TEXT_UNREADABLE;
      if (node.mode !== undefined && !TEXT_MODES.has(String(node.mode))) return RICH_TEXT_UNREADABLE;
      return null;
    }
    case 'mention':
      // A member named by id (mentions.ts); `text` is their name as written, refreshed on read.
      if (typeof node.text !== 'string' || node.text.length > 200) return RICH_TEXT_UNREADABLE;
      return typeof node.userId === 'string' && MENTION_USER_ID.test(node.userId)
        ? null
        : RICH_TEXT_UNREADABLE;
    case 'heading':
      return HEADING_TAGS.has(String(node.tag)) ? null : RICH_TEXT_UNREADABLE;
    case 'list':
      return LIST_TYPES.has(String(node.listType)) ? null : RICH_TEXT_UNREADABLE;
    case 'link':
    case 'autolink':
      if (!isAllowedLinkUrl(node.url)) return RICH_TEXT_LINK_INVALID;
      if (node.target !== undefined && node.target !== null && !LINK_TARGETS.has(String(node.target)))
        return RICH_TEXT_UNREADABLE;
      return null;
    default:
      return null;
  }
}

/** Whether `child` may sit in `parent`. */
function fits(parent: string, child: string): boolean {
  if (parent === 'root') return BLOCKS.has(child);
  if (parent === 'list') return child === 'listitem';
  if (parent === 'listitem') return INLINES.has(child) || child === 'list';
  if (parent === 'link' || parent === 'autolink') return child === 'text' || child === 'linebreak';
  return INLINES.has(child);
}

/**
 * What is wrong with a Lexical editor state, if anything: the size and character rules of
 * `richTextProblem`, then every node against the allow-list (types, where they sit, text formats,
 * link schemes, heading and list kinds) and a depth of at most RICH_TEXT_MAX_DEPTH. Walks with a
 * stack, so a hostile depth cannot overflow it.
 */
export function lexicalProblem(content: unknown, label = 'Content'): string | null {
  const sized = richTextProblem(content, label);
  if (sized) return sized;
  if (!isObject(content) || !isObject(content.root)) return RICH_TEXT_UNREADABLE;
  if (content.root.type !== undefined && content.root.type !== 'root') return RICH_TEXT_UNREADABLE;
  const stack: { node: unknown; parent: string | null; depth: number }[] = [
    { node: { ...content.root, type: 'root' }, parent: null, depth: 1 },
  ];
  while (stack.length > 0) {
    const { node, parent, depth } = stack.pop()!;
    if (depth > RICH_TEXT_MAX_DEPTH) return RICH_TEXT_TOO_DEEP;
    if (!isObject(node) || typeof node.type !== 'string') return RICH_TEXT_UNREADABLE;
    const type = node.type;
    if (!RICH_TEXT_NODE_TYPES.has(type) || (type === 'root' && parent !== null))
      return richTextUnsupported(type);
    if (parent !== null && !fits(parent, type)) return RICH_TEXT_UNREADABLE;
    const problem = nodeProblem(node, type);
    if (problem) return problem;
    if (Array.isArray(node.children)) {
      for (const child of node.children) stack.push({ node: child, parent: type, depth: depth + 1 });
    }
  }
  return null;
}
