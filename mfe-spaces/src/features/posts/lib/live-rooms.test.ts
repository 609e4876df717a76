import { describe, expect, it } from 'vitest';
import { chooseLiveRooms } from './live-rooms.ts';

const space = (id: string, isMember = false) => ({ id, isMember });

describe('chooseLiveRooms', () => {
  it('follows every readable space while they fit', () => {
    expect(chooseLiveRooms([space('a'), space('b', true)], [], 5)).toEqual({
      live: ['b', 'a'],
      partial: false,
    });
  });

  it('puts spaces with posts on the wall first, then the member’s own, then those only read, up to the bound', () => {
    const readable = [
      space('read1'),
      space('mine1', true),
      space('read2'),
      space('mine2', true),
      space('busy'),
    ];
    expect(chooseLiveRooms(readable, ['busy', 'read2', 'busy'], 4)).toEqual({
      live: ['busy', 'read2', 'mine1', 'mine2'],
      partial: true,
    });
  });

  it('ignores posts of spaces it may not follow (no longer readable)', () => {
    expect(chooseLiveRooms([space('a')], ['gone', 'a'], 5)).toEqual({ live: ['a'], partial: false });
  });
});
