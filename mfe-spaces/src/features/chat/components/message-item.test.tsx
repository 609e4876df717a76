import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingMessage } from '../lib/chat-store.ts';
import { PendingItem } from './message-item.tsx';

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
  render(
    <ul>
      <PendingItem pending={item} author={ME} onRetry={onRetry} onDiscard={onDiscard} />
    </ul>,
  );
  return { onRetry, onDiscard };
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
