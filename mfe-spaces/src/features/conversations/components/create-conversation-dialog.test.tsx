import { modalStore } from '@community/ui';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateConversationDialog } from './create-conversation-dialog.tsx';

const sofia = {
  id: 'u-sofia',
  firstName: 'Sofia',
  lastName: 'Rossi',
  pseudo: 'sofia_rossi',
  imageUrl: null,
  lastOfflineAt: null,
};
const sam = {
  id: 'u-sam',
  firstName: 'Sam',
  lastName: 'Stone',
  pseudo: 'sam',
  imageUrl: null,
  lastOfflineAt: null,
};

/** The conversation user search: members whose name starts with the term. */
function serveSearch() {
  const searched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), location.origin);
      const term = url.searchParams.get('SearchName') ?? '';
      searched.push(term);
      const items = [sofia, sam].filter((user) =>
        user.firstName.toLowerCase().startsWith(term.toLowerCase()),
      );
      return new Response(JSON.stringify({ items }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return searched;
}

beforeEach(() => {
  history.replaceState(null, '', '/events');
  modalStore.type = 'createConversation';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('createConversation dialog', () => {
  it('searches once typing stops, and says "No users found"', async () => {
    const searched = serveSearch();
    render(<CreateConversationDialog />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search members by name' }), 'zzqx');
    expect(await screen.findByText('No users found')).toBeTruthy();
    // 500 ms after the last keystroke: one search for the whole word, not one per letter.
    expect(searched).toEqual(['zzqx']);
  });

  it('is complete from the keyboard: arrows mark a member, Enter opens the conversation', async () => {
    serveSearch();
    render(<CreateConversationDialog />);
    const search = screen.getByRole('combobox', { name: 'Search members by name' });
    await userEvent.type(search, 's');
    expect(await screen.findByRole('option', { name: /Sofia Rossi/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Sofia Rossi/ }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    const samOption = screen.getByRole('option', { name: /Sam Stone/ });
    expect(samOption.getAttribute('aria-selected')).toBe('true');
    expect(search.getAttribute('aria-activedescendant')).toBe(samOption.id);
    await userEvent.keyboard('{Enter}');
    expect(location.pathname).toBe('/community/conversations/u-sam');
    expect(modalStore.type).toBeNull();
  });
});
