import { describe, expect, it } from 'vitest';
import { isLiveNow, LIVE_SOON_MS } from './announcements.ts';
import { messagePreview } from './notifications.ts';

describe('messagePreview', () => {
  it('quotes a message on one line, cut at 80 characters', () => {
    expect(messagePreview('  Hello\n\n  there  ', 0)).toBe('Hello there');
    const long = messagePreview('x'.repeat(200), 0);
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('says what an attachment-only message sent', () => {
    expect(messagePreview('', 1)).toBe('sent an attachment');
    expect(messagePreview('  ', 3)).toBe('sent 3 attachments');
  });
});

describe('isLiveNow', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const event = (location: 'IN_PERSON' | 'YOUTUBE', startIn: number, endIn: number) => ({
    id: 'e',
    title: 't',
    spaceId: 's',
    authorId: 'a',
    hostId: 'h',
    host: { firstName: 'H', lastName: 'Ost' },
    location,
    startDate: new Date(now + startIn).toISOString(),
    endDate: new Date(now + endIn).toISOString(),
  });

  it('is a stream that has started or starts within five minutes and has not ended (Go Live)', () => {
    expect(isLiveNow(event('YOUTUBE', 0, 3_600_000), now)).toBe(true);
    expect(isLiveNow(event('YOUTUBE', LIVE_SOON_MS, 3_600_000), now)).toBe(true);
    expect(isLiveNow(event('YOUTUBE', -60_000, 60_000), now)).toBe(true);
  });

  it('is not an in-person event, a later stream or one that has ended', () => {
    expect(isLiveNow(event('IN_PERSON', 0, 3_600_000), now)).toBe(false);
    expect(isLiveNow(event('YOUTUBE', LIVE_SOON_MS + 1000, 3_600_000), now)).toBe(false);
    expect(isLiveNow(event('YOUTUBE', -7_200_000, -3_600_000), now)).toBe(false);
  });
});
