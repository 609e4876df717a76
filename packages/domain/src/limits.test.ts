import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from './entities.ts';
import { CSV_COLUMNS } from './limits.ts';

describe('CSV_COLUMNS', () => {
  it('lists the user columns in the spec order, then one column per feature', () => {
    expect(CSV_COLUMNS).toEqual([
      'First Name',
      'Last Name',
      'Pseudo',
      'Email',
      'Job',
      'Company',
      'Role',
      'City',
      'Status',
      ...FEATURE_KEYS,
    ]);
  });
});
