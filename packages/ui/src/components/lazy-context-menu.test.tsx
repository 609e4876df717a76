// A context menu whose parts are not loaded yet (a file of its own: a fresh kit module): the
// right-click that asked for them opens it, placed at the pointer (./menu.tsx).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { Menu, menuParts } from './menu.tsx';

afterEach(cleanup);
// Test files share one module graph (vitest `isolate: false`): another file may have loaded them.
beforeAll(() => menuParts.forget());

/** Transforming Ark's modules on first import can take a while on a busy machine. */
const LOADING = { timeout: 15_000 };

it('opens on the first right-click, at the pointer', async () => {
  render(
    <Menu.Root>
      <Menu.ContextTrigger asChild>
        <span>A file</span>
      </Menu.ContextTrigger>
      <Menu.Content>
        <Menu.Item value="open">Open</Menu.Item>
      </Menu.Content>
    </Menu.Root>,
  );
  fireEvent.contextMenu(screen.getByText('A file'), { clientX: 40, clientY: 60 });
  const item = await screen.findByRole('menuitem', { name: 'Open' }, LOADING);
  const positioner = item.closest('[data-part="positioner"]') as HTMLElement;
  // Until Ark places it, the list waits off screen (--x, --y unset); placed, it is at the pointer.
  await waitFor(() => expect(positioner.style.getPropertyValue('--x')).toBe('40px'));
  expect(positioner.style.getPropertyValue('--y')).toMatch(/^\d+px$/);
});
