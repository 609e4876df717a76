import { session } from '@community/api-client';
import type { FeatureKey, User } from '@community/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RoomConnector, setRoomConnector } from '../lib/posts-rooms.ts';
import { ME, makePost } from '../test-helpers.ts';
import { CommunityWall } from './community-wall.tsx';

const rooms: string[] = [];
const connector: RoomConnector = (spaceId) => {
  rooms.push(spaceId);
  return { close: () => {} };
};

function answer(routes: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      calls.push(`${url.pathname}${url.search}`);
      const body = routes[url.pathname];
      return new Response(JSON.stringify(body ?? { error: 'Not found' }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

beforeEach(() => {
  rooms.length = 0;
  setRoomConnector(connector);
  session.user = member(['posts', 'events']);
});

/** The signed-in member with these features on (and no others). */
const member = (features: FeatureKey[]) =>
  ({
    ...ME,
    firstName: 'Me',
    lastName: 'Myself',
    features: features.map((feature) => ({ feature, enabled: true })),
  }) as unknown as User;

afterEach(() => {
  cleanup();
  setRoomConnector(null);
  session.user = null;
  vi.unstubAllGlobals();
});

describe('community wall (Home)', () => {
  it('shows the next events above the posts of every space, and listens to each space it may read', async () => {
    const calls = answer({
      '/api/events': {
        items: [{ id: 'e1', title: 'Design meetup', startDate: '2030-01-10T18:00:00.000Z' }],
        nextCursor: null,
      },
      '/api/spaces': {
        items: [
          { id: 's1', name: 'Design', type: 'PRIVATE', isMember: true },
          { id: 's2', name: 'Random', type: 'PUBLIC', isMember: false },
          // Listed to everyone, read by its members only: its rooms would refuse the ticket.
          { id: 's3', name: 'Founders', type: 'PAID', isMember: false },
        ],
      },
      '/api/posts': {
        items: [makePost('p1', { title: 'From design' }), makePost('p2', { spaceId: 's2' })],
        nextCursor: null,
      },
    });
    render(<CommunityWall />);
    const strip = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(
      within(strip)
        .getByRole('link', { name: /Design meetup/ })
        .getAttribute('href'),
    ).toBe('/events/e1');
    expect(within(strip).getByRole('link', { name: 'See all events' }).getAttribute('href')).toBe('/events');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByText('· Design')).toBeTruthy();
    expect(screen.getByText('· Random')).toBeTruthy();
    // The community wall: no spaceId, newest first; Home posts through its prompt, not a New post button.
    expect(calls.find((call) => call.startsWith('/api/posts'))).toBe('/api/posts?sortBy=recent&limit=10');
    expect(calls).toContain('/api/events?published=true&when=upcoming&limit=3');
    expect(screen.queryByRole('button', { name: 'New post' })).toBeNull();
    await waitFor(() => expect(rooms.sort()).toEqual(['s1', 's2']));
  });

  it('leaves the strip out when there are no upcoming events', async () => {
    answer({
      '/api/events': { items: [], nextCursor: null },
      '/api/spaces': { items: [] },
      '/api/posts': { items: [], nextCursor: null },
    });
    render(<CommunityWall />);
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Upcoming events' })).toBeNull();
  });

  it('leaves the events strip out without the events feature, and does not ask for events', async () => {
    session.user = member(['posts', 'livewall']);
    const calls = answer({
      '/api/events': { items: [{ id: 'e1', title: 'Design meetup', startDate: '2030-01-10T18:00:00.000Z' }] },
      '/api/spaces': { items: [{ id: 's1', name: 'Design' }] },
      '/api/posts': { items: [makePost('p1')], nextCursor: null },
    });
    render(<CommunityWall />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Upcoming events' })).toBeNull();
    expect(calls.some((call) => call.startsWith('/api/events'))).toBe(false);
  });

  it('keeps the wall readable without the posts feature, with no Like or Comments', async () => {
    session.user = member(['livewall']);
    answer({
      '/api/spaces': { items: [{ id: 's1', name: 'Design' }] },
      '/api/posts': { items: [makePost('p1', { title: 'Read only' })], nextCursor: null },
    });
    render(<CommunityWall />);
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'Read only' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Like/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Comments/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New post' })).toBeNull();
  });

  it('starts with the composer prompt for a member with posts who belongs to a space, only then', async () => {
    const prompt = 'Share something with the community…';
    const spaces = [
      { id: 's1', name: 'Design', type: 'PRIVATE', isMember: true },
      { id: 's2', name: 'Random', type: 'PUBLIC', isMember: false },
    ];
    answer({ '/api/spaces': { items: spaces }, '/api/posts': { items: [], nextCursor: null } });
    render(<CommunityWall />);
    expect(await screen.findByRole('button', { name: prompt })).toBeTruthy();
    cleanup();

    // Reading public spaces only: nowhere to post, so no prompt once the spaces are known.
    answer({ '/api/spaces': { items: [spaces[1]] }, '/api/posts': { items: [], nextCursor: null } });
    render(<CommunityWall />);
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: prompt })).toBeNull());
    cleanup();

    // Without the posts feature the wall is read only.
    session.user = member(['livewall']);
    answer({ '/api/spaces': { items: spaces }, '/api/posts': { items: [], nextCursor: null } });
    render(<CommunityWall />);
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: prompt })).toBeNull();
  });

  it('shows the prompt before the spaces answer, so the page does not move down when they do', async () => {
    let answerSpaces: () => void = () => {};
    const spacesAnswered = new Promise<void>((resolve) => (answerSpaces = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const { pathname } = new URL(input, 'http://x');
        if (pathname === '/api/spaces') await spacesAnswered;
        const body =
          pathname === '/api/spaces'
            ? { items: [{ id: 's1', name: 'Design', type: 'PRIVATE', isMember: true }] }
            : { items: [], nextCursor: null };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(<CommunityWall />);
    const prompt = screen.getByRole('button', { name: 'Share something with the community…' });
    answerSpaces();
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share something with the community…' })).toBe(prompt);
  });

  it('greets a newcomer with the welcome, the events inside it, until they dismiss it', async () => {
    const general = {
      id: 'g1',
      name: 'General',
      type: 'PUBLIC',
      isMember: false,
      membersCount: 26,
      faces: [],
    };
    const calls = answer({
      '/api/welcome': {
        show: true,
        communityName: 'Demo',
        welcomeText: 'Hello there.\nSay hi.',
        suggestions: [general],
        introductionSpaceId: 'g1',
      },
      '/api/welcome/dismissal': {},
      '/api/events': {
        items: [{ id: 'e1', title: 'Design meetup', startDate: '2030-01-10T18:00:00.000Z' }],
        nextCursor: null,
      },
      '/api/spaces': { items: [general] },
      '/api/posts': { items: [], nextCursor: null },
    });
    render(<CommunityWall />);
    const welcome = await screen.findByRole('region', { name: 'Welcome to Demo' });
    expect(within(welcome).getByText(/Hello there\./)).toBeTruthy();
    expect(within(welcome).getByRole('button', { name: 'Introduce yourself' })).toBeTruthy();
    const suggested = within(welcome).getByRole('region', { name: 'Spaces to join' });
    expect(within(suggested).getByText('General')).toBeTruthy();
    expect(within(suggested).getByRole('button', { name: 'Join' })).toBeTruthy();
    // The upcoming events are in the card, not a second time below it.
    expect(await within(welcome).findByRole('link', { name: /Design meetup/ })).toBeTruthy();
    expect(screen.getAllByRole('region', { name: 'Upcoming events' })).toHaveLength(1);

    within(welcome).getByRole('button', { name: 'Dismiss the welcome' }).click();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Welcome to Demo' })).toBeNull());
    expect(calls).toContain('/api/welcome/dismissal');
    expect(await screen.findByRole('region', { name: 'Upcoming events' })).toBeTruthy();
  });
});
