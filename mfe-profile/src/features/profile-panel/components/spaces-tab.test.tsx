import { modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aSpace } from '../../../test/fixtures.ts';
import { ok, serveApi } from '../../../test/serve-api.ts';
import { SpacesTab } from './spaces-tab.tsx';

const SPACES = 'GET /api/users/u2/spaces';

beforeEach(() => {
  modalStore.type = 'profile';
  history.replaceState(null, '', '/events?profile_popover_tab=spaces');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('spaces tab', () => {
  it('shows placeholders while it loads', () => {
    serveApi({ [SPACES]: () => 'hang' });
    render(<SpacesTab userId="u2" />);
    expect(screen.getByRole('status', { name: 'Loading spaces' })).toBeTruthy();
  });

  it('says "No spaces to show" when there is none the viewer may see', async () => {
    serveApi({ [SPACES]: () => ok({ items: [] }) });
    render(<SpacesTab userId="u2" />);
    expect(await screen.findByText('No spaces to show')).toBeTruthy();
  });

  it('links each space to its page and closes the panel', async () => {
    serveApi({ [SPACES]: () => ok({ items: [aSpace({ id: 's7', name: 'Makers', membersCount: 3 })] }) });
    render(<SpacesTab userId="u2" />);
    const link = await screen.findByRole('link', { name: /Makers/ });
    expect(link.textContent).toContain('3 members');
    expect(link.getAttribute('href')).toBe('/spaces/s7');
    fireEvent.click(link);
    expect(modalStore.type).toBeNull();
    expect(location.pathname).toBe('/spaces/s7');
  });

  it('shows the failure with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveApi({ [SPACES]: () => ({ status: 500, body: { error: 'Internal error' } }) });
    render(<SpacesTab userId="u2" />);
    expect(await screen.findByText('Unable to load spaces')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
