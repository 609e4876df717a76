import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyPresenceChange,
  applyPresenceSnapshot,
  presence,
  presenceLabel,
  presenceOf,
  relativeTime,
  resetPresence,
} from './presence.ts';

describe('presence store', () => {
  beforeEach(() => resetPresence());

  it('uses the API payload until the socket has spoken', () => {
    expect(presenceOf(presence, 'u1', null)).toEqual({ online: true, lastSeenAt: null });
    expect(presenceOf(presence, 'u1', '2026-11-23T10:00:00.000Z')).toEqual({
      online: false,
      lastSeenAt: '2026-11-23T10:00:00.000Z',
    });
    expect(presenceOf(presence, 'u1')).toEqual({ online: false, lastSeenAt: null });
    expect(presenceOf(presence, null, null)).toEqual({ online: false, lastSeenAt: null });
  });

  it('lets the snapshot override the payload', () => {
    applyPresenceSnapshot(['u2']);
    // The payload said online, the room says not: offline, last seen unknown.
    expect(presenceOf(presence, 'u1', null)).toEqual({ online: false, lastSeenAt: null });
    expect(presenceOf(presence, 'u2', '2026-11-23T10:00:00.000Z')).toEqual({
      online: true,
      lastSeenAt: null,
    });
  });

  it('replaces the online set with each snapshot (a reconnect may have missed changes)', () => {
    applyPresenceSnapshot(['u1', 'u2']);
    applyPresenceSnapshot(['u3']);
    expect(Object.keys(presence.online)).toEqual(['u3']);
    expect(presenceOf(presence, 'u1').online).toBe(false);
    expect(presenceOf(presence, 'u3').online).toBe(true);
  });

  it('follows changes: online, then offline with the time it happened', () => {
    applyPresenceSnapshot([]);
    applyPresenceChange('u1', null);
    expect(presenceOf(presence, 'u1', '2026-11-01T00:00:00.000Z')).toEqual({
      online: true,
      lastSeenAt: null,
    });
    applyPresenceChange('u1', '2026-11-23T12:00:00.000Z');
    expect(presenceOf(presence, 'u1', '2026-11-01T00:00:00.000Z')).toEqual({
      online: false,
      lastSeenAt: '2026-11-23T12:00:00.000Z',
    });
  });
});

describe('last seen', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  it('says how long ago, or just online/offline', () => {
    expect(relativeTime('2026-11-23T11:59:30.000Z', now)).toBe('just now');
    expect(relativeTime('2026-11-23T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-22T11:00:00.000Z', now)).toBe('yesterday');
    expect(presenceLabel({ online: true, lastSeenAt: null }, now)).toBe('Online');
    expect(presenceLabel({ online: false, lastSeenAt: '2026-11-23T10:00:00.000Z' }, now)).toBe(
      'Last seen 2 hours ago',
    );
    expect(presenceLabel({ online: false, lastSeenAt: null }, now)).toBe('Offline');
  });
});
