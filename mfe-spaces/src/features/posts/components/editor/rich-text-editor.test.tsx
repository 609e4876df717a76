// The real Lexical editor in happy-dom: what can be checked without a browser's text input.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditorHandle } from './editor-types.ts';
import { paragraphOf } from './fake-editor.test-helper.tsx';
import RichTextEditor from './rich-text-editor.tsx';

afterEach(cleanup);

describe('rich text editor (Lexical)', () => {
  it('offers the full toolbar for posts and a lighter one for comments', () => {
    const { unmount } = render(
      <RichTextEditor label="Post content" placeholder="Write" onChange={vi.fn()} />,
    );
    const full = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    expect(full).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Inline code',
      'Link',
      'Heading 1',
      'Heading 2',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Code block',
    ]);
    // The link tool is an icon like the headings', never an emoji (a box where no emoji font is installed).
    const link = screen.getByRole('button', { name: 'Link' });
    expect(link.querySelector('svg')).not.toBeNull();
    expect(link.textContent).toBe('');
    unmount();
    render(<RichTextEditor label="Comment" placeholder="Write" toolbar="light" onChange={vi.fn()} />);
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Inline code',
      'Link',
      'Bulleted list',
    ]);
  });

  it('asks its autoFocus once, when it is there, and not again on a later render', async () => {
    // (Whether Lexical then takes the focus needs a browser: the post journeys type into it.)
    const ask = vi.fn(() => false);
    const { rerender } = render(
      <RichTextEditor label="Post content" placeholder="Write" onChange={vi.fn()} autoFocus={ask} />,
    );
    await waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    rerender(
      <RichTextEditor label="Post content" placeholder="Write!" onChange={vi.fn()} autoFocus={() => ask()} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('shows stored content, submits on Ctrl+Enter and Cmd+Enter, not on Enter alone', async () => {
    const onSubmit = vi.fn();
    render(
      <RichTextEditor
        label="Post content"
        placeholder="Write"
        initialContent={paragraphOf('Stored words') as never}
        onChange={vi.fn()}
        onSubmit={onSubmit}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Post content' });
    await waitFor(() => expect(box.textContent).toBe('Stored words'));
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('clears through its handle and reports an empty state', async () => {
    const onChange = vi.fn();
    const handle = createRef<EditorHandle>();
    render(
      <RichTextEditor
        label="Comment"
        placeholder="Write"
        initialContent={paragraphOf('Old') as never}
        onChange={onChange}
        handleRef={handle}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await waitFor(() => expect(box.textContent).toBe('Old'));
    handle.current!.clear();
    await waitFor(() => expect(box.textContent).toBe(''));
    const last = onChange.mock.calls.at(-1)?.[0];
    expect(last.root.children).toHaveLength(1);
    expect(last.root.children[0].type).toBe('paragraph');
    expect(last.root.children[0].children).toEqual([]);
  });
});
