import { afterEach, describe, expect, it } from 'vitest';
import { defaultPostSpace, lastPostSpace, rememberPostSpace } from './last-post-space.ts';

const choices = [{ id: 'general' }, { id: 'builders' }, { id: 'founders' }];

describe("Home composer's first space", () => {
  afterEach(() => localStorage.clear());

  it('is the first space offered when nothing was posted yet', () => {
    expect(defaultPostSpace(choices, null, 'me')).toBe('general');
  });

  it('is the space last posted in, per member', () => {
    rememberPostSpace('me', 'builders');
    expect(lastPostSpace('me')).toBe('builders');
    expect(defaultPostSpace(choices, null, 'me')).toBe('builders');
    expect(defaultPostSpace(choices, null, 'someone-else')).toBe('general');
  });

  it('is the space asked for, before the last one', () => {
    rememberPostSpace('me', 'builders');
    expect(defaultPostSpace(choices, 'founders', 'me')).toBe('founders');
  });

  it('skips a space no longer offered (left, or one the member may not post in)', () => {
    rememberPostSpace('me', 'gone');
    expect(defaultPostSpace(choices, 'read-only', 'me')).toBe('general');
    expect(defaultPostSpace([], null, 'me')).toBeNull();
  });
});
