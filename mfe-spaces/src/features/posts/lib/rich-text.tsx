// Reads a stored Lexical editor state as React elements, so reading a post never loads the editor.
// Only the nodes the server allows are drawn (paragraph, heading, quote, list, listitem, link, text,
// linebreak, code); anything else shows its children or nothing. Links keep only http(s) and mailto
// addresses: any other one renders as its plain text. No `lexical` import here, on purpose.
import { css } from '@community/ui/styled-system/css';
import { createElement, type ReactNode } from 'react';
import { MentionChip } from '../../mentions/components/message-text.tsx';

type LexicalNode = {
  type?: unknown;
  children?: unknown;
  text?: unknown;
  format?: unknown;
  tag?: unknown;
  listType?: unknown;
  start?: unknown;
  url?: unknown;
  userId?: unknown;
};

// Lexical's text format bits.
const BOLD = 1;
const ITALIC = 2;
const STRIKETHROUGH = 4;
const UNDERLINE = 8;
const CODE = 16;

/** Deeper than this is not drawn (the server refuses such content anyway). */
const MAX_DEPTH = 40;
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const isNode = (value: unknown): value is LexicalNode => typeof value === 'object' && value !== null;

const childrenOf = (node: LexicalNode): LexicalNode[] =>
  Array.isArray(node.children) ? node.children.filter(isNode) : [];

/** The address a link may open, or null: only absolute http, https and mailto URLs. */
export function safeHref(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url.trim());
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

const blockClass = css({
  '& p': { my: '0', minH: '1lh' },
  '& p + p, & ul, & ol, & blockquote, & pre, & h1, & h2, & h3, & h4, & h5, & h6': { mt: '2' },
  '& h1': { textStyle: 'xl', fontWeight: 'bold' },
  '& h2': { textStyle: 'lg', fontWeight: 'bold' },
  '& h3, & h4, & h5, & h6': { textStyle: 'md', fontWeight: 'semibold' },
  '& blockquote': { borderLeftWidth: '3px', borderColor: 'border.default', pl: '3', color: 'fg.muted' },
  '& ul': { listStyleType: 'disc', pl: '6' },
  '& ol': { listStyleType: 'decimal', pl: '6' },
  '& li > ul, & li > ol': { mt: '0' },
  '& a': { color: 'accent.text', textDecoration: 'underline' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.subtle', px: '1', borderRadius: 'l1' },
  '& pre': {
    fontFamily: 'mono',
    textStyle: 'sm',
    bg: 'bg.subtle',
    p: '3',
    borderRadius: 'l2',
    overflowX: 'auto',
  },
  '& pre code': { bg: 'transparent', p: '0' },
  wordBreak: 'break-word',
});

function renderText(node: LexicalNode, key: number): ReactNode {
  const text = typeof node.text === 'string' ? node.text : '';
  if (text === '') return null;
  const format = typeof node.format === 'number' ? node.format : 0;
  let element: ReactNode = text;
  if (format & CODE) element = <code>{element}</code>;
  if (format & BOLD) element = <strong>{element}</strong>;
  if (format & ITALIC) element = <em>{element}</em>;
  if (format & UNDERLINE) element = <u>{element}</u>;
  if (format & STRIKETHROUGH) element = <s>{element}</s>;
  return <span key={key}>{element}</span>;
}

function renderChildren(node: LexicalNode, depth: number, inCode = false): ReactNode[] {
  return childrenOf(node).map((child, index) => renderNode(child, index, depth + 1, inCode));
}

function renderNode(node: LexicalNode, key: number, depth: number, inCode = false): ReactNode {
  if (depth > MAX_DEPTH) return null;
  switch (node.type) {
    case 'text':
      return inCode ? (typeof node.text === 'string' ? node.text : null) : renderText(node, key);
    case 'code-highlight':
      return typeof node.text === 'string' ? node.text : null;
    case 'linebreak':
      return inCode ? '\n' : <br key={key} />;
    case 'tab':
      return '\t';
    case 'mention':
      // The member's name as the server read it just now (a rename shows); a chip, stronger for the viewer.
      return typeof node.userId === 'string' && typeof node.text === 'string' ? (
        <MentionChip key={key} userId={node.userId} label={node.text} />
      ) : null;
    case 'paragraph':
      return <p key={key}>{renderChildren(node, depth)}</p>;
    case 'heading': {
      const tag = typeof node.tag === 'string' && HEADINGS.has(node.tag) ? node.tag : 'h3';
      return createElement(tag, { key }, renderChildren(node, depth));
    }
    case 'quote':
      return <blockquote key={key}>{renderChildren(node, depth)}</blockquote>;
    case 'list': {
      if (node.listType === 'number') {
        const start = typeof node.start === 'number' && node.start > 1 ? node.start : undefined;
        return (
          <ol key={key} start={start}>
            {renderChildren(node, depth)}
          </ol>
        );
      }
      return <ul key={key}>{renderChildren(node, depth)}</ul>;
    }
    case 'listitem': {
      // A nested list sits in a list item of its own; that item shows no bullet.
      const children = childrenOf(node);
      const onlyList = children.length > 0 && children.every((child) => child.type === 'list');
      return (
        <li key={key} style={onlyList ? { listStyleType: 'none' } : undefined}>
          {renderChildren(node, depth)}
        </li>
      );
    }
    case 'link':
    case 'autolink': {
      const href = safeHref(node.url);
      const children = renderChildren(node, depth);
      if (!href) return <span key={key}>{children}</span>;
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      );
    }
    case 'code':
      return (
        <pre key={key}>
          <code>{renderChildren(node, depth, true)}</code>
        </pre>
      );
    default: {
      // Unknown nodes: their content, if they have any (never their raw attributes).
      const children = childrenOf(node);
      return children.length > 0 ? <span key={key}>{renderChildren(node, depth, inCode)}</span> : null;
    }
  }
}

/** The root's children of a Lexical state, or an empty list for anything else. */
function rootOf(content: unknown): LexicalNode | null {
  if (!isNode(content)) return null;
  const root = (content as { root?: unknown }).root;
  return isNode(root) ? root : null;
}

export function RichText({ content, className }: { content: unknown; className?: string }) {
  const root = rootOf(content);
  return (
    <div className={className ? `${blockClass} ${className}` : blockClass} data-rich-text="">
      {root ? renderChildren(root, 0) : null}
    </div>
  );
}

/** The words of a Lexical state (for previews, titles and measuring), blocks separated by a line break. */
export function plainText(content: unknown): string {
  const root = rootOf(content);
  if (!root) return '';
  const blocks: string[] = [];
  const walk = (node: LexicalNode, depth: number): string => {
    if (depth > MAX_DEPTH) return '';
    if (node.type === 'linebreak') return '\n';
    if (typeof node.text === 'string') return node.text;
    return childrenOf(node)
      .map((child) => walk(child, depth + 1))
      .join('');
  };
  for (const block of childrenOf(root)) blocks.push(walk(block, 1));
  return blocks.join('\n').trim();
}
