import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReachabilityProbe } from './reachability-probe.ts';

describe('reachability probe', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks with a growing delay (1, 2, 4, 8, then every 10 s) until the server is back', async () => {
    const answers = [false, false, false, false, false, false, true];
    const askedAt: number[] = [];
    const onBack = vi.fn();
    const probe = createReachabilityProbe({
      check: async () => {
        askedAt.push(Date.now());
        return answers.shift() ?? false;
      },
      onBack,
    });
    const start = Date.now();

    probe.start();
    probe.start(); // already probing: no second chain
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 10_000 + 10_000 + 10_000);

    expect(askedAt.map((at) => at - start)).toEqual([1000, 3000, 7000, 15_000, 25_000, 35_000, 45_000]);
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(probe.isRunning()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(askedAt).toHaveLength(7);
  });

  it('treats a check that throws as "not yet"', async () => {
    const check = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(true);
    const onBack = vi.fn();
    createReachabilityProbe({ check, onBack }).start();

    await vi.advanceTimersByTimeAsync(3000);

    expect(check).toHaveBeenCalledTimes(2);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('stops asking when stopped, and a check in flight then reports nothing', async () => {
    let answer: (ready: boolean) => void = () => {};
    const check = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const onBack = vi.fn();
    const probe = createReachabilityProbe({ check, onBack });

    probe.start();
    await vi.advanceTimersByTimeAsync(1000);
    probe.stop();
    answer(true);
    await vi.advanceTimersByTimeAsync(30_000);

    expect(check).toHaveBeenCalledTimes(1);
    expect(onBack).not.toHaveBeenCalled();
  });
});
