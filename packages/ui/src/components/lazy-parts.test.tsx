// The kit's Menu, Dialog and Toaster download Ark's parts on first use (./menu.tsx, ./dialog.tsx,
// ./toaster.tsx). The tests
// run in one module instance, in order: the first menu and dialog wait for their parts, later ones
// render Ark's parts at once.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast, toaster } from '../toast.ts';
import { Button } from './button.tsx';
import { Dialog, dialogParts } from './dialog.tsx';
import { Menu, menuParts } from './menu.tsx';
import { Toaster } from './toaster.tsx';

afterEach(cleanup);
// Test files share one module graph (vitest `isolate: false`): another file may have loaded them.
beforeAll(() => {
  menuParts.forget();
  dialogParts.forget();
});

/** Transforming Ark's modules on first import can take a while on a busy machine. */
// The first load of Ark's parts is vitest transforming them on demand: seconds on a busy 2-core
// machine (it once took over 5 s in a run beside the API suite). The wait is for the load, not a budget.
const LOADING = { timeout: 15_000 };
const SLOW_LOAD = 20_000;

function ActionsMenu({ onSelect }: { onSelect: (value: string) => void }) {
  return (
    <Menu.Root onSelect={(details) => onSelect(details.value)}>
      <Menu.Trigger asChild>
        <Button>Actions</Button>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.Item value="edit">Edit</Menu.Item>
        <Menu.Item value="delete" tone="danger">
          Delete
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}

describe('Menu', () => {
  it(
    'is a labelled menu button before its parts load, and the first click opens the menu',
    async () => {
      const onSelect = vi.fn();
      render(<ActionsMenu onSelect={onSelect} />);
      const trigger = screen.getByRole('button', { name: 'Actions' });
      expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
      expect(trigger.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('menuitem')).toBeNull();

      // The trigger is clicked without a hover first: a hover starts the download too, and parts already
      // in the module graph (another file loaded them) would replace the trigger between the hover and
      // the click, which would then land on a detached button.
      const user = userEvent.setup();
      await userEvent.setup({ skipHover: true }).click(trigger);
      const item = await screen.findByRole('menuitem', { name: 'Delete' }, LOADING);
      expect(screen.getByRole('button', { name: 'Actions' }).getAttribute('aria-expanded')).toBe('true');
      await user.click(item);
      await waitFor(() => expect(onSelect).toHaveBeenCalledWith('delete'));
    },
    SLOW_LOAD,
  );

  it(
    'opens on a press that began before its parts arrived (they come in after the click)',
    async () => {
      menuParts.forget();
      render(<ActionsMenu onSelect={() => {}} />);
      const trigger = screen.getByRole('button', { name: 'Actions' });
      // The pointer enters (the download starts), is pressed, and the parts arrive before it is released.
      fireEvent.pointerOver(trigger, { pointerType: 'mouse' });
      fireEvent.pointerDown(trigger, { pointerType: 'mouse', button: 0 });
      await act(() => menuParts.load());
      expect(trigger.isConnected, 'the pressed button stays until its click').toBe(true);
      fireEvent.pointerUp(trigger, { pointerType: 'mouse', button: 0 });
      fireEvent.click(trigger);
      expect(await screen.findByRole('menuitem', { name: 'Delete' }, LOADING)).toBeTruthy();
    },
    SLOW_LOAD,
  );

  it(
    'puts Ark’s trigger in once the pointer that asked for the parts leaves',
    async () => {
      menuParts.forget();
      render(<ActionsMenu onSelect={() => {}} />);
      const trigger = screen.getByRole('button', { name: 'Actions' });
      fireEvent.pointerOver(trigger, { pointerType: 'mouse' });
      await act(() => menuParts.load());
      expect(trigger.isConnected, 'kept while the pointer is on it').toBe(true);
      fireEvent.pointerOut(trigger, { pointerType: 'mouse', relatedTarget: document.body });
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Actions' }).getAttribute('aria-controls')).toBeTruthy(),
      );
      expect(trigger.isConnected).toBe(false);
    },
    SLOW_LOAD,
  );

  it('renders Ark’s trigger at once once the parts are loaded', () => {
    render(<ActionsMenu onSelect={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger.getAttribute('aria-controls')).toBeTruthy();
  });
});

describe('Dialog', () => {
  function Notice() {
    return (
      <Dialog.Root open>
        <Dialog.Popup>
          <Dialog.Header>
            <Dialog.Title>Saved</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>Your changes are saved.</Dialog.Body>
        </Dialog.Popup>
      </Dialog.Root>
    );
  }

  it(
    'shows nothing until its parts are there, then the open dialog',
    async () => {
      render(<Notice />);
      expect(screen.queryByRole('dialog')).toBeNull();
      const dialog = await screen.findByRole('dialog', { name: 'Saved' }, LOADING);
      expect(dialog.textContent).toContain('Your changes are saved.');
    },
    SLOW_LOAD,
  );

  it('opens at once once the parts are loaded', () => {
    render(<Notice />);
    expect(screen.getByRole('dialog', { name: 'Saved' })).toBeTruthy();
  });
});

describe('Toaster', () => {
  it(
    'downloads nothing until the first toast, then shows the toasts raised meanwhile',
    async () => {
      render(<Toaster />);
      expect(screen.queryByRole('region')).toBeNull();
      const dropped = toaster.create({ type: 'info', title: 'Never shown' });
      toast.success('Space created');
      toaster.dismiss(dropped);
      expect(await screen.findByText('Space created', {}, LOADING)).toBeTruthy();
      expect(screen.queryByText('Never shown')).toBeNull();
      toast.error('Something went wrong');
      expect(await screen.findByText('Something went wrong')).toBeTruthy();
    },
    SLOW_LOAD,
  );
});
