import { ApiError, reportApiReachable, reportApiUnreachable } from '@community/api-client';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_RETRY_DELAYS_MS, useInitialSession } from './use-initial-session.ts';

function Probe({ load }: { load: () => Promise<unknown> }) {
  const { waiting, failed, reference } = useInitialSession(load);
  return (
    <p>
      {waiting ? 'waiting' : failed ? 'failed' : 'fine'}
      {reference ? ` (${reference})` : ''}
    </p>
  );
}

const away = () => new ApiError(503, 'Service temporarily unavailable');

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  reportApiReachable();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('initial session', () => {
  it('waits calmly while the server is away and asks again by itself on a backoff', async () => {
    const load = vi.fn().mockRejectedValueOnce(away()).mockRejectedValueOnce(away()).mockResolvedValue(null);
    render(<Probe load={load} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('waiting')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(BOOT_RETRY_DELAYS_MS[0]));
    expect(load).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(BOOT_RETRY_DELAYS_MS[1]));

    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByText('fine')).toBeTruthy();
  });

  it('asks again at once when the API is back', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(0, 'Unable to reach the server.'))
      .mockResolvedValue(null);
    render(<Probe load={load} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    reportApiUnreachable();

    await act(async () => reportApiReachable());

    expect(load).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('fine')).toBeTruthy();
  });

  it('shows a failure that will not pass by itself as failed, without retrying', async () => {
    const load = vi.fn().mockRejectedValue(new ApiError(400, 'Invalid input'));
    render(<Probe load={load} />);

    await act(() => vi.advanceTimersByTimeAsync(60_000));

    expect(screen.getByText('failed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the failed request's reference for the error card", async () => {
    const load = vi
      .fn()
      .mockRejectedValue(new ApiError(400, 'Invalid input', [], null, '8f1c2a3b4d5e6f70-AMS'));
    render(<Probe load={load} />);

    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByText('failed (8f1c2a3b4d5e6f70-AMS)')).toBeTruthy();
  });
});
