import { describe, expect, it } from 'vitest';
import { sessionSlots } from './session-slots.ts';

describe('sessionSlots', () => {
  it('lets `size` sessions in at once and the rest in turn, first come first served', async () => {
    const slots = sessionSlots(2);
    const order: number[] = [];
    const releases = await Promise.all([0, 1].map(() => slots.acquire(new AbortController().signal)));
    const waiting = [2, 3, 4].map((n) =>
      slots.acquire(new AbortController().signal).then((release) => {
        order.push(n);
        return release;
      }),
    );
    await Promise.resolve();
    expect([slots.inUse, slots.waiting]).toEqual([2, 3]);
    releases[0]?.();
    releases[0]?.(); // twice is once
    const third = await waiting[0];
    expect([slots.inUse, slots.waiting]).toEqual([2, 2]);
    releases[1]?.();
    third?.();
    await Promise.all(waiting.slice(1));
    expect(order).toEqual([2, 3, 4]);
  });

  it('forgets a caller who gives up waiting', async () => {
    const slots = sessionSlots(1);
    const release = await slots.acquire(new AbortController().signal);
    const impatient = new AbortController();
    const gaveUp = slots.acquire(impatient.signal);
    impatient.abort(new Error('closed'));
    await expect(gaveUp).rejects.toThrow('closed');
    expect(slots.waiting).toBe(0);
    release();
    expect(slots.inUse).toBe(0);
  });
});
