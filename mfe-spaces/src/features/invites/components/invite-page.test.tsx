import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { InvitePage, PAID_SPACE_NOTE } from './invite-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const space = {
  id: 's1',
  name: 'Makers',
  description: 'We build things.',
  type: 'PRIVATE',
  color: '#3B82F6',
  inviteCode: null,
  adminId: 'u9',
  membersCount: 9,
  isMember: false,
};
const invitedBy = { id: 'u9', firstName: 'Olivia', lastName: 'Owner', imageUrl: null };

let calls: { method: string; url: string }[];
let preview: Record<string, unknown>;

beforeEach(() => {
  calls = [];
  preview = { space, invitedBy, isMember: false };
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (url.includes('/api/spaces/invite/old')) {
        return json({ error: 'This invite link is invalid or has been replaced.' }, 404);
      }
      if (method === 'POST') return json({ ...space, membersCount: 10 });
      return json(preview);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(code = 'abc') {
  const location = memoryLocation({ path: `/spaces/invite/${code}`, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <InvitePage inviteCode={code} />
    </Router>,
  );
  return location;
}

describe('the invite link page', () => {
  it('shows the space and who invited, and joins only on Join space', async () => {
    const location = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Makers' })).toBeTruthy();
    expect(screen.getByText('Olivia Owner invited you to join')).toBeTruthy();
    expect(screen.getByText('Private')).toBeTruthy();
    expect(screen.getByText('9 members')).toBeTruthy();
    expect(screen.getByText('We build things.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', url: '/api/spaces/invite/abc' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Join space' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/spaces/s1'));
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/spaces/invite/abc' });
  });

  it('offers a member Open space, and says what a paid space means to others', async () => {
    preview = { space: { ...space, type: 'PAID' }, invitedBy, isMember: true };
    renderPage();
    const open = await screen.findByRole('link', { name: 'Open space' });
    expect(open.getAttribute('href')).toBe('/spaces/s1');
    expect(screen.queryByRole('button', { name: 'Join space' })).toBeNull();
    expect(screen.queryByText(PAID_SPACE_NOTE)).toBeNull();
    cleanup();

    preview = { space: { ...space, type: 'PAID' }, invitedBy, isMember: false };
    renderPage();
    expect(await screen.findByText(PAID_SPACE_NOTE)).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
  });

  it('shows the API’s message for an old link, with a way home, and joins nothing', async () => {
    renderPage('old');
    expect(await screen.findByText('This invite link is invalid or has been replaced.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' })).toBeTruthy();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });
});
