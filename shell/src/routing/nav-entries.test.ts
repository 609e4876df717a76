import { describe, expect, it } from 'vitest';
import { isEntryActive, NAV_ENTRIES, navEntriesFor, navEntryOfPath } from './nav-entries.ts';

const on = (...keys: string[]) => ({ features: keys.map((feature) => ({ feature, enabled: true })) });
const labels = (user: Parameters<typeof navEntriesFor>[0]) => navEntriesFor(user).map((entry) => entry.label);

describe('navigation entries', () => {
  it('shows each entry only with its switch, in a fixed order', () => {
    expect(labels(on('community', 'messages', 'spaces', 'events', 'livewall'))).toEqual([
      'Home',
      'Events',
      'Spaces',
      'Messages',
      'Members',
    ]);
    expect(labels(on('events', 'community'))).toEqual(['Events', 'Members']);
    expect(labels(on('posts', 'content', 'livestream'))).toEqual([]);
    expect(labels({ features: [{ feature: 'spaces', enabled: false }] })).toEqual([]);
    expect(labels(null)).toEqual([]);
  });

  it('knows which entry a page belongs to', () => {
    const key = (path: string) => navEntryOfPath(path)?.key ?? null;
    expect(key('/')).toBe('home');
    expect(key('/events')).toBe('events');
    expect(key('/events/e1')).toBe('events');
    expect(key('/spaces')).toBe('spaces');
    expect(key('/spaces/s1')).toBe('spaces');
    expect(key('/spaces/invite/abc')).toBe('spaces');
    expect(key('/messages')).toBe('messages');
    expect(key('/community/conversations/u2')).toBe('messages');
    expect(key('/members')).toBe('members');
    expect(key('/members?sort=recent')).toBe('members');
    expect(key('/eventsx')).toBeNull();
    expect(key('/no-such-page')).toBeNull();
  });

  it('marks Home only on the wall itself', () => {
    const home = NAV_ENTRIES[0]!;
    expect(isEntryActive(home, '/')).toBe(true);
    expect(isEntryActive(home, '/events')).toBe(false);
  });
});
