import { describe, expect, it } from 'vitest';
import { PageQuery } from './pagination.ts';

describe('PageQuery', () => {
  it('defaults the limit to 20 and leaves the cursor out', () => {
    expect(PageQuery.parse({})).toEqual({ limit: 20 });
    expect(PageQuery.parse({ cursor: '', limit: '' })).toEqual({ limit: 20 });
  });

  it('coerces the limit from the query string', () => {
    expect(PageQuery.parse({ cursor: 'abc', limit: '50' })).toEqual({ cursor: 'abc', limit: 50 });
  });

  it('clamps the limit to 1..100', () => {
    expect(PageQuery.parse({ limit: '0' }).limit).toBe(1);
    expect(PageQuery.parse({ limit: '-7' }).limit).toBe(1);
    expect(PageQuery.parse({ limit: '1000' }).limit).toBe(100);
    expect(PageQuery.parse({ limit: 100 }).limit).toBe(100);
  });

  it('drops a fraction and falls back to 20 for a limit that is not a number', () => {
    expect(PageQuery.parse({ limit: '12.7' }).limit).toBe(12);
    expect(PageQuery.parse({ limit: 'ten' }).limit).toBe(20);
  });

  it('ignores other query parameters, which routes add by extending it', () => {
    expect(PageQuery.parse({ limit: '5', search: 'ann' })).toEqual({ limit: 5 });
  });
});
