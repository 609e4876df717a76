import { describe, expect, it } from 'vitest';
import { createStaleReads, mayServeStale } from './stale-reads.ts';
import { createMemoryStorage } from './test-storage.ts';

describe('stale reads', () => {
  it('keeps the last answer of each path and hands it back', () => {
    const { storage } = createMemoryStorage();
    const reads = createStaleReads({ storage });

    reads.remember('/api/spaces', '{"items":[1]}');
    reads.remember('/api/spaces', '{"items":[1,2]}');

    expect(reads.recall('/api/spaces')).toBe('{"items":[1,2]}');
    expect(reads.recall('/api/spaces?x=1')).toBeNull();
  });

  it('survives a reload of the page (a new store on the same storage)', () => {
    const { storage } = createMemoryStorage();
    createStaleReads({ storage }).remember('/api/community', '{"communityName":"Acme"}');

    expect(createStaleReads({ storage }).recall('/api/community')).toBe('{"communityName":"Acme"}');
  });

  it('does not keep an answer larger than an entry may be, and drops the older one of that path', () => {
    const { storage } = createMemoryStorage();
    const reads = createStaleReads({ storage, limits: { maxEntryChars: 10 } });
    reads.remember('/api/a', '"small"');

    reads.remember('/api/a', '"far too large"');

    expect(reads.recall('/api/a')).toBeNull();
    expect(reads.size()).toBe(0);
  });

  it('stays under its total by evicting the oldest answers first', () => {
    const { storage, items } = createMemoryStorage();
    const reads = createStaleReads({ storage, limits: { maxTotalChars: 25 } });

    reads.remember('/api/a', '"aaaaaaaa"'); // 10 characters each
    reads.remember('/api/b', '"bbbbbbbb"');
    reads.remember('/api/c', '"cccccccc"');

    expect(reads.recall('/api/a')).toBeNull();
    expect(reads.recall('/api/b')).toBe('"bbbbbbbb"');
    expect(reads.recall('/api/c')).toBe('"cccccccc"');
    expect(reads.size()).toBe(20);
    expect([...items.keys()].some((key) => key.endsWith('/api/a'))).toBe(false);
  });

  it('never evicts a pinned answer (who is signed in) to make room', () => {
    const { storage } = createMemoryStorage();
    const reads = createStaleReads({ storage, limits: { maxTotalChars: 25 } });

    reads.remember('/api/auth/me', '"me-me-me"', { pinned: true }); // 10 characters each
    reads.remember('/api/a', '"aaaaaaaa"');
    reads.remember('/api/b', '"bbbbbbbb"');

    expect(reads.recall('/api/auth/me')).toBe('"me-me-me"');
    expect(reads.recall('/api/a')).toBeNull();
    expect(reads.recall('/api/b')).toBe('"bbbbbbbb"');
  });

  it('keeps nothing for a path the browser has no room for, and does not throw', () => {
    const { storage } = createMemoryStorage(200);
    const reads = createStaleReads({ storage });

    expect(() => reads.remember('/api/big', `"${'x'.repeat(500)}"`)).not.toThrow();
    expect(reads.recall('/api/big')).toBeNull();
  });

  it('does not serve an answer older than its age limit', () => {
    const { storage } = createMemoryStorage();
    let now = 1_000;
    const reads = createStaleReads({ storage, limits: { maxAgeMs: 60_000 }, now: () => now });
    reads.remember('/api/spaces', '[]');

    now += 60_001;

    expect(reads.recall('/api/spaces')).toBeNull();
  });

  it('forgets everything on clear and when another user claims it', () => {
    const { storage, items } = createMemoryStorage();
    const reads = createStaleReads({ storage });
    reads.claim('u1');
    reads.remember('/api/spaces', '[]');

    reads.claim('u1');
    expect(reads.recall('/api/spaces')).toBe('[]');

    reads.claim('u2');
    expect(reads.recall('/api/spaces')).toBeNull();

    reads.remember('/api/spaces', '[2]');
    reads.clear();
    expect(reads.recall('/api/spaces')).toBeNull();
    expect(items.size).toBe(0);
  });

  it('serves stale only what is a screen of our JSON API', () => {
    expect(mayServeStale('/api/spaces/s1/messages?before=10')).toBe(true);
    expect(mayServeStale('/api/community')).toBe(true);
    for (const path of [
      '/api/auth/me',
      '/api/auth/refresh',
      '/api/health/ready',
      '/api/realtime/ticket',
      '/api/aws-s3/url?key=spaces/a.png',
      '/api/files/spaces/a.png?expires=1&signature=x',
      '/api/events/calendar-feed',
      '/api/events/e1.ics',
      '/mfe-manifest.json',
    ]) {
      expect(mayServeStale(path), path).toBe(false);
    }
  });
});
