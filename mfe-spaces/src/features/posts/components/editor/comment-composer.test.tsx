import { outbox } from '@community/api-client';
import { toast } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWith, signOut } from '../../../../lib/signed-in.test-helper.ts';
import { CommentComposer } from './comment-composer.tsx';
import { paragraphOf } from './fake-editor.test-helper.tsx';

vi.mock('./rich-text-editor.tsx', () => import('./fake-editor.test-helper.tsx'));

const POST = '0b6f2a4e-1c1d-4e3f-8a9b-1c2d3e4f5a6b';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  signInWith(['content', 'posts']);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  signOut();
  for (const item of outbox.list('comment')) outbox.remove(item.clientKey);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));

describe('comment composer', () => {
  it('refuses an empty comment with "Comment is empty" and the spec’s hint', async () => {
    render(<CommentComposer postId={POST} onSent={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Comment' });
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Comment is empty');
    expect(alert.textContent).toContain('Please type something or attach a file');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the content with a clientKey and hands the comment back', async () => {
    const comment = {
      id: 'c1',
      postId: POST,
      content: paragraphOf('Nice'),
      imageUrl: null,
      createdAt: '',
      user: {},
    };
    fetchMock.mockResolvedValue(json({ comment }, 201));
    const onSent = vi.fn();
    render(<CommentComposer postId={POST} onSent={onSent} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Comment' }), { target: { value: 'Nice' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(comment));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/socket/posts/comments/${POST}`);
    expect(bodyOf(0)).toEqual({
      content: paragraphOf('Nice'),
      clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('sends an image alone; after a passing failure the outbox sends it again by itself with the same clientKey', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'Internal server error' }, 500));
    fetchMock.mockResolvedValueOnce(json({ comment: { id: 'c2' } }, 201));
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const uploader = vi.fn(async () => ({
      key: 'postsComments/1.png',
      url: 'http://x/api/files/postsComments/1.png',
    }));
    const onSent = vi.fn();
    render(<CommentComposer postId={POST} onSent={onSent} uploader={uploader} />);
    fireEvent.change(screen.getByTestId('comment-attachment-input'), {
      target: { files: [new File(['png'], 'shot.png', { type: 'image/png' })] },
    });
    expect(uploader).toHaveBeenCalledWith(
      'postsComments',
      expect.any(File),
      expect.any(Function),
      expect.any(AbortSignal),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send comment' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(outbox.get(bodyOf(0).clientKey)?.attempts).toBe(1));
    // Kept to go out by itself: no failure toast (the list says "Not sent yet — will retry in N s").
    expect(failure).not.toHaveBeenCalled();
    expect(bodyOf(0).imageUrl).toBe('http://x/api/files/postsComments/1.png');
    // The editor is cleared as for a sent comment: the dialog lists it as "Not sent yet" meanwhile.
    expect(outbox.list('comment', POST).map((item) => item.clientKey)).toEqual([bodyOf(0).clientKey]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(bodyOf(1).clientKey).toBe(bodyOf(0).clientKey);
    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ id: 'c2' }));
    expect(outbox.list('comment', POST)).toEqual([]);
  });

  it('keeps the text after a refusal, shows the spec’s text and leaves nothing in the outbox', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          error: 'Invalid input',
          requestId: '8f1c2a3b4d5e6f70-AMS',
          issues: [{ path: 'content', message: 'Too long' }],
        },
        400,
      ),
    );
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<CommentComposer postId={POST} onSent={vi.fn()} />);
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    fireEvent.change(box, { target: { value: 'Nice' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(
        'Failed to create comment',
        'An error occurred while creating the comment',
        { reference: '8f1c2a3b4d5e6f70-AMS' },
      ),
    );
    // The field's own message stays as it was: the reference is the toast's, not the field's.
    expect((await screen.findByRole('alert')).textContent).toBe('Too long');
    expect((box as HTMLTextAreaElement).value).toBe('Nice');
    expect(outbox.list('comment', POST)).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
