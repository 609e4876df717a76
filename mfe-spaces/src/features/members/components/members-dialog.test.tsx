import { applyPresenceChange, applyPresenceSnapshot, resetPresence } from '@community/api-client';
import type { JoinRequest, SpaceMember } from '@community/domain';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MembersDialog } from './members-dialog.tsx';

const SPACE_ID = '3f0c8f7e-1111-4222-8333-944445555666';
const space = {
  id: SPACE_ID,
  name: 'Designers',
  description: 'A place for designers',
  type: 'PRIVATE',
  color: '#3B82F6',
  inviteCode: 'abc',
  adminId: 'u-admin',
  membersCount: 2,
  isMember: true,
};

const member = (
  id: string,
  role: SpaceMember['role'],
  firstName: string,
  email: string | null,
): SpaceMember => ({
  id,
  userId: `u-${id}`,
  role,
  user: { firstName, lastName: 'Doe', email, imageUrl: null, lastOfflineAt: null },
});

/** Answers the space and its members as the server does for the given caller. */
function serve(members: SpaceMember[], requests: JoinRequest[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), location.origin).pathname;
      const body = path.endsWith('/members')
        ? { items: members }
        : path.endsWith('/join-requests')
          ? { items: requests }
          : { space, role: 'ADMIN' };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetPresence();
});

describe('members dialog', () => {
  it("shows each member's online dot, live", async () => {
    const away = { ...member('b', 'GUEST', 'Bob', null) };
    away.user = { ...away.user, lastOfflineAt: '2026-11-23T10:00:00.000Z' };
    serve([member('a', 'ADMIN', 'Ada', null), away]);
    render(<MembersDialog spaceId={SPACE_ID} />);
    // Before the presence room speaks, the API's lastOfflineAt decides.
    const ada = await screen.findByRole('listitem', { name: 'Ada Doe' });
    const bob = screen.getByRole('listitem', { name: 'Bob Doe' });
    expect(within(ada).getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(within(bob).getByRole('img', { name: 'Offline' })).toBeTruthy();
    await act(async () => applyPresenceSnapshot(['u-b']));
    expect(within(ada).getByRole('img', { name: 'Offline' })).toBeTruthy();
    expect(within(bob).getByRole('img', { name: 'Online' })).toBeTruthy();
    await act(async () => applyPresenceChange('u-b', '2026-11-23T12:00:00.000Z'));
    expect(within(bob).getByRole('img', { name: 'Offline' })).toBeTruthy();
  });

  it('lists members without emails for a space admin who is not a community admin, and still manages them', async () => {
    // The server sends null for other members' emails unless the caller is a community admin.
    serve([member('a', 'ADMIN', 'Ada', 'ada@example.com'), member('b', 'GUEST', 'Bob', null)]);
    render(<MembersDialog spaceId={SPACE_ID} />);
    const bob = await screen.findByRole('listitem', { name: 'Bob Doe' });
    expect(bob.textContent).not.toMatch(/@/);
    expect(within(bob).getByRole('button', { name: 'Kick Bob Doe' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add members' })).toBeTruthy();
  });

  it('shows an email when the server sends one (community admins)', async () => {
    serve([member('a', 'ADMIN', 'Ada', 'ada@example.com'), member('b', 'GUEST', 'Bob', 'bob@example.com')]);
    render(<MembersDialog spaceId={SPACE_ID} />);
    const bob = await screen.findByRole('listitem', { name: 'Bob Doe' });
    expect(within(bob).getByText('bob@example.com')).toBeTruthy();
  });

  it("shows a private space's pending requests to join, each with Approve and Decline", async () => {
    const request: JoinRequest = {
      id: 'r1',
      createdAt: '2026-11-23T10:00:00.000Z',
      user: { id: 'u-c', firstName: 'Cleo', lastName: 'Doe', imageUrl: null },
    };
    serve([member('a', 'ADMIN', 'Ada', null)], [request]);
    render(<MembersDialog spaceId={SPACE_ID} />);
    const requests = await screen.findByRole('region', { name: 'Requests to join (1)' });
    const cleo = within(requests).getByRole('listitem', { name: 'Cleo Doe' });
    expect(within(cleo).getByRole('button', { name: 'Approve Cleo Doe' })).toBeTruthy();
    expect(within(cleo).getByRole('button', { name: 'Decline Cleo Doe' })).toBeTruthy();
  });
});
