import { applyPresenceChange, applyPresenceSnapshot, resetPresence } from '@community/api-client';
import type { PublicUser } from '@community/domain';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileHeader } from './profile-header.tsx';

afterEach(() => {
  cleanup();
  resetPresence();
});

const grace: PublicUser = {
  id: 'u2',
  firstName: 'Grace',
  lastName: 'Hopper',
  pseudo: 'grace',
  job: null,
  company: null,
  address: { city: null },
  bio: null,
  interests: [],
  imageUrl: null,
  lastOfflineAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  role: 'USER',
};

describe('profile header presence', () => {
  it('says when an offline member was last seen, and follows the presence room', async () => {
    render(<ProfileHeader user={grace} />);
    expect(screen.getByRole('img', { name: 'Offline' })).toBeTruthy();
    expect(screen.getByText('Last seen 5 minutes ago')).toBeTruthy();
    await act(async () => applyPresenceSnapshot(['u2']));
    expect(screen.getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(screen.getByText('Online', { selector: 'p' })).toBeTruthy();
    await act(async () => applyPresenceChange('u2', new Date().toISOString()));
    expect(screen.getByText('Last seen just now')).toBeTruthy();
  });
});
