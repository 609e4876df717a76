// The kit's Menu, Dialog and Toaster download Ark's parts on first use (./menu.tsx, ./dialog.tsx,
// ./toaster.tsx). The tests
// run in one module instance, in order: the first menu and dialog wait for their parts, later ones
// render Ark's parts at once.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

  it('shows a failed request’s reference under the description, in the toast region, copyable', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<Toaster />);
    toast.error('Failed to create post', 'An error occurred while creating the post', {
      reference: '8f1c2a3b4d5e6f70-AMS',
    });
    const title = await screen.findByText('Failed to create post', {}, LOADING);
    const item = title.closest('[data-part="root"]') as HTMLElement;
    // The spec's words stay as they are; the reference is a line of its own, after them.
    expect(within(item).getByText('An error occurred while creating the post')).toBeTruthy();
    const reference = within(item).getByText('8f1c2a3b4d5e6f70-AMS');
    expect(reference.closest('[data-part="reference"]')?.textContent).toBe(
      'Reference: 8f1c2a3b4d5e6f70-AMSCopy',
    );
    expect(screen.getByRole('region').contains(reference)).toBe(true);
    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Copy reference' })));
    expect(writeText).toHaveBeenCalledWith('8f1c2a3b4d5e6f70-AMS');
    expect(within(item).getByRole('button', { name: 'Reference copied' }).textContent).toBe('Copied');
    vi.unstubAllGlobals();
  });

  it('shows no reference line for a toast without one (or with null)', async () => {
    render(<Toaster />);
    toast.error('Failed to fetch users', undefined, { reference: null });
    toast.success('Space created');
    const title = await screen.findByText('Failed to fetch users', {}, LOADING);
    const item = title.closest('[data-part="root"]') as HTMLElement;
    expect(item.querySelector('[data-part="reference"]')).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Copy reference' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('lets a toast’s Copy be used with a dialog open, without closing the dialog', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => {} } });
    const onOpenChange = vi.fn();
    render(
      <>
        <Toaster />
        <Dialog.Root open onOpenChange={onOpenChange}>
          <Dialog.Popup>
            <Dialog.Header>
              <Dialog.Title>New post</Dialog.Title>
            </Dialog.Header>
          </Dialog.Popup>
        </Dialog.Root>
      </>,
    );
    await screen.findByRole('dialog', { name: 'New post' }, LOADING);
    toast.error('Failed to save the post', undefined, { reference: 'req-over-a-dialog' });
    const item = (await screen.findByText('req-over-a-dialog', {}, LOADING)).closest(
      '[data-part="root"]',
    ) as HTMLElement;
    // Not hidden from screen readers by the modal dialog: the toasts are a live region under <body>.
    expect(within(item).getByRole('button', { name: 'Copy reference' })).toBeTruthy();
    expect(item.closest('[aria-hidden="true"]')).toBeNull();
    const copy = within(item).getByRole('button', { name: 'Copy reference' });
    // Ark's dismissable layer listens from the next frame on: let it start before the press.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // Away from the dialog's box (happy-dom lays every box out at 0,0): a press outside it.
    const at = { pointerType: 'mouse', button: 0, clientX: 900, clientY: 700 };
    fireEvent.pointerDown(copy, at);
    fireEvent.focus(copy);
    fireEvent.pointerUp(copy, at);
    await act(async () => fireEvent.click(copy));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
