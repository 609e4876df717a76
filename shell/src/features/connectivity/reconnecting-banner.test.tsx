import {
  connectivity,
  reportApiReachable,
  reportApiUnreachable,
  session,
  setSocketConnected,
} from '@community/api-client';
import { RECONNECTING } from '@community/domain';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectingBanner } from './reconnecting-banner.tsx';
import { FIRST_CONNECT_MS, RECONNECTING_GRACE_MS } from './use-reconnecting.ts';

const banner = () => screen.queryByText(RECONNECTING);
/** Lets time pass in small steps, so React renders (and sets its timers) as it would between them. */
async function wait(ms: number) {
  for (let left = ms; left > 0; left -= 50) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(50, left)));
  }
}
/** Changes stores (valtio tells React on the next microtask) and lets React render. */
const change = (update: () => void) => act(async () => update());

function signIn() {
  session.user = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace' } as typeof session.user;
  session.status = 'signed-in';
}

beforeEach(() => {
  vi.useFakeTimers();
  reportApiReachable();
  setSocketConnected('notifications', false);
  setSocketConnected('users', false);
  session.user = null;
  session.status = 'signed-out';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('reconnecting banner', () => {
  it('shows once the API has been unreachable for the grace period, and goes when it is back', async () => {
    render(<ReconnectingBanner />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');

    await change(() => reportApiUnreachable());
    await wait(RECONNECTING_GRACE_MS - 100);
    expect(banner()).toBeNull();
    await wait(100);
    expect(banner()).not.toBeNull();
    expect(region.textContent).toContain(RECONNECTING);

    await change(() => reportApiReachable());
    expect(banner()).toBeNull();
    expect(connectivity.apiReachable).toBe(true);
  });

  it('does not flicker for an outage shorter than the grace period', async () => {
    render(<ReconnectingBanner />);

    await change(() => reportApiUnreachable());
    await wait(RECONNECTING_GRACE_MS / 2);
    await change(() => reportApiReachable());
    await wait(RECONNECTING_GRACE_MS * 2);

    expect(banner()).toBeNull();
  });

  it("shows while a shell socket that was connected is down, not during a fresh page's first connection", async () => {
    signIn();
    render(<ReconnectingBanner />);

    // First connection of this page: sockets not up yet, no banner.
    await wait(RECONNECTING_GRACE_MS * 2);
    expect(banner()).toBeNull();
    await change(() => {
      setSocketConnected('notifications', true);
      setSocketConnected('users', true);
    });

    await change(() => setSocketConnected('notifications', false));
    await wait(RECONNECTING_GRACE_MS);
    expect(banner()).not.toBeNull();

    await change(() => setSocketConnected('notifications', true));
    expect(banner()).toBeNull();
  });

  it('shows when the first connection takes too long', async () => {
    signIn();
    render(<ReconnectingBanner />);

    await wait(FIRST_CONNECT_MS - 1);
    expect(banner()).toBeNull();
    await wait(RECONNECTING_GRACE_MS + 100);
    expect(banner()).not.toBeNull();
  });

  it('says nothing about sockets closed on purpose at sign-out', async () => {
    signIn();
    await change(() => {
      setSocketConnected('notifications', true);
      setSocketConnected('users', true);
    });
    render(<ReconnectingBanner />);

    await change(() => {
      session.user = null;
      session.status = 'signed-out';
      setSocketConnected('notifications', false);
      setSocketConnected('users', false);
    });
    await wait(FIRST_CONNECT_MS * 2);

    expect(banner()).toBeNull();
  });
});
