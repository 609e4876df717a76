// Mentions in posts and comments: the editor loads a stored mention node as a chip and hands it
// back unchanged (id and text), and the read-only renderer draws it as a chip, stronger for the
// member it names. Typing "@" needs a browser's text input: the chat journey covers the keyboard.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInWith, signOut } from '../../../../lib/signed-in.test-helper.ts';
import { RichText } from '../../lib/rich-text.tsx';
import RichTextEditor from './rich-text-editor.tsx';

const ADA_ID = '11111111-1111-4111-8111-111111111111';
const mention = {
  type: 'mention',
  version: 1,
  userId: ADA_ID,
  text: '@Ada Lovelace',
  format: 0,
  detail: 0,
  mode: 'segmented',
  style: '',
};
const stored = {
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
        children: [
          { type: 'text', version: 1, text: 'Hi ', format: 0, detail: 0, mode: 'normal', style: '' },
          mention,
        ],
      },
    ],
  },
};

afterEach(() => {
  cleanup();
  signOut();
});

describe('mention nodes', () => {
  it('the editor shows a stored mention as a chip', async () => {
    const onChange = vi.fn();
    render(
      <RichTextEditor
        label="Post content"
        placeholder="Write"
        initialContent={stored as never}
        onChange={onChange}
        mentions={async () => []}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Post content' });
    await waitFor(() => expect(box.textContent).toBe('Hi @Ada Lovelace'));
    expect(box.querySelector('[data-mention]')?.textContent).toBe('@Ada Lovelace');
  });

  it('the renderer draws a chip, marked for the member it names', () => {
    signInWith([], ADA_ID);
    render(<RichText content={stored} />);
    const chip = document.querySelector('[data-mention]');
    expect(chip?.textContent).toBe('@Ada Lovelace');
    expect(chip?.hasAttribute('data-mention-me')).toBe(true);
    cleanup();
    signInWith([], 'someone-else');
    render(<RichText content={stored} />);
    expect(document.querySelector('[data-mention]')?.hasAttribute('data-mention-me')).toBe(false);
  });
});
