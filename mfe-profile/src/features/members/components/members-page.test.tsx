import { applyPresenceSnapshot, resetPresence, session } from '@community/api-client';
import type { DirectoryMember, LeaderboardEntry, User } from '@community/domain';
import { closeModal, modalStore } from '@community/ui';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTestFetch,
  json,
  type RecordedCall,
} from '../../../../../packages/api-client/src/test-fetch.ts';
import { MembersPage } from './members-page.tsx';

const viewer: User = {
  id: 'me',
  firstName: 'Grace',
  lastName: 'Hopper',
  pseudo: 'grace',
  job: 'Admiral',
  company: 'Navy',
  address: { city: 'Arlington', cityId: null, country: null, lat: null, lng: null },
  bio: null,
  interests: [],
  imageUrl: null,
  coverImageUrl: null,
  lastOfflineAt: null,
  role: 'USER',
  memberSince: '2025-01-01T00:00:00.000Z',
  contact: { email: null, phone: null },
  email: 'grace@example.com',
  phone: null,
  dateOfBirth: null,
  showEmail: false,
  showPhone: false,
  emailPreferences: { messages: true, mentions: true, events: true, digest: true, digestDay: 1 },
  timeZone: null,
  isBlocked: false,
  features: [{ feature: 'community', enabled: true }],
};

const member = (id: string, firstName: string, extra: Partial<DirectoryMember> = {}): DirectoryMember => ({
  id,
  firstName,
  lastName: 'Doe',
  pseudo: firstName.toLowerCase(),
  imageUrl: null,
  job: null,
  company: null,
  city: null,
  lastOfflineAt: '2026-01-01T10:00:00.000Z',
  ...extra,
});

const ada = member('u-ada', 'Ada', {
  lastName: 'Lovelace',
  job: 'Engineer',
  company: 'Analytical Engines',
  city: 'London',
  lastOfflineAt: null,
});
const bob = member('u-bob', 'Bob');

const entry = (
  user: DirectoryMember,
  posts: number,
  comments: number,
  messages: number,
): LeaderboardEntry => ({
  user: {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    pseudo: user.pseudo,
    imageUrl: user.imageUrl,
    lastOfflineAt: user.lastOfflineAt,
  },
  posts,
  comments,
  messages,
  total: posts + comments + messages,
});

type Routes = Parameters<typeof createTestFetch>[0];

function serve(routes: Partial<Routes> = {}) {
  const stub = createTestFetch({
    'GET /api/community/users': () => json(200, { items: [ada, bob], nextCursor: null }),
    'GET /api/users/leaderboard': () => json(200, { items: [entry(ada, 12, 3, 1)] }),
    'GET /api/users/most-active': () => json(200, { items: [entry(bob, 1, 0, 2)] }),
    ...routes,
  } as Routes);
  vi.stubGlobal('fetch', stub.fetch);
  return stub.calls;
}

/** A row of the member list (the widgets name the same members). */
async function findRow(name: string) {
  const list = await screen.findByRole('list', { name: 'Members' });
  return within(list).findByRole('button', { name: new RegExp(`^${name}`) });
}

const directoryCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/community/users')).map((call) => call.path);

beforeEach(() => {
  session.user = viewer;
  session.status = 'signed-in';
  history.replaceState(null, '', '/members');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetPresence();
  closeModal();
});

describe('members page', () => {
  it('shows 4 skeleton rows, then each member with pseudo, work, city and presence', async () => {
    serve();
    render(<MembersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Members' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading members' }).children).toHaveLength(4);

    const list = await screen.findByRole('list', { name: 'Members' });
    // Named by what it shows, the name first (WCAG 2.5.3 label in name).
    const row = within(list).getByRole('button', { name: /^Ada Lovelace.*@ada.*London/ });
    expect(row.textContent).toContain('@ada');
    expect(row.textContent).toContain('Engineer at Analytical Engines');
    expect(row.textContent).toContain('London');
    expect(within(row).getByTestId('member-presence').textContent).toBe('Online');
    expect(within(row).getByRole('img', { name: 'Online' })).toBeTruthy();
    const other = within(list).getByRole('button', { name: /^Bob Doe/ });
    expect(within(other).getByTestId('member-presence').textContent).toMatch(/^Last seen /);
  });

  it("keeps each row's online dot live", async () => {
    serve();
    render(<MembersPage />);
    const row = await findRow('Bob Doe');
    expect(within(row).getByRole('img', { name: 'Offline' })).toBeTruthy();
    await act(async () => applyPresenceSnapshot(['u-bob']));
    expect(within(row).getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(within(row).getByTestId('member-presence').textContent).toBe('Online');
  });

  it('searches once typing pauses for 300 ms, and keeps the search in the address', async () => {
    const calls = serve();
    render(<MembersPage />);
    await screen.findByRole('list', { name: 'Members' });
    const box = screen.getByRole('searchbox', { name: 'Search members' });
    const historyLength = history.length;

    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'ad' } });
    fireEvent.change(box, { target: { value: 'ada ' } });
    // Nothing is asked for while the member is typing.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(directoryCalls(calls)).toEqual(['/api/community/users?sort=name']);

    await waitFor(() =>
      expect(directoryCalls(calls)).toEqual([
        '/api/community/users?sort=name',
        '/api/community/users?search=ada&sort=name',
      ]),
    );
    expect(location.search).toBe('?search=ada');
    // The search replaces the current entry: Back does not step through what was typed.
    expect(history.length).toBe(historyLength);
  });

  it('sorts by recent activity, keeping the sort in the address', async () => {
    const calls = serve();
    render(<MembersPage />);
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.getByRole('button', { name: 'Name' }).getAttribute('aria-pressed')).toBe('true');
    const historyLength = history.length;

    fireEvent.click(screen.getByRole('button', { name: 'Recent activity' }));

    await waitFor(() => expect(directoryCalls(calls)).toContain('/api/community/users?sort=recent'));
    expect(location.search).toBe('?sort=recent');
    // A new order is a new history entry, so Back returns to the previous one.
    expect(history.length).toBe(historyLength + 1);
    expect(screen.getByRole('button', { name: 'Recent activity' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('restores search and sort from the address on load and on Back/Forward', async () => {
    history.replaceState(null, '', '/members?sort=recent&search=ada');
    const calls = serve();
    render(<MembersPage />);
    await screen.findByRole('list', { name: 'Members' });
    expect(directoryCalls(calls)).toEqual(['/api/community/users?search=ada&sort=recent']);
    expect((screen.getByRole('searchbox', { name: 'Search members' }) as HTMLInputElement).value).toBe('ada');
    expect(screen.getByRole('button', { name: 'Recent activity' }).getAttribute('aria-pressed')).toBe('true');

    // What Back does: the address changes underneath and the browser says so.
    await act(async () => {
      history.replaceState(null, '', '/members?search=bob');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(directoryCalls(calls)).toContain('/api/community/users?search=bob&sort=name'));
    expect((screen.getByRole('searchbox', { name: 'Search members' }) as HTMLInputElement).value).toBe('bob');
    expect(screen.getByRole('button', { name: 'Name' }).getAttribute('aria-pressed')).toBe('true');
    // The restored text is not written back over the address once the debounce runs out.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(location.search).toBe('?search=bob');
  });

  it('loads the next page with "Load more"', async () => {
    const calls = serve({
      'GET /api/community/users': [
        json(200, { items: [ada], nextCursor: 'c1' }),
        json(200, { items: [bob], nextCursor: null }),
      ],
    });
    render(<MembersPage />);
    await findRow('Ada Lovelace');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await findRow('Bob Doe')).toBeTruthy();
    expect(directoryCalls(calls)).toEqual([
      '/api/community/users?sort=name',
      '/api/community/users?sort=name&cursor=c1',
    ]);
    expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says "No users found" when nothing matches', async () => {
    serve({ 'GET /api/community/users': () => json(200, { items: [], nextCursor: null }) });
    render(<MembersPage />);
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = serve({
      'GET /api/community/users': [
        json(500, { error: 'Internal error' }),
        json(200, { items: [ada], nextCursor: null }),
      ],
    });
    render(<MembersPage />);
    expect(await screen.findByText('Unable to load members')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await findRow('Ada Lovelace')).toBeTruthy();
    expect(directoryCalls(calls)).toHaveLength(2);
  });

  it('opens the profile panel from a row', async () => {
    serve();
    render(<MembersPage />);
    fireEvent.click(await findRow('Ada Lovelace'));
    expect(modalStore.type).toBe('profile');
    expect(modalStore.props).toEqual({ userId: 'u-ada' });
  });

  it('tells a member without the community feature, without asking the API', () => {
    const calls = serve();
    session.user = { ...viewer, features: [{ feature: 'community', enabled: false }] };
    render(<MembersPage />);
    expect(screen.getByText('The members directory is not available to you')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Leaderboard' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Most active/ })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('activity widgets', () => {
  it('rank members with their counts, and open the profile panel', async () => {
    serve();
    render(<MembersPage />);
    const leaderboard = await screen.findByRole('region', { name: 'Leaderboard' });
    expect(within(leaderboard).getByText('Last 30 days')).toBeTruthy();
    const first = await within(leaderboard).findByRole('button', { name: /^1 Ada Lovelace/ });
    expect(first.textContent).toContain('1');
    expect(first.textContent).toContain('12 posts · 3 comments · 1 message');
    expect(within(first).getByRole('img', { name: 'Online' })).toBeTruthy();

    const week = screen.getByRole('region', { name: 'Most active this week' });
    expect(within(week).getByText('Last 7 days')).toBeTruthy();
    const bobEntry = await within(week).findByRole('button', { name: /^1 Bob Doe/ });
    expect(bobEntry.textContent).toContain('1 post · 0 comments · 2 messages');

    fireEvent.click(bobEntry);
    expect(modalStore.type).toBe('profile');
    expect(modalStore.props).toEqual({ userId: 'u-bob' });
  });

  it('have their own empty states', async () => {
    serve({
      'GET /api/users/leaderboard': () => json(200, { items: [] }),
      'GET /api/users/most-active': () => json(200, { items: [] }),
    });
    render(<MembersPage />);
    const leaderboard = screen.getByRole('region', { name: 'Leaderboard' });
    expect(await within(leaderboard).findByText('No activity in the last 30 days')).toBeTruthy();
    const week = screen.getByRole('region', { name: 'Most active this week' });
    expect(await within(week).findByText('No activity this week')).toBeTruthy();
  });

  it('show an error with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({
      'GET /api/users/leaderboard': [json(500, { error: 'Internal error' }), json(200, { items: [] })],
    });
    render(<MembersPage />);
    const leaderboard = screen.getByRole('region', { name: 'Leaderboard' });
    fireEvent.click(await within(leaderboard).findByRole('button', { name: 'Retry' }));
    expect(await within(leaderboard).findByText('No activity in the last 30 days')).toBeTruthy();
  });
});
