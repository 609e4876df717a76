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
    const { container } = render(<Avatar name="Ada Lovelace" />);
    // Drawn by CSS from the attribute (not text content: see avatar.tsx).
    expect(container.querySelector('[data-initials="AL"]')).toBeTruthy();
    expect(container.textContent).toBe('');
  });

  it('adds no presence dot unless asked', () => {
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.queryByRole('img', { name: /online|offline/i })).toBeNull();
  });

  it('labels the presence dot for screen readers', () => {
    const { rerender } = render(<Avatar name="Ada Lovelace" online />);
    expect(screen.getByRole('img', { name: 'Online' })).toBeTruthy();
    rerender(<Avatar name="Ada Lovelace" online={false} />);
    expect(screen.getByRole('img', { name: 'Offline' })).toBeTruthy();
  });
});
