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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('space page', () => {
  it('shows why a private space cannot be opened instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(403, { error: 'You are not a member of this space.' });
    render(<SpacePage id="3f0c8f7e-1111-4222-8333-944445555666" />);
    expect(await screen.findByText('You are not a member of this space.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });

  it('says so when the space does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(404, { error: 'Space not found' });
    render(<SpacePage id="3f0c8f7e-1111-4222-8333-944445555666" />);
    expect(await screen.findByText('Space not found')).toBeTruthy();
  });

  it('reads ?searchCursor= as a sequence number only', () => {
    expect(searchCursorOf('42')).toBe(42);
    expect(searchCursorOf(null)).toBeUndefined();
    expect(searchCursorOf('0')).toBeUndefined();
    expect(searchCursorOf('4.5')).toBeUndefined();
    expect(searchCursorOf('abc')).toBeUndefined();
  });
});
