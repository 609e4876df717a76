import { presence, presenceOf, resetPresence } from '@community/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { handlePresenceFrame } from './presence-room.ts';

afterEach(() => resetPresence());

describe('presence room frames', () => {
  it('feeds the page-wide presence store: the snapshot, then changes', () => {
    handlePresenceFrame(JSON.stringify({ type: 'presence.snapshot', online: ['u1', 'u2'] }));
    expect(presenceOf(presence, 'u1').online).toBe(true);
    handlePresenceFrame(
      JSON.stringify({ type: 'presence.changed', userId: 'u1', lastOfflineAt: '2026-11-23T12:00:00.000Z' }),
    );
    expect(presenceOf(presence, 'u1')).toEqual({ online: false, lastSeenAt: '2026-11-23T12:00:00.000Z' });
    // A reconnect's snapshot replaces the set.
    handlePresenceFrame(JSON.stringify({ type: 'presence.snapshot', online: ['u3'] }));
    expect(presenceOf(presence, 'u2').online).toBe(false);
    expect(presenceOf(presence, 'u3').online).toBe(true);
  });

  it('ignores anything else', () => {
    handlePresenceFrame('nope');
    handlePresenceFrame(JSON.stringify({ type: 'presence.changed', userId: 'u1' }));
    expect(presence.live).toBe(false);
  });
});
