import { describe, expect, it } from 'vitest';
import { toApiIssues } from './issues.ts';
import { CreateSpaceInput } from './space.ts';

describe('toApiIssues', () => {
  it('joins each issue path with dots for the API error body', () => {
    const result = CreateSpaceInput.safeParse({ name: '', description: 'ok!' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toApiIssues(result.error)).toEqual([{ path: 'name', message: 'Space name is required.' }]);
  });
});
