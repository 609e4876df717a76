import { session } from '@community/api-client';
import { featureDisabledMessage, type User } from '@community/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpacePage, searchCursorOf } from './space-page.tsx';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  cleanup();
  session.user = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('space page', () => {
  it('shows a space one may not read as its landing card, never a bare refusal (the payment hint for a paid one)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const id = '3f0c8f7e-1111-4222-8333-944445555666';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const [status, body] = url.endsWith('/card')
          ? [
              200,
              {
                id,
                name: 'Founders Circle',
                description: 'For founders.',
                type: 'PAID',
                color: '#F59E0B',
                inviteCode: null,
                adminId: 'admin',
                membersCount: 4,
                isMember: false,
                faces: [],
              },
            ]
          : [403, { error: 'You are not a member of this space.' }];
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render(<SpacePage id={id} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Founders Circle' })).toBeTruthy();
    expect(screen.getByText('For founders.')).toBeTruthy();
    expect(screen.getByText('4 members')).toBeTruthy();
    expect(screen.getByText(/^This is a paid space\. Payments are not taken on this platform/)).toBeTruthy();
    expect(screen.queryByText('You are not a member of this space.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join space' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse spaces' }).getAttribute('href')).toBe('/spaces');
  });

  it('says so when the space does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(404, { error: 'Space not found' });
    render(<SpacePage id="3f0c8f7e-1111-4222-8333-944445555666" />);
    expect(await screen.findByText('Space not found')).toBeTruthy();
  });

  it('shows the API’s words when the spaces feature is off, never a generic error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(403, { error: featureDisabledMessage('spaces') });
    render(<SpacePage id="3f0c8f7e-1111-4222-8333-944445555666" />);
    expect(await screen.findByText('The spaces feature is not enabled for your account.')).toBeTruthy();
    expect(screen.queryByText('Unable to load space')).toBeNull();
  });

  it('says the spaces feature is off as soon as the session user loses it, without asking the API', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    session.user = {
      id: 'me',
      role: 'USER',
      features: [{ feature: 'spaces', enabled: false }],
    } as unknown as User;
    render(<SpacePage id="3f0c8f7e-1111-4222-8333-944445555666" />);
    expect(screen.getByText('The spaces feature is not enabled for your account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' })).toBeTruthy();
  });

  it('reads ?searchCursor= as a sequence number only', () => {
    expect(searchCursorOf('42')).toBe(42);
    expect(searchCursorOf(null)).toBeUndefined();
    expect(searchCursorOf('0')).toBeUndefined();
    expect(searchCursorOf('4.5')).toBeUndefined();
    expect(searchCursorOf('abc')).toBeUndefined();
  });
});
