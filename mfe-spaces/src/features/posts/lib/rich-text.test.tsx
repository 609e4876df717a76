import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { plainText, RichText, safeHref } from './rich-text.tsx';

afterEach(cleanup);

const text = (value: string, format = 0) => ({ type: 'text', text: value, format, version: 1 });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
const state = (...children: unknown[]) => ({ root: { type: 'root', children } });

function draw(content: unknown) {
  return render(<RichText content={content} />).container.querySelector('[data-rich-text]') as HTMLElement;
}

describe('rich text renderer', () => {
  it('draws paragraphs, headings and quotes', () => {
    const root = draw(
      state({ type: 'heading', tag: 'h2', children: [text('Title')] }, paragraph(text('Hello')), {
        type: 'quote',
        children: [text('Said')],
      }),
    );
    expect(root.querySelector('h2')?.textContent).toBe('Title');
    expect(root.querySelector('p')?.textContent).toBe('Hello');
    expect(root.querySelector('blockquote')?.textContent).toBe('Said');
  });

  it('applies bold, italic, underline, strikethrough and code formats', () => {
    const root = draw(
      state(
        paragraph(text('b', 1), text('i', 2), text('s', 4), text('u', 8), text('c', 16), text('all', 31)),
      ),
    );
    expect(root.querySelector('strong')?.textContent).toBe('b');
    expect(root.querySelector('em')?.textContent).toBe('i');
    expect(root.querySelector('s')?.textContent).toBe('s');
    expect(root.querySelector('u')?.textContent).toBe('u');
    expect(root.querySelector('code')?.textContent).toBe('c');
    const all = [...root.querySelectorAll('strong')].at(-1);
    expect(all?.querySelector('code')?.textContent).toBe('all');
    expect(all?.closest('em')).toBeTruthy();
  });

  it('draws bullet and numbered lists with nested items', () => {
    const root = draw(
      state({
        type: 'list',
        listType: 'bullet',
        children: [
          { type: 'listitem', children: [text('one')] },
          {
            type: 'listitem',
            children: [
              {
                type: 'list',
                listType: 'number',
                start: 3,
                children: [{ type: 'listitem', children: [text('inner')] }],
              },
            ],
          },
        ],
      }),
    );
    expect(root.querySelector('ul > li')?.textContent).toBe('one');
    const inner = root.querySelector('ul ol');
    expect(inner?.getAttribute('start')).toBe('3');
    expect(inner?.textContent).toBe('inner');
  });

  it('opens safe links in a new tab without handing over the page', () => {
    const root = draw(
      state(paragraph({ type: 'link', url: 'https://example.com/a', children: [text('site')] })),
    );
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link?.textContent).toBe('site');
  });

  it('renders a javascript: link as plain text', () => {
    const root = draw(
      state(
        paragraph({ type: 'link', url: 'javascript:alert(1)', children: [text('click me')] }),
        paragraph({ type: 'link', url: ' JavaScript:alert(1)', children: [text('again')] }),
        paragraph({ type: 'link', url: 'data:text/html,<script>x</script>', children: [text('data')] }),
      ),
    );
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('click me');
    expect(root.textContent).toContain('again');
    expect(root.innerHTML).not.toContain('javascript');
  });

  it('keeps mailto links and refuses relative ones', () => {
    expect(safeHref('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref(42)).toBeNull();
  });

  it('draws line breaks and code blocks', () => {
    const root = draw(
      state(paragraph(text('a'), { type: 'linebreak' }, text('b')), {
        type: 'code',
        children: [{ type: 'code-highlight', text: 'const x = 1;' }, { type: 'linebreak' }, text('x++')],
      }),
    );
    expect(root.querySelector('p br')).toBeTruthy();
    expect(root.querySelector('pre code')?.textContent).toBe('const x = 1;\nx++');
  });

  it('never draws markup carried by text or unknown nodes', () => {
    const root = draw(
      state(paragraph(text('<img src=x onerror=alert(1)>')), {
        type: 'script',
        text: 'alert(1)',
        children: [],
      }),
    );
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('script')).toBeNull();
    expect(root.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('draws nothing for content that is not a Lexical state', () => {
    expect(draw(null).textContent).toBe('');
    expect(draw({ root: 'x' }).textContent).toBe('');
    expect(draw('hello').textContent).toBe('');
  });

  it('gives the plain words of a post', () => {
    expect(plainText(state(paragraph(text('Hello '), text('world', 1)), paragraph(text('Bye'))))).toBe(
      'Hello world\nBye',
    );
  });
});
