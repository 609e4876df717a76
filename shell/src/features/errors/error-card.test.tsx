import { ApiError, referenceOf } from '@community/api-client';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCard } from './error-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ErrorCard', () => {
  it("shows a failed request's reference under its text, copyable, inside the alert", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const failure = new ApiError(500, 'Internal server error', [], null, '8f1c2a3b4d5e6f70-AMS');
    const onRetry = vi.fn();
    render(
      <ErrorCard
        title="Unable to reach the community"
        description="The server did not answer. Check your connection, then try again."
        reference={referenceOf(failure)}
        onRetry={onRetry}
      />,
    );
    const card = screen.getByRole('alert');
    // The texts stay word for word; the reference is a line of its own.
    expect(within(card).getByText('Unable to reach the community')).toBeTruthy();
    expect(
      within(card).getByText('The server did not answer. Check your connection, then try again.'),
    ).toBeTruthy();
    expect(
      within(card).getByText('8f1c2a3b4d5e6f70-AMS').closest('[data-part="reference"]')?.textContent,
    ).toBe('Reference: 8f1c2a3b4d5e6f70-AMSCopy');
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Copy reference' })));
    expect(writeText).toHaveBeenCalledWith('8f1c2a3b4d5e6f70-AMS');
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('shows no reference when the server was not reached (status 0) or sent none', () => {
    const unreachable = new ApiError(0, 'Unable to reach the server.');
    render(<ErrorCard title="This section could not be loaded" reference={referenceOf(unreachable)} />);
    expect(screen.queryByText(/Reference/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy reference' })).toBeNull();
  });
});
