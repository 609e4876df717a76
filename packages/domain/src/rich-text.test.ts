import { describe, expect, it } from 'vitest';
import { isAllowedLinkUrl, lexicalProblem } from './rich-text.ts';

const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  ...extra,
});
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
const doc = (...children: unknown[]) => ({ root: { type: 'root', children } });
const link = (url: string) => ({ type: 'link', url, children: [text('here')] });

describe('lexicalProblem', () => {
  it('accepts what the editor writes: headings, quotes, lists, links, code and formats', () => {
    const content = doc(
      {
        type: 'heading',
        tag: 'h1',
        direction: 'ltr',
        format: '',
        indent: 0,
        version: 1,
        children: [text('Title')],
      },
      { type: 'quote', children: [text('quoted', { format: 1 | 2 | 8 })] },
      {
        type: 'list',
        listType: 'number',
        start: 1,
        tag: 'ol',
        children: [
          { type: 'listitem', value: 1, children: [text('one')] },
          {
            type: 'listitem',
            value: 2,
            children: [
              {
                type: 'list',
                listType: 'bullet',
                children: [{ type: 'listitem', children: [text('nested')] }],
              },
            ],
          },
        ],
      },
      paragraph(
        link('https://example.org'),
        { type: 'linebreak' },
        { type: 'autolink', url: 'http://a.example', children: [text('a')] },
      ),
      {
        type: 'code',
        language: 'js',
        children: [{ type: 'code-highlight', text: 'let a', highlightType: 'keyword' }],
      },
    );
    expect(lexicalProblem(content)).toBeNull();
  });

  it('reads an undefined field as absent, as Lexical’s toJSON() leaves `checked` on a bullet item', () => {
    const item = {
      type: 'listitem',
      value: 1,
      checked: undefined,
      textFormat: undefined,
      children: [text('a')],
    };
    expect(lexicalProblem(doc({ type: 'list', listType: 'bullet', children: [item] }))).toBeNull();
  });

  it('refuses links that are not http(s) or mailto', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>',
      'file:///etc/passwd',
      'vbscript:x',
      '/relative',
    ]) {
      expect(lexicalProblem(doc(paragraph(link(url)))), url).toBe(
        'Links must start with http://, https:// or mailto:',
      );
    }
    expect(lexicalProblem(doc(paragraph(link('mailto:a@b.example'))))).toBeNull();
  });

  it('names an unknown node type', () => {
    expect(lexicalProblem(doc(paragraph({ type: 'image', src: 'https://a.example/x.png' })))).toBe(
      'Unsupported content: node type "image"',
    );
    expect(lexicalProblem(doc({ type: 'html', children: [] }))).toBe('Unsupported content: node type "html"');
  });

  it('refuses nodes out of place, bad formats, styles and hidden objects', () => {
    for (const content of [
      doc(text('text straight under the root')),
      doc({ type: 'list', listType: 'bullet', children: [paragraph(text('not a list item'))] }),
      doc(paragraph(text('x', { format: 4096 }))),
      doc(paragraph(text('x', { style: 'color: red' }))),
      doc(paragraph(text('x', { extra: { nested: true } }))),
      doc({ type: 'heading', tag: 'h7', children: [] }),
      doc(paragraph(text('x'), { type: 'root', children: [] })),
      { root: 'nope' },
      null,
    ]) {
      expect(lexicalProblem(content), JSON.stringify(content)).not.toBeNull();
    }
  });

  it('refuses nesting deeper than 20, without overflowing on 10,000', () => {
    const nested = (depth: number) => {
      let node: unknown = { type: 'listitem', children: [text('deep')] };
      for (let i = 0; i < depth; i++)
        node = { type: 'listitem', children: [{ type: 'list', listType: 'bullet', children: [node] }] };
      return doc({ type: 'list', listType: 'bullet', children: [node] });
    };
    expect(lexicalProblem(nested(8))).toBeNull();
    expect(lexicalProblem(nested(25))).toBe('This text is nested too deeply.');
    expect(lexicalProblem(nested(2400))).not.toBeNull();
  });
});

describe('isAllowedLinkUrl', () => {
  it('allows http, https and mailto only', () => {
    expect(['https://a.example', 'http://a.example/x?y', 'mailto:x@y.example'].every(isAllowedLinkUrl)).toBe(
      true,
    );
    expect(['javascript:x', 'ftp://a.example', '', 42, null].some(isAllowedLinkUrl)).toBe(false);
  });
});
