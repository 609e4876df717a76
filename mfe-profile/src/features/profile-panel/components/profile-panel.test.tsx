import { session } from '@community/api-client';
import type { User } from '@community/domain';
import { modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePanel } from './profile-panel.tsx';

const ada: User = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  pseudo: 'ada',
  job: 'Engineer',
  company: 'Analytical Engines',
  address: { city: 'London' },
  bio: 'First programmer.',
  interests: ['math', 'poetry'],
  imageUrl: null,
  lastOfflineAt: null,
  role: 'ADMIN',
  email: 'ada@example.com',
  phone: null,
  dateOfBirth: null,
  isBlocked: false,
  features: [],
};

function answerUser(user: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(status === 200 ? { user } : { error: 'User not found' }), { status }),
    ),
  );
}

beforeEach(() => {
  session.user = ada;
  session.status = 'signed-in';
  history.replaceState(null, '', '/events');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('profile panel', () => {
  it('says so when no user id was given', () => {
    render(<ProfilePanel />);
    expect(screen.getByText('User ID is not available')).toBeTruthy();
  });

  it('says so when the user cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerUser(null, 404);
    render(<ProfilePanel userId="missing" />);
    expect(await screen.findByText('Unable to load user')).toBeTruthy();
  });

  it('shows the profile with interests prefixed by # and keeps the tab in the address', async () => {
    answerUser(ada);
    render(<ProfilePanel userId="u1" />);

    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Engineer at Analytical Engines')).toBeTruthy();
    expect(screen.getByText('#math')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(new URLSearchParams(location.search).get('profile_popover_tab')).toBe('about');
  });

  it('offers Logout and, to an admin, the Admin Panel on their own profile', async () => {
    answerUser(ada);
    render(<ProfilePanel userId="u1" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Admin Panel' }));

    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(modalStore.type).toBe('adminPanel');
  });

  it('hides the Admin Panel from members', async () => {
    session.user = { ...ada, role: 'USER' };
    answerUser({ ...ada, role: 'USER' });
    render(<ProfilePanel userId="u1" />);

    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Admin Panel' })).toBeNull();
  });

  it("offers a Message link on someone else's profile, and no contact details they did not share", async () => {
    session.user = { ...ada, features: [{ feature: 'messages', enabled: true }] };
    modalStore.type = 'profile';
    const {
      email: _email,
      phone: _phone,
      ...publicGrace
    } = { ...ada, id: 'u2', firstName: 'Grace', lastName: 'Hopper' };
    answerUser(publicGrace);
    render(<ProfilePanel userId="u2" />);

    const message = await screen.findByRole('link', { name: 'Message' });
    expect(message.getAttribute('href')).toBe('/community/conversations/u2');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByText('ada@example.com')).toBeNull();

    // Message closes the panel and opens the conversation.
    fireEvent.click(message);
    expect(modalStore.type).toBeNull();
    expect(location.pathname).toBe('/community/conversations/u2');
  });

  it('has no Message link for a viewer without the messages feature', async () => {
    answerUser({ ...ada, id: 'u2', firstName: 'Grace', lastName: 'Hopper', email: undefined });
    render(<ProfilePanel userId="u2" />);
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });
});
