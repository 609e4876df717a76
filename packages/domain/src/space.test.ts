import { describe, expect, it } from 'vitest';
import { AddSpaceUserInput, CreateSpaceInput, UpdateSpaceInput, UpdateSpaceMemberInput } from './space.ts';
import { issuesOf } from './test-helpers.ts';

const valid = { name: 'Designers', description: 'A place for designers', type: 'PUBLIC', color: '#FF0000' };

describe('CreateSpaceInput', () => {
  it('accepts a complete space', () => {
    expect(CreateSpaceInput.parse(valid)).toEqual(valid);
  });

  it('defaults the type to PRIVATE and the color to #3B82F6', () => {
    const space = CreateSpaceInput.parse({ name: 'Designers', description: 'abc' });
    expect(space.type).toBe('PRIVATE');
    expect(space.color).toBe('#3B82F6');
  });

  it('rejects a missing or blank space name', () => {
    for (const name of [undefined, '', '   ']) {
      expect(issuesOf(CreateSpaceInput.safeParse({ ...valid, name }))).toEqual([
        { path: 'name', message: 'Space name is required.' },
      ]);
    }
  });

  it('rejects a space description shorter than 3 characters', () => {
    expect(issuesOf(CreateSpaceInput.safeParse({ ...valid, description: 'ab' }))).toEqual([
      { path: 'description', message: 'Description must be at least 3 characters.' },
    ]);
  });

  it('counts the description without surrounding blanks', () => {
    expect(issuesOf(CreateSpaceInput.safeParse({ ...valid, description: '  ab  ' }))).toEqual([
      { path: 'description', message: 'Description must be at least 3 characters.' },
    ]);
  });

  it('accepts descriptions of exactly 3 and 250 characters', () => {
    expect(CreateSpaceInput.safeParse({ ...valid, description: 'abc' }).success).toBe(true);
    expect(CreateSpaceInput.safeParse({ ...valid, description: 'a'.repeat(250) }).success).toBe(true);
  });

  it('rejects a space description longer than 250 characters', () => {
    expect(issuesOf(CreateSpaceInput.safeParse({ ...valid, description: 'a'.repeat(251) }))).toEqual([
      { path: 'description', message: 'Description must be at most 250 characters.' },
    ]);
  });

  it('rejects a space type other than PUBLIC or PRIVATE', () => {
    for (const type of ['PAID', '', 'public']) {
      expect(issuesOf(CreateSpaceInput.safeParse({ ...valid, type }))).toEqual([
        { path: 'type', message: 'Space type is required.' },
      ]);
    }
  });

  it('rejects a color shorter than 4 characters', () => {
    expect(issuesOf(CreateSpaceInput.safeParse({ ...valid, color: '#FF' }))).toEqual([
      { path: 'color', message: 'Color is required' },
    ]);
  });

  it('rejects unknown fields', () => {
    expect(issuesOf(CreateSpaceInput.safeParse({ ...valid, adminId: 'u1' }))).toEqual([
      { path: '', message: 'Unrecognized key: "adminId"' },
    ]);
  });
});

describe('UpdateSpaceInput', () => {
  it('accepts a partial update without filling in defaults', () => {
    expect(UpdateSpaceInput.parse({ name: 'New name' })).toEqual({ name: 'New name' });
  });

  it('applies the same rules to the fields it is given', () => {
    expect(issuesOf(UpdateSpaceInput.safeParse({ description: 'ab', type: 'PAID' }))).toEqual([
      { path: 'description', message: 'Description must be at least 3 characters.' },
      { path: 'type', message: 'Space type is required.' },
    ]);
  });
});

describe('space member calls', () => {
  it('lets a member role change only between GUEST and MODERATOR', () => {
    expect(UpdateSpaceMemberInput.safeParse({ role: 'MODERATOR' }).success).toBe(true);
    expect(UpdateSpaceMemberInput.safeParse({ role: 'ADMIN' }).success).toBe(false);
  });

  it('requires the user id of an added member', () => {
    expect(AddSpaceUserInput.safeParse({ userId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02' }).success).toBe(
      true,
    );
    expect(AddSpaceUserInput.safeParse({ userId: '' }).success).toBe(false);
  });
});
