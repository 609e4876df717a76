import type { ServerEvent } from '@community/realtime-protocol';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page, PostComment } from '../api/types.ts';
import { type RoomConnector, setRoomConnector } from '../lib/posts-rooms.ts';
import { ME, makeComment } from '../test-helpers.ts';
import { CommentsList, useComments } from './comments-dialog.tsx';

type Handlers = Parameters<RoomConnector>[1];
let room: Handlers | null = null;
const connector = vi.fn<RoomConnector>((_spaceId, handlers) => {
  room = handlers;
  return { close: vi.fn() };
});

beforeEach(() => {
  room = null;
  setRoomConnector(connector);
});

afterEach(() => {
  cleanup();
  setRoomConnector(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function List({
  fetchComments,
}: {
  fetchComments: (postId: string, cursor: string | null) => Promise<Page<PostComment>>;
}) {
  const store = useComments('p1', 's1', { fetchComments });
  return <CommentsList store={store} me={ME} postId="p1" />;
}

const shown = () => screen.queryAllByRole('listitem').map((item) => item.getAttribute('data-comment-id'));
const c3 = makeComment('c3', '2026-11-20T12:00:00.000Z');
const c2 = makeComment('c2', '2026-11-20T11:00:00.000Z');
const c1 = makeComment('c1', '2026-11-20T10:00:00.000Z');

function emit(event: ServerEvent) {
  act(() => room?.onEvent(event));
}

describe('comments list', () => {
  it('says it is loading, then shows the comments newest first', async () => {
    let answer!: (page: Page<PostComment>) => void;
    render(<List fetchComments={() => new Promise((resolve) => (answer = resolve))} />);
    expect(screen.getByText('Loading comments...')).toBeTruthy();
    answer({ items: [c3, c2], nextCursor: null });
    await waitFor(() => expect(shown()).toEqual(['c3', 'c2']));
  });

  it('says "Something went wrong!" when they cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<List fetchComments={() => Promise.reject(new Error('down'))} />);
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
  });

  it('loads the next page once the reader scrolls within 100 px of the bottom', async () => {
    const fetchComments = vi.fn(async (_postId: string, cursor: string | null) =>
      cursor === 'next' ? { items: [c1], nextCursor: null } : { items: [c3, c2], nextCursor: 'next' },
    );
    render(<List fetchComments={fetchComments} />);
    await waitFor(() => expect(shown()).toEqual(['c3', 'c2']));
    const scroller = screen.getByTestId('comments-scroller');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
    scroller.scrollTop = 400; // 200 px from the bottom
    fireEvent.scroll(scroller);
    expect(fetchComments).toHaveBeenCalledTimes(1);
    scroller.scrollTop = 520; // 80 px from the bottom
    fireEvent.scroll(scroller);
    await waitFor(() => expect(shown()).toEqual(['c3', 'c2', 'c1']));
    expect(fetchComments).toHaveBeenLastCalledWith('p1', 'next');
  });

  it('shows new and deleted comments live, once each', async () => {
    render(<List fetchComments={async () => ({ items: [c2, c1], nextCursor: null })} />);
    await waitFor(() => expect(shown()).toEqual(['c2', 'c1']));
    act(() => room?.onOpen());
    emit({ type: 'comment.created', postId: 'p1', comment: c3, commentsCount: 3 });
    emit({ type: 'comment.created', postId: 'p1', comment: c3, commentsCount: 3 });
    emit({
      type: 'comment.created',
      postId: 'other',
      comment: { ...c3, id: 'x', postId: 'other' },
      commentsCount: 1,
    });
    await waitFor(() => expect(shown()).toEqual(['c3', 'c2', 'c1']));
    emit({ type: 'comment.deleted', postId: 'p1', id: 'c2', commentsCount: 2 });
    await waitFor(() => expect(shown()).toEqual(['c3', 'c1']));
  });

  it('polls every 10 s while the socket is offline, then catches up once without duplicates', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const c4 = makeComment('c4', '2026-11-20T13:00:00.000Z');
    const pages = [
      { items: [c2, c1], nextCursor: null },
      { items: [c3, c2, c1], nextCursor: null },
      { items: [c4, c3, c2, c1], nextCursor: null },
    ];
    const fetchComments = vi.fn(
      async () => pages[Math.min(fetchComments.mock.calls.length - 1, 2)] as Page<PostComment>,
    );
    render(<List fetchComments={fetchComments} />);
    await waitFor(() => expect(shown()).toEqual(['c2', 'c1']));

    // The socket never opened: offline.
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(fetchComments).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchComments).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(shown()).toEqual(['c3', 'c2', 'c1']));

    // Back online: one catch-up, then no more polling.
    act(() => room?.onOpen());
    await waitFor(() => expect(shown()).toEqual(['c4', 'c3', 'c2', 'c1']));
    expect(fetchComments).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fetchComments).toHaveBeenCalledTimes(3);

    // A live comment that the next catch-up also brings stays single.
    emit({ type: 'comment.created', postId: 'p1', comment: c4, commentsCount: 4 });
    act(() => room?.onClose());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchComments).toHaveBeenCalledTimes(4);
    await waitFor(() => expect(shown()).toEqual(['c4', 'c3', 'c2', 'c1']));
  });
});
