import { toaster } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import type { EmailSuppression } from '../api/email-suppressions.ts';
import {
  BouncedEmailsCard,
  clearedMessage,
  NO_BOUNCES,
  SUPPRESSION_CLEAR_FAILED,
  SUPPRESSIONS_FETCH_FAILED,
} from './bounced-emails-card.tsx';

const LIST = 'GET /api/admin-panel/email-suppressions';
const gone: EmailSuppression = {
  email: 'gone@example.com',
  reason: '550 5.1.1 No such user',
  kind: 'invitation',
  createdAt: '2026-11-28T06:00:00.000Z',
};
const full: EmailSuppression = {
  email: 'full+box@example.com',
  reason: '552 5.2.2 Mailbox full',
  kind: 'unread-messages',
  createdAt: '2026-11-27T09:30:00.000Z',
};

let toastSpy: MockInstance<(typeof toaster)['create']>;
const toasts = () =>
  toastSpy.mock.calls.map(([options]) => ({
    type: (options as { type: string }).type,
    title: (options as { title: string }).title,
  }));

beforeEach(() => {
  toastSpy = vi.spyOn(toaster, 'create');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the bounced email addresses card', () => {
  it('lists each address with the server’s answer, the email that bounced and when', async () => {
    const api = mockApi({ [LIST]: { body: { items: [gone, full], nextCursor: null } } });
    render(<BouncedEmailsCard />);
    const list = await screen.findByRole('list', { name: 'Bounced email addresses' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('gone@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('550 5.1.1 No such user')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Invitation/)).toBeTruthy();
    expect(rows[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(gone.createdAt);
    expect(within(rows[1]!).getByText('552 5.2.2 Mailbox full')).toBeTruthy();
    expect(within(rows[1]!).getByText(/Unread messages/)).toBeTruthy();
    expect(api.calls[0]?.url).toBe('/api/admin-panel/email-suppressions?limit=20');
  });

  it('says when no address has bounced', async () => {
    mockApi({ [LIST]: { body: { items: [], nextCursor: null } } });
    render(<BouncedEmailsCard />);
    expect(await screen.findByText(NO_BOUNCES)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
  });

  it('clears one without asking, takes it off the list and says so', async () => {
    const api = mockApi({
      [LIST]: { body: { items: [gone, full], nextCursor: null } },
      'DELETE /api/admin-panel/email-suppressions/full%2Bbox%40example.com': { body: { email: full.email } },
    });
    render(<BouncedEmailsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear full+box@example.com' }));

    await waitFor(() => expect(screen.queryByText('full+box@example.com')).toBeNull());
    expect(screen.getByText('gone@example.com')).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'DELETE',
        url: '/api/admin-panel/email-suppressions/full%2Bbox%40example.com',
        body: undefined,
      },
    ]);
    expect(toasts()).toEqual([{ type: 'success', title: clearedMessage('full+box@example.com') }]);
  });

  it('keeps the address and says why when clearing fails; drops it when it was cleared already', async () => {
    mockApi({
      [LIST]: { body: { items: [gone, full], nextCursor: null } },
      'DELETE /api/admin-panel/email-suppressions/gone%40example.com': {
        status: 500,
        body: { error: 'Internal server error' },
      },
      'DELETE /api/admin-panel/email-suppressions/full%2Bbox%40example.com': {
        status: 404,
        body: { error: 'This address is not on the list of bounced addresses.' },
      },
    });
    render(<BouncedEmailsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear gone@example.com' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: SUPPRESSION_CLEAR_FAILED }]));
    expect(screen.getByText('gone@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear full+box@example.com' }));
    await waitFor(() => expect(screen.queryByText('full+box@example.com')).toBeNull());
  });

  it('pages with Load more', async () => {
    mockApi({
      [LIST]: (_body, url) =>
        url.includes('cursor=')
          ? { body: { items: [full], nextCursor: null } }
          : { body: { items: [gone], nextCursor: 'next' } },
    });
    render(<BouncedEmailsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('full+box@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says it could not load them, inside the card, and tries again on Retry', async () => {
    let fail = true;
    mockApi({
      [LIST]: () =>
        fail
          ? { status: 500, body: { error: 'Internal server error' } }
          : { body: { items: [gone], nextCursor: null } },
    });
    render(<BouncedEmailsCard />);
    expect(await screen.findByText(SUPPRESSIONS_FETCH_FAILED)).toBeTruthy();
    expect(toasts()).toEqual([]);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('gone@example.com')).toBeTruthy();
  });
});
