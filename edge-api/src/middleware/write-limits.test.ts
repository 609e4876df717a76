import { describe, expect, it } from 'vitest';
import { WRITE_LIMITS, writeLimitFor } from './write-limits.ts';

const ID = '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01';

describe('the write-limit table', () => {
  it('finds the bucket of each limited write', () => {
    expect(writeLimitFor('POST', `/api/spaces/${ID}/messages`)?.name).toBe('chat');
    expect(writeLimitFor('POST', '/api/uploads/events')?.name).toBe('upload');
    expect(writeLimitFor('POST', '/api/community/invite')?.name).toBe('invite');
    expect(writeLimitFor('PATCH', `/api/spaces/${ID}/invite-code`)?.name).toBe('invite');
    expect(writeLimitFor('POST', '/api/spaces')?.name).toBe('space');
    expect(writeLimitFor('POST', '/api/spaces/')?.name).toBe('space');
    expect(writeLimitFor('POST', '/api/socket/posts')?.name).toBe('post');
    expect(writeLimitFor('POST', `/api/socket/posts/comments/${ID}`)?.name).toBe('comment');
    expect(writeLimitFor('PUT', `/api/socket/posts/${ID}/like`)?.name).toBe('like');
    expect(writeLimitFor('DELETE', `/api/socket/posts/${ID}/like`)?.name).toBe('like');
    expect(writeLimitFor('GET', '/api/link-preview')?.name).toBe('link-preview');
    expect(writeLimitFor('PATCH', `/api/notifications/${ID}/read`)?.name).toBe('mark-read');
    expect(writeLimitFor('POST', '/api/notifications/read-all')?.name).toBe('mark-read');
    expect(writeLimitFor('POST', '/api/events')?.name).toBe('event');
    expect(writeLimitFor('PUT', `/api/events/${ID}`)?.name).toBe('event-change');
    expect(writeLimitFor('DELETE', `/api/events/${ID}`)?.name).toBe('event-change');
    expect(writeLimitFor('POST', `/api/events/${ID}/cancelled-occurrences`)?.name).toBe('event-change');
    expect(
      writeLimitFor('DELETE', `/api/events/${ID}/cancelled-occurrences/2031-01-06T15%3A00%3A00.000Z`)?.name,
    ).toBe('event-change');
    expect(writeLimitFor('POST', `/api/events/${ID}/cancellation`)?.name).toBe('event-change');
    expect(writeLimitFor('DELETE', `/api/events/${ID}/cancellation`)?.name).toBe('event-change');
    // RSVPs and waitlist joins (issue 29) and taking them back: one bucket.
    expect(writeLimitFor('POST', `/api/events/${ID}/members`)?.name).toBe('rsvp');
    expect(writeLimitFor('DELETE', `/api/events/${ID}/members`)?.name).toBe('rsvp');
    // Clearing a bounced address (issue 32): the address is in the path, percent-encoded or not.
    expect(writeLimitFor('DELETE', '/api/admin-panel/email-suppressions/gone%40example.com')?.name).toBe(
      'email-suppression',
    );
    expect(writeLimitFor('DELETE', '/api/admin-panel/email-suppressions/gone@example.com')?.name).toBe(
      'email-suppression',
    );
  });

  it('leaves reads, other methods and other paths alone', () => {
    expect(writeLimitFor('GET', `/api/spaces/${ID}/messages`)).toBeUndefined();
    expect(writeLimitFor('DELETE', `/api/spaces/${ID}/messages/${ID}`)).toBeUndefined();
    expect(writeLimitFor('POST', '/api/spaces/invite/abc')).toBeUndefined();
    expect(writeLimitFor('POST', `/api/spaces/${ID}/messages/extra`)).toBeUndefined();
    expect(writeLimitFor('GET', '/api/posts')).toBeUndefined();
    expect(writeLimitFor('PUT', `/api/socket/posts/${ID}`)).toBeUndefined();
    expect(writeLimitFor('GET', '/api/events')).toBeUndefined();
    expect(writeLimitFor('POST', '/api/events/calendar-feed/reset')).toBeUndefined();
    expect(writeLimitFor('GET', '/api/admin-panel/email-suppressions')).toBeUndefined();
  });

  it('has numbers a person never reaches in a burst', () => {
    for (const limit of WRITE_LIMITS) expect(limit.bucket.capacity, limit.name).toBeGreaterThanOrEqual(10);
  });
});
