import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES } from './messages.ts';
import {
  POLICY_CLOSE_RETRY_MS,
  type ReconnectingSocket,
  reconnectsAfterClose,
  retryAfterPolicyClose,
} from './reconnect.ts';

/** The part of partysocket the policy uses: close listeners, and reconnect(). */
class Socket implements ReconnectingSocket {
  reconnects = 0;
  private listeners = new Set<(event: { code: number }) => void>();
  reconnect() {
    this.reconnects++;
  }
  addEventListener(_type: 'close', listener: (event: { code: number }) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'close', listener: (event: { code: number }) => void) {
    this.listeners.delete(listener);
  }
  closeWith(code: number) {
    for (const listener of this.listeners) listener({ code });
  }
}

describe('reconnect policy', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves every close but a policy close to partysocket', () => {
    expect(reconnectsAfterClose({ code: 1006 })).toBe(true);
    expect(reconnectsAfterClose({ code: CLOSE_CODES.revoked })).toBe(true);
    expect(reconnectsAfterClose({ code: CLOSE_CODES.policyViolation })).toBe(false);
  });

  it('reconnects a minute after a policy close, and not at all once closed for good', () => {
    const socket = new Socket();
    const stop = retryAfterPolicyClose(socket);
    socket.closeWith(1006);
    vi.advanceTimersByTime(POLICY_CLOSE_RETRY_MS);
    expect(socket.reconnects).toBe(0);
    socket.closeWith(CLOSE_CODES.policyViolation);
    vi.advanceTimersByTime(POLICY_CLOSE_RETRY_MS - 1);
    expect(socket.reconnects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.reconnects).toBe(1);
    socket.closeWith(CLOSE_CODES.policyViolation);
    stop();
    vi.advanceTimersByTime(POLICY_CLOSE_RETRY_MS);
    expect(socket.reconnects).toBe(1);
  });
});
