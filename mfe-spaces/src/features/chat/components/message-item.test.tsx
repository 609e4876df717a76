import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingMessage } from '../lib/chat-store.ts';
import { MessageItem, PendingItem } from './message-item.tsx';

const ME = { id: 'me', firstName: 'Marcus', lastName: 'Meyer', imageUrl: null };
const pending = (extra: Partial<PendingMessage>): PendingMessage => ({
  clientKey: 'k1',
  content: 'hello',
  attachments: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'sending',
  error: null,
  ...extra,
});

function renderItem(item: PendingMessage) {
  const onRetry = vi.fn();
  const onDiscard = vi.fn();
  const view = (next: PendingMessage) => (
    <ul>
      <PendingItem pending={next} author={ME} onRetry={onRetry} onDiscard={onDiscard} />
    </ul>
  );
  const { rerender } = render(view(item));
  return { onRetry, onDiscard, rerender: (next: PendingMessage) => rerender(view(next)) };
}

afterEach(cleanup);

describe('a message not yet confirmed', () => {
  it('says "Sending…" on its first attempt', () => {
    renderItem(pending({ status: 'sending' }));
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says "Not sent yet" while the outbox keeps sending it, with nothing to press', () => {
    renderItem(pending({ status: 'waiting' }));
    expect(screen.getByRole('status').textContent).toBe('Not sent yet');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('says when it goes next, and after a 429 why, in a member’s words, counting down', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00Z') });
    try {
      const { rerender } = renderItem(
        pending({ status: 'waiting', retryAt: '2026-11-27T10:00:05Z', rateLimited: false }),
      );
      expect(screen.getByRole('status').textContent).toBe('Not sent yet — will retry in 5 s');
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(screen.getByRole('status').textContent).toBe('Not sent yet — will retry in 3 s');
      rerender(pending({ status: 'waiting', retryAt: '2026-11-27T10:00:40Z', rateLimited: true }));
      expect(screen.getByRole('status').textContent).toBe(
        'Not sent yet — you are sending messages very fast; this will be sent in 38 s',
      );
      await act(() => vi.advanceTimersByTimeAsync(38_000));
      expect(screen.getByRole('status').textContent).toBe('Not sent yet — sending…');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server’s refusal with Retry and Discard', async () => {
    const { onRetry, onDiscard } = renderItem(
      pending({ status: 'failed', error: 'You cannot send messages to this member.' }),
    );
    expect(screen.getByRole('alert').textContent).toBe('Not sent: You cannot send messages to this member.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onDiscard).toHaveBeenCalledOnce();
  });
});

const ADA = '5b0c7a1e-3f4d-4e8a-9c2b-1d6e7f8a9b0c';

describe('editing a message that mentions someone', () => {
  it('shows the mention as a name while edited and saves it as the member again', async () => {
    const onSaveEdit = vi.fn(() => ({ ok: true as const }));
    const message = {
      id: 'm1',
      seq: 1,
      author: ME,
      createdAt: '2026-11-20T10:00:00.000Z',
      content: `<@${ADA}> could you look?`,
      attachments: [],
      mentions: [{ id: ADA, firstName: 'Ada', lastName: 'Lovelace' }],
    };
    const actions = { onReply: vi.fn(), onStartEdit: vi.fn(), onSaveEdit, onCancelEdit: vi.fn() };
    render(
      <ul>
        <MessageItem
          message={message}
          highlighted={false}
          canDelete
          onDelete={vi.fn()}
          onGoToMessage={vi.fn()}
          actions={actions}
          canEdit
          editing
        />
      </ul>,
    );
    const editor = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit message' });
    expect(editor.value).toBe('@Ada Lovelace could you look?');
    await userEvent.type(editor, ' Thanks!{Enter}');
    expect(onSaveEdit).toHaveBeenCalledWith(message, `<@${ADA}> could you look? Thanks!`);
  });
});
