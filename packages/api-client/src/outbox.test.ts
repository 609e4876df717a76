import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createOutbox, OUTBOX_BACKOFF_MAX_MS, type OutboxStorage, outboxBackoff } from './outbox.ts';

// vi.waitFor gives up after 1 s by default; under `npm test` this file shares 2 busy cores.
const WAIT = { timeout: 15_000 };

/** A Storage over a Map that survives "reloads" (a new outbox over the same map). */
function sharedStorage() {
  const values = new Map<string, string>();
  const storage: OutboxStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
  return { storage, values };
}

/** An outbox whose API-back signal the test fires. */
function outboxOver(storage: OutboxStorage, user = 'ada') {
  const back = new Set<() => void>();
  const outbox = createOutbox({
    storage,
    random: () => 0.5,
    onBack: (listener) => {
      back.add(listener);
      return () => back.delete(listener);
    },
  });
  outbox.setUser(user);
  return {
    outbox,
    apiBack: () => {
      for (const listener of back) listener();
    },
  };
}

const chatItem = (clientKey: string, target = 'space-1') => ({
  clientKey,
  kind: 'chat' as const,
  target,
  payload: { content: `hello ${clientKey}`, attachments: [], clientKey },
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('outbox', () => {
  it('keeps an item in storage from before its first attempt until the server accepts it', async () => {
    const { storage, values } = sharedStorage();
    const { outbox } = outboxOver(storage);
    outbox.add(chatItem('k1'));
    expect(JSON.parse(values.get('community:outbox:ada') ?? '[]')).toHaveLength(1);
    let answer: (value: string) => void = () => {};
    const delivered = outbox.deliver('k1', () => new Promise<string>((resolve) => (answer = resolve)));
    // Mid-send, a reload would still find it.
    expect(
      outboxOver(storage)
        .outbox.list('chat', 'space-1')
        .map((item) => item.clientKey),
    ).toEqual(['k1']);
    answer('the message');
    expect(await delivered).toEqual({ ok: true, result: 'the message' });
    expect(values.has('community:outbox:ada')).toBe(false);
  });

  it('restores items after a reload and delivers them with their own clientKey once the API is back', async () => {
    vi.useFakeTimers();
    const { storage } = sharedStorage();
    const first = outboxOver(storage).outbox;
    first.add(chatItem('k1'));
    first.add(chatItem('k2', 'space-2'));

    const reloaded = outboxOver(storage);
    expect(reloaded.outbox.list('chat').map((item) => item.clientKey)).toEqual(['k1', 'k2']);
    const sent: string[] = [];
    let down = true;
    reloaded.outbox.registerSender('chat', async (item) => {
      sent.push(item.clientKey);
      if (down) throw new ApiError(503, 'Service temporarily unavailable', [], 20_000);
      return 'ok';
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['k1', 'k2']);
    // Retry-After asks for 20 s: nothing goes before, unless the API is back.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(2);
    down = false;
    reloaded.apiBack();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['k1', 'k2', 'k1', 'k2']);
    expect(reloaded.outbox.list('chat')).toEqual([]);
  });

  it('backs off 1, 2, 4 … 30 s with jitter, never sooner than Retry-After', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((attempts) => outboxBackoff(attempts, null, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(outboxBackoff(1, null, () => 0)).toBe(800);
    expect(outboxBackoff(1, null, () => 1)).toBe(1200);
    expect(outboxBackoff(6, null, () => 1)).toBe(OUTBOX_BACKOFF_MAX_MS * 1.2);
    expect(outboxBackoff(1, 5000, middle)).toBe(5000);
    expect(outboxBackoff(6, 5000, middle)).toBe(30000);
  });

  it('retries passing failures with the same clientKey on the backoff and honours Retry-After', async () => {
    vi.useFakeTimers();
    const { storage } = sharedStorage();
    const { outbox } = outboxOver(storage);
    outbox.add(chatItem('k1'));
    const attempts: { key: string; at: number }[] = [];
    const failures = [
      new ApiError(0, 'Unable to reach the server.'),
      new ApiError(429, 'Too many requests', [], 7000),
      new ApiError(503, 'Service temporarily unavailable'),
    ];
    const start = Date.now();
    const result = outbox.deliver('k1', async (item) => {
      attempts.push({ key: (item.payload as { clientKey: string }).clientKey, at: Date.now() - start });
      const failure = failures.shift();
      if (failure) throw failure;
      return 'sent';
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toEqual({ ok: true, result: 'sent' });
    expect(attempts.map((attempt) => attempt.key)).toEqual(['k1', 'k1', 'k1', 'k1']);
    // 1 s, then Retry-After's 7 s (more than the 2 s step), then 4 s.
    expect(attempts.map((attempt) => attempt.at)).toEqual([0, 1000, 8000, 12000]);
  });

  it('records when a waiting item goes next, and whether the server said it was too many requests', async () => {
    vi.useFakeTimers();
    const { storage } = sharedStorage();
    const { outbox } = outboxOver(storage);
    outbox.add(chatItem('k1'));
    const failures = [
      new ApiError(429, 'Too many requests', [], 7000),
      new ApiError(0, 'Unable to reach the server.'),
    ];
    const start = Date.now();
    const result = outbox.deliver('k1', async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return 'sent';
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.get('k1')).toMatchObject({ attempts: 1, rateLimited: true });
    expect(Date.parse(outbox.get('k1')?.retryAt ?? '') - start).toBe(7000);
    await vi.advanceTimersByTimeAsync(7000);
    // Then the network: 2 s (the second step of the backoff), no longer "too fast".
    expect(outbox.get('k1')).toMatchObject({ attempts: 2, rateLimited: false });
    expect(Date.parse(outbox.get('k1')?.retryAt ?? '') - start).toBe(9000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await result).toEqual({ ok: true, result: 'sent' });
  });

  it('keeps a refused item with the server’s message and sends it again only on Retry', async () => {
    const { storage } = sharedStorage();
    const { outbox, apiBack } = outboxOver(storage);
    outbox.add(chatItem('k1'));
    const send = vi.fn(async () => {
      throw new ApiError(403, 'You are not a member of this space.');
    });
    expect(await outbox.deliver('k1', send)).toMatchObject({
      ok: false,
      error: 'You are not a member of this space.',
    });
    expect(outbox.get('k1')?.refusal).toBe('You are not a member of this space.');
    outbox.registerSender('chat', send);
    apiBack();
    expect(send).toHaveBeenCalledTimes(1);
    send.mockResolvedValueOnce(undefined as never);
    expect(await outbox.retry('k1', send)).toEqual({ ok: true, result: undefined });
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.get('k1')).toBeUndefined();
  });

  it('runs one delivery per item however often it is asked for', async () => {
    const { storage } = sharedStorage();
    const { outbox } = outboxOver(storage);
    outbox.add(chatItem('k1'));
    const send = vi.fn(async () => 'once');
    const [a, b] = [outbox.deliver('k1', send), outbox.deliver('k1', send)];
    outbox.flush();
    expect(await a).toEqual(await b);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stops delivering an item that was discarded or confirmed elsewhere', async () => {
    vi.useFakeTimers();
    const { storage } = sharedStorage();
    const { outbox } = outboxOver(storage);
    outbox.add(chatItem('k1'));
    const send = vi.fn(async () => {
      throw new ApiError(0, 'Unable to reach the server.');
    });
    const result = outbox.deliver('k1', send);
    await vi.advanceTimersByTimeAsync(0);
    outbox.remove('k1');
    expect(await result).toEqual({ ok: false, error: 'Discarded', gone: true });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shows and sends a member’s items to that member only', async () => {
    const { storage } = sharedStorage();
    const { outbox } = outboxOver(storage, 'ada');
    outbox.add(chatItem('ada-1'));
    outbox.setUser('bob');
    expect(outbox.list('chat')).toEqual([]);
    const send = vi.fn(async () => 'sent');
    outbox.registerSender('chat', send);
    expect(send).not.toHaveBeenCalled();
    outbox.setUser(null);
    expect(outbox.list('chat')).toEqual([]);
    outbox.setUser('ada');
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce(), WAIT);
  });

  it('deletes a member’s items when they sign out, and no one else’s', () => {
    const { storage, values } = sharedStorage();
    const { outbox } = outboxOver(storage, 'bob');
    outbox.add(chatItem('bob-1'));
    outbox.setUser('ada');
    outbox.add(chatItem('ada-1'));
    outbox.clearUser('ada');
    expect(outbox.list('chat')).toEqual([]);
    expect(values.has('community:outbox:ada')).toBe(false);
    expect(values.has('community:outbox:bob')).toBe(true);
  });
});
