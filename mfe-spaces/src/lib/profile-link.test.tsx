import { closeModal, modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileLink } from './profile-link.tsx';
import { signInWith, signOut } from './signed-in.test-helper.ts';

afterEach(() => {
  cleanup();
  signOut();
  closeModal();
});

describe('profile link', () => {
  it('opens another member’s profile with the community feature', () => {
    signInWith(['community']);
    render(<ProfileLink userId="ada">Ada Lovelace</ProfileLink>);
    fireEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect(modalStore).toMatchObject({ type: 'profile', props: { userId: 'ada' } });
  });

  it('shows another member’s name as plain text without the community feature', () => {
    signInWith([]);
    render(<ProfileLink userId="ada">Ada Lovelace</ProfileLink>);
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('always opens one’s own profile', () => {
    signInWith([], 'me');
    render(<ProfileLink userId="me">Me Myself</ProfileLink>);
    fireEvent.click(screen.getByRole('button', { name: 'Me Myself' }));
    expect(modalStore).toMatchObject({ type: 'profile', props: { userId: 'me' } });
  });
});
