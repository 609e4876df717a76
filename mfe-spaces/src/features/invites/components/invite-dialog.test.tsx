import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteLinkPanel } from './invite-dialog.tsx';

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('invite link', () => {
  it('shows the link and confirms a copy for one second', async () => {
    render(<InviteLinkPanel inviteCode="abc123" onRegenerate={async () => {}} />);
    const link = `${location.origin}/spaces/invite/abc123`;
    expect((screen.getByRole('textbox', { name: 'Invite link' }) as HTMLInputElement).value).toBe(link);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('only logs a failed copy or regeneration', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    writeText.mockRejectedValueOnce(new Error('denied'));
    const onRegenerate = vi.fn(async () => {
      throw new Error('offline');
    });
    render(<InviteLinkPanel inviteCode="abc123" onRegenerate={onRegenerate} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(onRegenerate).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledTimes(2);
  });
});
