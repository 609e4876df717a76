import { outbox } from '@community/api-client';
import { toast } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWith, signOut } from '../../../../lib/signed-in.test-helper.ts';
import type { Post } from '../../api/types.ts';
import { fakeEditorProps, paragraphOf } from './fake-editor.test-helper.tsx';
import { PostFormDialog } from './post-form-dialog.tsx';

vi.mock('./rich-text-editor.tsx', () => import('./fake-editor.test-helper.tsx'));

const SPACE = '7d7b6a1e-4f7e-4d3c-9f5e-0a1b2c3d4e5f';

const post = (overrides: Partial<Post> = {}): Post => ({
  id: '0b6f2a4e-1c1d-4e3f-8a9b-1c2d3e4f5a6b',
  spaceId: SPACE,
  title: 'Hello',
  content: paragraphOf('first text'),
  tags: ['news'],
  scheduledAt: null,
  publishedAt: '2026-06-15T10:00:00.000Z',
  createdAt: '2026-06-15T10:00:00.000Z',
  updatedAt: '2026-06-15T10:00:00.000Z',
  scheduled: false,
  author: { id: 'u1', firstName: 'Olivia', lastName: 'Owner', imageUrl: null } as Post['author'],
  attachments: [],
  likes: 0,
  likedByMe: false,
  commentsCount: 0,
  ...overrides,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  signInWith(['content', 'posts']);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  signOut();
  for (const item of outbox.list('post')) outbox.remove(item.clientKey);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));
const editor = () => screen.findByRole('textbox', { name: 'Post content' });

describe('post form dialog', () => {
  it('offers neither files nor links to attach without the content feature', async () => {
    signInWith(['posts']);
    render(<PostFormDialog mode="new" spaceId={SPACE} onDone={vi.fn()} onClose={vi.fn()} />);
    await editor();
    expect(screen.queryByTestId('post-attachment-input')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Link to attach' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add link' })).toBeNull();
  });

  it('refuses empty content without attachments with the spec’s texts and sends nothing', async () => {
    render(<PostFormDialog mode="new" spaceId={SPACE} onDone={vi.fn()} onClose={vi.fn()} />);
    await editor();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Post is empty');
    expect(alert.textContent).toContain('Please type something or attach a file');
    expect((await editor()).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets the editor take the focus once loaded, unless the member has started on another field', async () => {
    render(<PostFormDialog mode="new" spaceId={SPACE} onDone={vi.fn()} onClose={vi.fn()} />);
    await editor();
    const mayTakeFocus = fakeEditorProps.autoFocus as () => boolean;
    expect(mayTakeFocus()).toBe(true);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: 'H' });
    expect(mayTakeFocus()).toBe(false);
  });

  it('creates a post with title, content and tags, says "Post created" and hands the post back', async () => {
    const created = post();
    fetchMock.mockResolvedValue(json({ post: created }, 201));
    const success = vi.spyOn(toast, 'success');
    const onDone = vi.fn();
    const onClose = vi.fn();
    render(<PostFormDialog mode="new" spaceId={SPACE} onDone={onDone} onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Hello');
    fireEvent.change(await editor(), { target: { value: 'Some words' } });
    await userEvent.type(screen.getByRole('textbox', { name: /Tags/ }), 'big news{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(created));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/socket/posts');
    const body = bodyOf(0);
    expect(body).toMatchObject({ spaceId: SPACE, title: 'Hello', tags: ['big_news'], attachments: [] });
    expect(body.content).toEqual(paragraphOf('Some words'));
    expect(body.clientKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.scheduledAt).toBeUndefined();
    expect(success).toHaveBeenCalledWith('Post created');
    expect(onClose).toHaveBeenCalled();
  });

  it('submits on Ctrl+Enter in the editor and says "Post scheduled" for a later time', async () => {
    fetchMock.mockResolvedValue(json({ post: post({ scheduled: true }) }, 201));
    const success = vi.spyOn(toast, 'success');
    const now = new Date(2099, 5, 15, 10, 30); // the schema checks against the real clock
    render(<PostFormDialog mode="new" spaceId={SPACE} onDone={vi.fn()} onClose={vi.fn()} now={() => now} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schedule for later' }));
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeTruthy();
    const box = await editor();
    fireEvent.change(box, { target: { value: 'Later' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Post scheduled'));
    expect(bodyOf(0).scheduledAt).toBe(new Date(2099, 5, 15, 11, 0).toISOString());
  });

  it('does not post on Enter in the title, but does on Ctrl+Enter there', async () => {
    fetchMock.mockImplementation(async () => json({ post: post() }, 201));
    vi.spyOn(toast, 'success');
    render(<PostFormDialog mode="new" spaceId={SPACE} onDone={vi.fn()} onClose={vi.fn()} />);
    fireEvent.change(await editor(), { target: { value: 'Body' } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Title{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '{Control>}{Enter}{/Control}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bodyOf(0).title).toBe('Title');
  });

  it('keeps a post the server could not take yet in the outbox: no failure toast, the dialog closes, and it goes out by itself with its clientKey', async () => {
    const created = post();
    const answers = [json({ error: 'Service temporarily unavailable' }, 503), json({ post: created }, 201)];
    // After a 503 the API client also asks /api/health/ready whether the server is back.
    const sends: unknown[] = [];
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (!String(url).startsWith('/api/socket/posts')) return json({ ok: true });
      sends.push(JSON.parse(String(init.body)));
      return answers.shift();
    });
    const sentKey = (index: number) => (sends[index] as { clientKey: string }).clientKey;
    const failure = vi.spyOn(toast, 'error');
    const onDone = vi.fn();
    const onClose = vi.fn();
    render(<PostFormDialog mode="new" spaceId={SPACE} onDone={onDone} onClose={onClose} />);
    fireEvent.change(await editor(), { target: { value: 'Retry me' } });
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    // Kept to go out by itself: no failure toast (the wall says "Not sent yet — will retry in N s").
    expect(failure).not.toHaveBeenCalled();
    expect(outbox.list('post', SPACE).map((item) => item.clientKey)).toEqual([sentKey(0)]);
    await waitFor(() => expect(sends).toHaveLength(2));
    expect(sentKey(1)).toBe(sentKey(0));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(created));
    expect(outbox.list('post')).toEqual([]);
  });

  it('shows the server’s field messages next to the fields', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: 'Post is empty',
          issues: [{ path: 'content', message: 'Please type something or attach a file' }],
        },
        400,
      ),
    );
    vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = vi.fn();
    render(<PostFormDialog mode="new" spaceId={SPACE} onDone={vi.fn()} onClose={onClose} />);
    fireEvent.change(await editor(), { target: { value: 'x' } });
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Post is empty');
    // A refusal is the server's answer: the dialog stays to fix it, and nothing is kept to resend.
    expect(onClose).not.toHaveBeenCalled();
    expect(outbox.list('post')).toEqual([]);
  });

  it('edits a post: PUT with title, content and tags, then "Post updated"', async () => {
    const original = post();
    const saved = post({ title: 'Hello again' });
    fetchMock.mockResolvedValue(json({ post: saved }));
    const success = vi.spyOn(toast, 'success');
    const onDone = vi.fn();
    render(<PostFormDialog mode="edit" spaceId={SPACE} post={original} onDone={onDone} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeTruthy();
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(title.value).toBe('Hello');
    await userEvent.type(title, ' again');
    expect(screen.queryByRole('checkbox', { name: 'Schedule for later' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/socket/posts/${original.id}`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(bodyOf(0)).toEqual({ title: 'Hello again', content: original.content, tags: ['news'] });
    expect(success).toHaveBeenCalledWith('Post updated');
  });

  it('edits attachments: a removed one is left out of the list, none changed sends no list', async () => {
    const photo = {
      id: 'a1',
      name: 'old.png',
      url: 'https://cdn.example.com/old.png',
      type: 'img' as const,
      createdAt: '',
    };
    const link = {
      id: 'a2',
      name: 'https://example.com',
      url: 'https://example.com',
      type: 'a' as const,
      createdAt: '',
    };
    const original = post({ attachments: [photo, link] });
    fetchMock.mockImplementation(async () => json({ post: original }));
    vi.spyOn(toast, 'success');
    const { unmount } = render(
      <PostFormDialog mode="edit" spaceId={SPACE} post={original} onDone={vi.fn()} onClose={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bodyOf(0).attachments).toBeUndefined();
    unmount();
    render(<PostFormDialog mode="edit" spaceId={SPACE} post={original} onDone={vi.fn()} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove old.png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(bodyOf(1).attachments).toEqual([
      { name: 'https://example.com', url: 'https://example.com', type: 'a' },
    ]);
  });

  it('sends uploaded files and links as attachments; an attachment alone is enough', async () => {
    fetchMock.mockResolvedValue(json({ post: post() }, 201));
    const uploader = vi.fn(async () => ({
      key: 'posts/a.png',
      url: 'http://localhost/api/files/posts/a.png',
    }));
    render(
      <PostFormDialog mode="new" spaceId={SPACE} onDone={vi.fn()} onClose={vi.fn()} uploader={uploader} />,
    );
    fireEvent.change(screen.getByTestId('post-attachment-input'), {
      target: { files: [new File(['png'], 'photo.png', { type: 'image/png' })] },
    });
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Link to attach' }),
      'https://example.com/page{Enter}',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Post' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(uploader).toHaveBeenCalledWith(
      'posts',
      expect.any(File),
      expect.any(Function),
      expect.any(AbortSignal),
    );
    expect(bodyOf(0).attachments).toEqual([
      { name: 'photo.png', url: 'http://localhost/api/files/posts/a.png', type: 'img' },
      { name: 'https://example.com/page', url: 'https://example.com/page', type: 'a' },
    ]);
  });
});

describe('post form dialog from Home ("Post in")', () => {
  const OTHER = '2c9a3b4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
  const READ_ONLY = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
  const spaces = [
    { id: SPACE, name: 'Design', type: 'PRIVATE', isMember: true },
    { id: READ_ONLY, name: 'Random', type: 'PUBLIC', isMember: false },
    { id: OTHER, name: 'Builders', type: 'PRIVATE', isMember: true },
  ];
  beforeEach(() => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/spaces' ? json({ items: spaces }) : json({ post: post({ spaceId: OTHER }) }, 201),
    );
  });
  afterEach(() => localStorage.clear());

  it('offers only the spaces the member belongs to, starts on the last one posted in, and posts there', async () => {
    localStorage.setItem('community:last-post-space:me', OTHER);
    const onDone = vi.fn();
    render(<PostFormDialog mode="new" spaceId={null} chooseSpace onDone={onDone} onClose={vi.fn()} />);
    const picker = screen.getByRole('combobox', { name: 'Post in' });
    await waitFor(() => expect((picker as HTMLSelectElement).value).toBe(OTHER));
    const offered = screen.getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['Design', 'Builders']);

    fireEvent.change(await editor(), { target: { value: 'From Home' } });
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = fetchMock.mock.calls.findIndex(([url]) => url === '/api/socket/posts');
    expect(bodyOf(sent)).toMatchObject({ spaceId: OTHER });
  });

  it('starts on the first space without a last one, and remembers the one chosen', async () => {
    render(<PostFormDialog mode="new" spaceId={null} chooseSpace onDone={vi.fn()} onClose={vi.fn()} />);
    const picker = screen.getByRole('combobox', { name: 'Post in' }) as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe(SPACE));
    await userEvent.selectOptions(picker, 'Builders');
    fireEvent.change(await editor(), { target: { value: 'Elsewhere' } });
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(localStorage.getItem('community:last-post-space:me')).toBe(OTHER));
  });
});
