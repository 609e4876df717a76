import { lexicalProblem } from '@community/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT, nodeTypesOf, sanitizeContent } from './lexical-content.ts';

const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  version: 1,
  text: value,
  format: 0,
  style: '',
  mode: 'normal',
  detail: 0,
  ...extra,
});
const paragraph = (...children: unknown[]) => ({
  type: 'paragraph',
  version: 1,
  format: '',
  indent: 0,
  direction: null,
  textFormat: 0,
  textStyle: '',
  children,
});
const state = (...children: unknown[]) => ({
  root: { type: 'root', version: 1, format: '', indent: 0, direction: null, children },
});

describe('sanitizeContent', () => {
  it('keeps what the server allows untouched', () => {
    const content = state(
      {
        type: 'heading',
        tag: 'h2',
        version: 1,
        format: '',
        indent: 0,
        direction: null,
        children: [text('Title')],
      },
      paragraph(text('bold', { format: 1 }), { type: 'linebreak', version: 1 }, text('code', { format: 16 })),
      {
        type: 'list',
        listType: 'bullet',
        start: 1,
        tag: 'ul',
        version: 1,
        format: '',
        indent: 0,
        direction: null,
        children: [
          {
            type: 'listitem',
            value: 1,
            version: 1,
            format: '',
            indent: 0,
            direction: null,
            children: [text('one')],
          },
        ],
      },
      paragraph({
        type: 'link',
        url: 'https://example.com',
        rel: 'noreferrer',
        target: null,
        title: null,
        version: 1,
        format: '',
        indent: 0,
        direction: null,
        children: [text('site')],
      }),
    );
    expect(sanitizeContent(content)).toEqual(content);
    expect(lexicalProblem(sanitizeContent(content))).toBeNull();
  });

  it('turns a javascript: link into its text and drops nodes the server does not know', () => {
    const content = state(
      paragraph(
        { type: 'link', url: 'javascript:alert(1)', version: 1, children: [text('click')] },
        { type: 'image', src: 'https://x/y.png', version: 1 },
        { type: 'mention', version: 1, children: [text('@bob')] },
      ),
    );
    const clean = sanitizeContent(content);
    expect([...nodeTypesOf(clean)].sort()).toEqual(['paragraph', 'root', 'text']);
    expect(JSON.stringify(clean)).toContain('click');
    expect(JSON.stringify(clean)).toContain('@bob');
    expect(lexicalProblem(clean)).toBeNull();
  });

  it('keeps a mention node (a member id and its text) as the server accepts it', () => {
    const mention = {
      type: 'mention',
      version: 1,
      userId: '11111111-1111-4111-8111-111111111111',
      text: '@Ada Lovelace',
      format: 0,
      detail: 0,
      mode: 'segmented',
      style: '',
    };
    const clean = sanitizeContent(state(paragraph(text('hi '), mention)));
    expect([...nodeTypesOf(clean)].sort()).toEqual(['mention', 'paragraph', 'root', 'text']);
    expect(lexicalProblem(clean)).toBeNull();
  });

  it('strips inline styles and formats the toolbar does not offer', () => {
    const clean = sanitizeContent(
      state(paragraph(text('red', { style: 'color: red', format: 1 | 32 | 128 }))),
    );
    const node = (clean.root.children[0] as { children: { style: string; format: number }[] }).children[0]!;
    expect(node.style).toBe('');
    expect(node.format).toBe(1);
  });

  it('answers the empty state for anything that is not an editor state', () => {
    expect(sanitizeContent(null)).toEqual(EMPTY_CONTENT);
    expect(sanitizeContent({ nope: true })).toEqual(EMPTY_CONTENT);
    expect(lexicalProblem(EMPTY_CONTENT)).toBeNull();
  });
});

describe('sanitizeContent placement', () => {
  it('rearranges pasted nesting the server refuses into what it accepts', () => {
    const quote = {
      type: 'quote',
      version: 1,
      format: '',
      indent: 0,
      direction: null,
      children: [paragraph(text('first')), paragraph(text('second'))],
    };
    const looseText = text('loose at the root');
    const linkInLink = paragraph({
      type: 'link',
      url: 'https://a.example',
      version: 1,
      children: [{ type: 'link', url: 'https://b.example', version: 1, children: [text('inner')] }],
    });
    const list = {
      type: 'list',
      listType: 'number',
      start: 1,
      tag: 'ol',
      version: 1,
      format: '',
      indent: 0,
      direction: null,
      children: [text('not in an item'), paragraph(text('a paragraph in a list'))],
    };
    const clean = sanitizeContent(state(quote, looseText, linkInLink, list));
    expect(lexicalProblem(clean)).toBeNull();
    const flat = JSON.stringify(clean);
    for (const words of [
      'first',
      'second',
      'loose at the root',
      'inner',
      'not in an item',
      'a paragraph in a list',
    ]) {
      expect(flat).toContain(words);
    }
    const [cleanQuote] = clean.root.children as { children: { type: string }[] }[];
    expect(cleanQuote!.children.map((child) => child.type)).toEqual(['text', 'linebreak', 'text']);
  });
});
