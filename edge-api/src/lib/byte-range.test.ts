import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.ts';

describe('parseRange', () => {
  it('reads start-end, start- and -suffix', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ offset: 0, length: 100 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ offset: 900, length: 100 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ offset: 900, length: 100 });
  });

  it('clamps an end or a suffix past the object to its last byte', () => {
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ offset: 990, length: 10 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ offset: 0, length: 1000 });
  });

  it('says unsatisfiable for a start past the end or an empty suffix', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores what it cannot serve as one range (the whole object goes instead)', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=-', 1000)).toBeNull();
    expect(parseRange('bytes=50-10', 1000)).toBeNull();
  });
});
