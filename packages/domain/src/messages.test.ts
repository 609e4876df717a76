import { describe, expect, it } from 'vitest';
import {
  fileTooLarge,
  importRowFailed,
  importRowMissingFields,
  tooManyFiles,
  usersImported,
} from './messages.ts';

describe('message builders', () => {
  it('fill the spec texts with their numbers', () => {
    expect(importRowMissingFields(4)).toBe('User at row 4 is missing required fields');
    expect(importRowFailed(2)).toBe('Row 2: Sorry, an error occured please try again');
    expect(usersImported(12)).toBe('12 users imported successfully');
    expect(fileTooLarge('5 MB')).toBe('The file is too large. Max size is 5 MB.');
    expect(tooManyFiles(3)).toBe('You can only add 3 file(s).');
  });
});
