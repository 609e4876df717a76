import { session } from '@community/api-client';
import type { FeatureKey } from '@community/domain';
import { modalStore } from '@community/ui';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, publicViewOf } from '../../../test/fixtures.ts';
import { type ApiRoute, ok, serveApi } from '../../../test/serve-api.ts';
import { ProfilePanel } from './profile-panel.tsx';

/** The viewer's switches for the panel's own rules: another member's profile needs `community`. */
const on = (...features: FeatureKey[]) => features.map((feature) => ({ feature, enabled: true }));
const ada = aUser({ features: on('community', 'events') });
const grace = publicViewOf(
  aUser({ id: 'u2', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }),
);

function answerUser(user: unknown, extra: Record<string, ApiRoute> = {}) {
  return serveApi({
    'GET /api/users/u1': () => ok({ user }),
    'GET /api/users/u2': () => ok({ user }),
    ...extra,
  });
}

const tabParam = () => new URLSearchParams(location.search).get('profile_popover_tab');

beforeEach(() => {
  session.user = ada;
  session.status = 'signed-in';
  modalStore.type = 'profile';
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

  it('says "User not found" on a 404', async () => {
    serveApi({ 'GET /api/users/missing': () => ({ status: 404, body: { error: 'User not found' } }) });
    render(<ProfilePanel userId="missing" />);
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(screen.queryByText('Unable to load user')).toBeNull();
  });

  it('says "Unable to load user" when the call fails, and Retry asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = [
      { status: 500, body: { error: 'Internal error' } },
      { status: 200, body: { user: grace } },
    ];
    serveApi({ 'GET /api/users/u2': () => answers.shift() ?? 'hang' });
    render(<ProfilePanel userId="u2" />);
    expect(await screen.findByText('Unable to load user')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
  });

  it('shows one’s own profile at once from the session, then what the server answers', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(<ProfilePanel userId="u1" />);
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    await act(async () => answer(Response.json({ user: { ...ada, job: 'Mathematician', company: null } })));
    expect(screen.getByText('Mathematician')).toBeTruthy();
  });

  it('keeps one’s own profile on screen when refreshing it fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveApi({ 'GET /api/users/u1': () => ({ status: 500, body: { error: 'Internal error' } }) });
    render(<ProfilePanel userId="u1" />);
    // The failure has been handled once it is logged.
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByText('Unable to load user')).toBeNull();
  });

  it('shows the profile with interests prefixed by #, and keeps the tab in the address', async () => {
    answerUser(ada);
    render(<ProfilePanel userId="u1" />);

    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Engineer at Analytical Engines')).toBeTruthy();
    expect(screen.getByText('London, United Kingdom')).toBeTruthy();
    expect(screen.getByText('#math')).toBeTruthy();
    expect(screen.getByText('Member since October 2026')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(tabParam()).toBe('about');
  });

  it('offers the five tabs; opening one writes it to the address and only then loads its data', async () => {
    const calls = answerUser(ada, { 'GET /api/users/u1/spaces': () => ok({ items: [] }) });
    render(<ProfilePanel userId="u1" />);
    await screen.findByText('Ada Lovelace');

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['About', 'Activity', 'Events', 'Spaces', 'Media']);
    // Opening the panel costs one call: the header's.
    expect(calls).toEqual(['GET /api/users/u1']);

    await userEvent.click(screen.getByRole('tab', { name: 'Spaces' }));
    expect(await screen.findByText('No spaces to show')).toBeTruthy();
    expect(tabParam()).toBe('spaces');
    expect(calls).toEqual(['GET /api/users/u1', 'GET /api/users/u1/spaces']);
  });

  it('opens on the tab a deep link names', async () => {
    history.replaceState(null, '', '/events?profile_popover_tab=events');
    answerUser(ada, { 'GET /api/users/u1/events': () => ok({ upcoming: [], past: [] }) });
    render(<ProfilePanel userId="u1" />);
    expect(await screen.findByText('No events to show')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('true');
  });

  it('falls back to About for an unknown tab in the address', async () => {
    history.replaceState(null, '', '/events?profile_popover_tab=nonsense');
    answerUser(ada);
    render(<ProfilePanel userId="u1" />);
    await screen.findByText('Ada Lovelace');
    expect(tabParam()).toBe('about');
  });

  it('offers Edit Profile, Logout and, to an admin, the Admin Panel on their own profile', async () => {
    answerUser(ada);
    render(<ProfilePanel userId="u1" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Admin Panel' }));
    expect(modalStore.type).toBe('adminPanel');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(modalStore.type).toBe('editProfile');
    expect(modalStore.props).toEqual({ returnTo: 'profile' });
  });

  it('shows one’s own email and phone, whatever is shown to others', async () => {
    const me = aUser({ phone: '+41441234567', showEmail: false, showPhone: false });
    session.user = me;
    answerUser(me);
    render(<ProfilePanel userId="u1" />);
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('+41441234567')).toBeTruthy();
  });

  it('hides the Admin Panel from members', async () => {
    session.user = { ...ada, role: 'USER' };
    answerUser({ ...ada, role: 'USER' });
    render(<ProfilePanel userId="u1" />);

    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Admin Panel' })).toBeNull();
  });

  it("offers a Message link on someone else's profile, and no contact details they did not share", async () => {
    session.user = { ...ada, features: on('community', 'messages') };
    answerUser(grace);
    render(<ProfilePanel userId="u2" />);

    const message = await screen.findByRole('link', { name: 'Message' });
    expect(message.getAttribute('href')).toBe('/community/conversations/u2');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    expect(screen.queryByText('grace@example.com')).toBeNull();
    expect(screen.queryByText('Contact')).toBeNull();

    // Message closes the panel and opens the conversation.
    fireEvent.click(message);
    expect(modalStore.type).toBeNull();
    expect(location.pathname).toBe('/community/conversations/u2');
  });

  it('shows the contact fields another member chose to show', async () => {
    answerUser({ ...grace, contact: { email: 'grace@example.com', phone: null } });
    render(<ProfilePanel userId="u2" />);
    const contact = (await screen.findByText('Contact')).closest('section') as HTMLElement;
    expect(within(contact).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe(
      'mailto:grace@example.com',
    );
  });

  it('has no Message link for a viewer without the messages feature', async () => {
    answerUser(grace);
    render(<ProfilePanel userId="u2" />);
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });

  it('leaves the Events tab out for a viewer without the events feature, also at ?profile_popover_tab=events', async () => {
    history.replaceState(null, '', '/events?profile_popover_tab=events');
    session.user = { ...ada, features: on('community') };
    const calls = answerUser(ada);
    render(<ProfilePanel userId="u1" />);
    await screen.findByText('Ada Lovelace');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'About',
      'Activity',
      'Spaces',
      'Media',
    ]);
    expect(screen.getByRole('tab', { name: 'About' }).getAttribute('aria-selected')).toBe('true');
    expect(calls).not.toContain('GET /api/users/u1/events');
  });

  it('says the community feature is off instead of another member’s profile, and does not ask for it', async () => {
    session.user = { ...ada, features: on('messages', 'events') };
    const calls = answerUser(grace);
    render(<ProfilePanel userId="u2" />);
    expect(screen.getByText('The community feature is not enabled for your account.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('still shows one’s own profile without the community feature', async () => {
    session.user = { ...ada, features: [] };
    answerUser({ ...ada, features: [] });
    render(<ProfilePanel userId="u1" />);
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('shows the API’s refusal in its words', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveApi({
      'GET /api/users/u2': () => ({
        status: 403,
        body: { error: 'The community feature is not enabled for your account.' },
      }),
    });
    render(<ProfilePanel userId="u2" />);
    expect(await screen.findByText('The community feature is not enabled for your account.')).toBeTruthy();
    expect(screen.queryByText('Unable to load user')).toBeNull();
  });
});
