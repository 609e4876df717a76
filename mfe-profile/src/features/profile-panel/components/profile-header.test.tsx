import { applyPresenceChange, applyPresenceSnapshot, resetPresence } from '@community/api-client';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPublicUser } from '../../../test/fixtures.ts';
import { ok, serveApi } from '../../../test/serve-api.ts';
import { ProfileHeader } from './profile-header.tsx';

afterEach(() => {
  cleanup();
  resetPresence();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const grace = aPublicUser({ lastOfflineAt: new Date(Date.now() - 5 * 60_000).toISOString() });

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

describe('profile header', () => {
  it('names the country of a picked city from its ISO code, and shows job and company', () => {
    render(
      <ProfileHeader
        user={aPublicUser({
          job: 'Admiral',
          company: 'US Navy',
          address: { city: 'Zurich', cityId: 2657896, country: 'CH', lat: 47.37, lng: 8.54 },
        })}
      />,
    );
    expect(screen.getByText('Zurich, Switzerland')).toBeTruthy();
    expect(screen.getByText('Admiral at US Navy')).toBeTruthy();
    expect(screen.getByText('@grace')).toBeTruthy();
  });

  it('keeps a typed city without a country as it is', () => {
    render(
      <ProfileHeader
        user={aPublicUser({
          address: { city: 'Atlantis', cityId: null, country: null, lat: null, lng: null },
        })}
      />,
    );
    expect(screen.getByText('Atlantis')).toBeTruthy();
  });

  it('shows a plain band without a cover image', () => {
    render(<ProfileHeader user={aPublicUser()} />);
    expect(screen.getByTestId('profile-cover').querySelector('img')).toBeNull();
  });

  it('shows an uploaded cover through a signed URL, and falls back to the band quietly when it fails', async () => {
    const calls = serveApi({
      'GET /api/aws-s3/url': () => ok({ url: 'https://signed.example.com/cover.png', expiresIn: 300 }),
    });
    render(<ProfileHeader user={aPublicUser({ coverImageUrl: '/api/files/users/u2/cover.png' })} />);
    const cover = screen.getByTestId('profile-cover');
    await waitFor(() =>
      expect(cover.querySelector('img')?.getAttribute('src')).toBe('https://signed.example.com/cover.png'),
    );
    expect(calls).toEqual([`GET /api/aws-s3/url?key=${encodeURIComponent('users/u2/cover.png')}`]);

    fireEvent.error(cover.querySelector('img') as HTMLImageElement);
    expect(cover.querySelector('img')).toBeNull();
  });
});
