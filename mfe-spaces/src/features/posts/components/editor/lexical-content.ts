// Lexical JSON as the posts API stores it, without importing Lexical (the forms and tests use this before
// the editor has loaded). `sanitizeContent` keeps an editor state within the server's allow-list
// (docs/api.md, Rich text): known node types only, links to http(s) and mailto only, no inline styles.
import type { LexicalContent } from '@community/domain';

type JsonNode = { type?: unknown; children?: unknown; [key: string]: unknown };

/** An editor with one empty paragraph, as Lexical serialises it. */
export const EMPTY_CONTENT: LexicalContent = {
  root: {
    type: 'root',
    version: 1,
    format: '',
    indent: 0,
    direction: null,
    children: [
      {
        type: 'paragraph',
        version: 1,
        format: '',
        indent: 0,
        direction: null,
        textFormat: 0,
        textStyle: '',
        children: [],
      },
    ],
  },
};

/** The node types the server accepts; the editor registers no others. */
export const ALLOWED_NODE_TYPES = new Set([
  'root',
  'paragraph',
  'heading',
  'quote',
  'list',
  'listitem',
  'link',
  'autolink',
  'text',
  'linebreak',
  'tab',
  'code',
  'code-highlight',
  'mention',
]);

// Lexical's text format bits the toolbar offers: bold 1, italic 2, strikethrough 4, underline 8, code 16.
export const TEXT_FORMAT_MASK = 1 | 2 | 4 | 8 | 16;

const SAFE_LINK = /^(https?:|mailto:)/i;

const isNode = (value: unknown): value is JsonNode => typeof value === 'object' && value !== null;

const BLOCKS = new Set(['paragraph', 'heading', 'quote', 'list', 'code']);
const INLINES = new Set(['text', 'linebreak', 'tab', 'link', 'autolink', 'code-highlight', 'mention']);

/** Where a node may sit: the server's placement rules (packages/domain/src/rich-text.ts). */
function fits(parent: string, child: string): boolean {
  if (parent === 'root') return BLOCKS.has(child);
  if (parent === 'list') return child === 'listitem';
  if (parent === 'listitem') return INLINES.has(child) || child === 'list';
  if (parent === 'link' || parent === 'autolink') return child === 'text' || child === 'linebreak';
  return INLINES.has(child);
}

const element = (type: string, children: JsonNode[], extra: Record<string, unknown> = {}): JsonNode => ({
  type,
  version: 1,
  format: '',
  indent: 0,
  direction: null,
  ...extra,
  children,
});
const LINEBREAK: JsonNode = { type: 'linebreak', version: 1 };

/**
 * Children rearranged to fit their parent (pasted HTML can nest what the server refuses): loose
 * inline nodes under the root or a list are wrapped in a paragraph or list item, a block inside a
 * block gives up its children (a line break between), other misplaced leaves become plain text or go.
 */
function place(parent: string, children: JsonNode[]): JsonNode[] {
  const placed: JsonNode[] = [];
  let loose: JsonNode[] = [];
  const flush = () => {
    if (loose.length === 0) return;
    placed.push(
      parent === 'root'
        ? element('paragraph', loose, { textFormat: 0, textStyle: '' })
        : element('listitem', loose, { value: placed.length + 1 }),
    );
    loose = [];
  };
  for (const child of children) {
    const type = String(child.type);
    if (fits(parent, type)) {
      flush();
      placed.push(child);
    } else if ((parent === 'root' || parent === 'list') && INLINES.has(type)) {
      loose.push(child);
    } else if (Array.isArray(child.children)) {
      flush();
      const inner = place(parent, child.children as JsonNode[]);
      if (parent !== 'root' && parent !== 'list' && placed.length > 0 && inner.length > 0) {
        placed.push(LINEBREAK);
      }
      placed.push(...inner);
    } else if (typeof child.text === 'string' && fits(parent, 'text')) {
      placed.push({ ...child, type: 'text' });
    }
  }
  flush();
  return placed;
}

/** The node itself (cleaned), its children in its place (a link we cannot keep), or nothing. */
function cleanNode(node: JsonNode): JsonNode[] {
  const type = typeof node.type === 'string' ? node.type : '';
  const children = Array.isArray(node.children) ? cleanChildren(node.children) : undefined;
  if (!ALLOWED_NODE_TYPES.has(type)) return children ?? [];
  // A mention names a member by id and shows its text; anything else called "mention" is its content.
  if (type === 'mention' && (typeof node.userId !== 'string' || typeof node.text !== 'string' || children)) {
    return children ?? [];
  }
  if ((type === 'link' || type === 'autolink') && !SAFE_LINK.test(String(node.url ?? ''))) {
    return children ?? [];
  }
  const copy: JsonNode = { ...node };
  if (children) copy.children = place(type, children);
  if (type === 'text' || type === 'code-highlight' || type === 'mention') {
    copy.format = typeof node.format === 'number' ? node.format & TEXT_FORMAT_MASK : 0;
    copy.style = '';
  }
  if ('textStyle' in copy) copy.textStyle = '';
  if (typeof copy.textFormat === 'number') copy.textFormat &= TEXT_FORMAT_MASK;
  return [copy];
}

function cleanChildren(children: unknown[]): JsonNode[] {
  return children.filter(isNode).flatMap(cleanNode);
}

/** A copy of `content` that the server's rich-text rules accept (or the empty state if it is not Lexical). */
export function sanitizeContent(content: unknown): LexicalContent {
  if (!isNode(content) || !isNode(content.root)) return EMPTY_CONTENT;
  const [root] = cleanNode({ ...content.root, type: 'root' });
  const children = Array.isArray(root?.children) ? root.children : [];
  return { root: { ...root, children } } as LexicalContent;
}

/** Every node type used in a state, for tests and diagnostics. */
export function nodeTypesOf(content: unknown): Set<string> {
  const types = new Set<string>();
  const stack: unknown[] = [isNode(content) ? content.root : null];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isNode(node)) continue;
    if (typeof node.type === 'string') types.add(node.type);
    if (Array.isArray(node.children)) stack.push(...node.children);
  }
  return types;
}
