import { describe, expect, it } from 'vitest';
import { moreTagsLabel, visibleTags } from './event-tags.ts';

describe('event card tags', () => {
  it('shows every tag when there are 3 or fewer', () => {
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], hiddenCount: 0 });
    expect(moreTagsLabel(0)).toBeNull();
  });

  it('shows the first 3 tags and counts the rest as "+N more"', () => {
    const { shown, hiddenCount } = visibleTags(['a', 'b', 'c', 'd', 'e']);
    expect(shown).toEqual(['a', 'b', 'c']);
    expect(hiddenCount).toBe(2);
    expect(moreTagsLabel(hiddenCount)).toBe('+2 more');
  });

  it('counts a single extra tag as "+1 more"', () => {
    expect(moreTagsLabel(visibleTags(['a', 'b', 'c', 'd']).hiddenCount)).toBe('+1 more');
  });

  it('handles events without tags', () => {
    expect(visibleTags([])).toEqual({ shown: [], hiddenCount: 0 });
  });
});
