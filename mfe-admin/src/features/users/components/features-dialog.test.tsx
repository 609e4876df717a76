import { toaster } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser } from '../../../test/users.ts';
import { FeaturesDialog } from './features-dialog.tsx';

const PATH = 'PATCH /api/admin-panel/users/u1?operation=updateFeatures';
let toastSpy: MockInstance<(typeof toaster)['create']>;

beforeEach(() => {
  toastSpy = vi.spyOn(toaster, 'create');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('features dialog', () => {
  it('shows the eight switches in the user’s current state', () => {
    mockApi({});
    render(
      <FeaturesDialog
        user={makeUser('u1', 'Ann', { enabled: ['events', 'spaces'] })}
        onSaved={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const switches = screen.getAllByRole('switch') as HTMLInputElement[];
    expect(switches.map((s) => s.closest('label')?.textContent)).toEqual([
      'Livewall',
      'Posts',
      'Community',
      'Messages',
      'Events',
      'Content',
      'Spaces',
      'Livestream',
    ]);
    expect(switches.filter((s) => s.checked).map((s) => s.closest('label')?.textContent)).toEqual([
      'Events',
      'Spaces',
    ]);
  });

  it('switches one feature off at once and says "User features updated successfully"', async () => {
    const saved = makeUser('u1', 'Ann', { enabled: ['spaces'] });
    const api = mockApi({ [PATH]: { body: { user: saved } } });
    const onSaved = vi.fn();
    render(
      <FeaturesDialog
        user={makeUser('u1', 'Ann', { enabled: ['events', 'spaces'] })}
        onSaved={onSaved}
        onClose={vi.fn()}
      />,
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Events' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        url: '/api/admin-panel/users/u1?operation=updateFeatures',
        body: { features: [{ feature: 'events', enabled: false }] },
      },
    ]);
    expect((screen.getByRole('switch', { name: 'Events' }) as HTMLInputElement).checked).toBe(false);
    expect(toastSpy).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', title: 'User features updated successfully' }),
    );
  });

  it('flips the switch back and shows the server’s text when the change is refused', async () => {
    mockApi({
      [PATH]: { status: 403, body: { error: 'You do not have permission to perform this action.' } },
    });
    render(<FeaturesDialog user={makeUser('u1', 'Ann')} onSaved={vi.fn()} onClose={vi.fn()} />);

    fireEvent.click(screen.getByRole('switch', { name: 'Posts' }));

    await waitFor(() =>
      expect(toastSpy).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'error',
          title: 'You do not have permission to perform this action.',
        }),
      ),
    );
    expect((screen.getByRole('switch', { name: 'Posts' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says "Something went wrong" when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    render(<FeaturesDialog user={makeUser('u1', 'Ann')} onSaved={vi.fn()} onClose={vi.fn()} />);

    fireEvent.click(screen.getByRole('switch', { name: 'Posts' }));

    await waitFor(() =>
      expect(toastSpy).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', title: 'Something went wrong' }),
      ),
    );
  });
});
