import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar.tsx';

afterEach(cleanup);

describe('Avatar', () => {
  it('derives initials from the first and last word of a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace   brewster hopper ')).toBe('GH');
    expect(initialsOf('Plato')).toBe('P');
    expect(initialsOf('')).toBe('');
  });

  it('shows the initials when there is no picture', () => {
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.getByText('AL')).toBeTruthy();
  });
});
