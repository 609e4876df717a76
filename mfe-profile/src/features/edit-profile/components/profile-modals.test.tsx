import { session } from '@community/api-client';
import type { User } from '@community/domain';
import { closeModal, modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileModals } from './profile-modals.tsx';

const ada = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  pseudo: 'ada',
  job: null,
  company: null,
  address: { city: null, cityId: null, country: null, lat: null, lng: null },
  bio: null,
  interests: [],
  imageUrl: null,
  coverImageUrl: null,
  lastOfflineAt: null,
  role: 'USER',
  memberSince: '2020-01-01T00:00:00.000Z',
  contact: { email: null, phone: null },
  email: 'ada@example.com',
  phone: null,
  dateOfBirth: null,
  showEmail: false,
  showPhone: false,
  emailPreferences: { messages: true, mentions: true, events: true, digest: true, digestDay: 1 },
  timeZone: null,
  isBlocked: false,
  features: [],
} satisfies User;

afterEach(() => {
  cleanup();
  closeModal();
});

describe('profile modals', () => {
  it('opens the Edit Profile wizard for editProfile, and goes back to the own panel on close', async () => {
    session.user = ada;
    render(<ProfileModals type="editProfile" returnTo="profile" />);
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(modalStore.type).toBe('profile'));
    expect(modalStore.props).toEqual({ userId: 'u1' });
  });

  it('says "User ID is not available" when nobody is signed in', () => {
    session.user = null;
    render(<ProfileModals type="editProfile" />);
    expect(screen.getByText('User ID is not available')).toBeTruthy();
  });

  it('renders nothing for other types', () => {
    const { container } = render(<ProfileModals type="somethingElse" />);
    expect(container.innerHTML).toBe('');
  });
});
