import type { OutboxItem } from '@community/api-client';
import { describe, expect, it } from 'vitest';
import { isShownAsUnsent } from './outbox-views.ts';

const opened = Date.parse('2027-01-01T12:00:00Z');
const item = (patch: Partial<OutboxItem>): OutboxItem => ({
  clientKey: 'k1',
  kind: 'comment',
  target: 'post-1',
  payload: {},
  createdAt: '2027-01-01T12:00:05Z',
  attempts: 0,
  refusal: null,
  ...patch,
});

describe('which outbox items a view lists as unsent', () => {
  it('leaves out an item this page handed over and has not tried yet (the composer shows it sending)', () => {
    expect(isShownAsUnsent(item({}), opened)).toBe(false);
  });

  it('lists it once an attempt failed or the server refused it', () => {
    expect(isShownAsUnsent(item({ attempts: 1 }), opened)).toBe(true);
    expect(isShownAsUnsent(item({ refusal: 'Post not found' }), opened)).toBe(true);
  });

  it('lists an item kept from before this page opened (a reload mid-send)', () => {
    expect(isShownAsUnsent(item({ createdAt: '2027-01-01T11:59:00Z' }), opened)).toBe(true);
  });
});
