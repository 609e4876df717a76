import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NotificationsBell } from './notifications-bell.tsx';
import { notifications } from './notifications-store.ts';

afterEach(cleanup);

describe('notifications bell', () => {
  it('shows the unread count before the menu is loaded, and opens the menu on the first click', async () => {
    act(() => {
      notifications.state.unreadCount = 3;
    });
    render(
      <Router hook={memoryLocation({ path: '/events' }).hook}>
        <NotificationsBell />
      </Router>,
    );
    const bell = screen.getByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(bell);
    // The menu's module is imported on this first click.
    expect(await screen.findByRole('menuitem', { name: 'Mark all as read' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Notifications, 3 unread' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.getByTestId('notifications-badge').textContent).toBe('3');
  });
});
