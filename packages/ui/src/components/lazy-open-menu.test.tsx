// A menu rendered open before the kit's menu parts are loaded (a file of its own: a fresh kit
// module), as the notifications menu is when the bell's first click brings it in: it opens as soon
// as its parts are there, with no second click (./menu.tsx).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Menu, menuParts } from './menu.tsx';

afterEach(cleanup);
// Test files share one module graph (vitest `isolate: false`): another file may have loaded them.
beforeAll(() => menuParts.forget());

it('opens by itself once its parts arrive', async () => {
  render(
    <Menu.Root defaultOpen>
      <Menu.Trigger asChild>
        <Button>Notifications</Button>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.Item value="read">Mark all as read</Menu.Item>
      </Menu.Content>
    </Menu.Root>,
  );
  expect(await screen.findByRole('menuitem', { name: 'Mark all as read' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Notifications' }).getAttribute('aria-expanded')).toBe('true');
});
