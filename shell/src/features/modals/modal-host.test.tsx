import { closeModal, openModal } from '@community/ui';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../federation/remotes.tsx', () => ({
  ProfilePanel: ({ userId }: { userId?: string }) => <p>Profile of {userId}</p>,
  AdminPanel: () => <p>Admin Panel</p>,
  EventsModals: ({ type }: { type: string }) => <p>Events modal {type}</p>,
  SpacesModals: ({ type }: { type: string }) => <p>Spaces modal {type}</p>,
  ProfileModals: ({ type }: { type: string }) => <p>Profile modal {type}</p>,
}));

const { ModalHost } = await import('./modal-host.tsx');

afterEach(() => {
  cleanup();
  closeModal();
});

describe('modal host', () => {
  it('renders nothing while no modal is open', () => {
    const { container } = render(<ModalHost />);
    expect(container.innerHTML).toBe('');
  });

  it("renders the profile panel with the modal's props", async () => {
    render(<ModalHost />);
    await act(async () => openModal('profile', { userId: 'u1' }));
    expect(screen.getByText('Profile of u1')).toBeTruthy();
  });

  it('opens the profile panel named in the address (?profile=), as a shared link does', async () => {
    window.history.replaceState(null, '', '/events?profile=u7&profile_popover_tab=media');
    render(<ModalHost />);
    expect(await screen.findByText('Profile of u7')).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });

  it('switches to the admin panel and back to nothing on close', async () => {
    render(<ModalHost />);
    await act(async () => openModal('adminPanel'));
    expect(screen.getByText('Admin Panel')).toBeTruthy();
    await act(async () => closeModal());
    expect(screen.queryByText('Admin Panel')).toBeNull();
  });

  it("hands a feature's modal types to that micro-frontend's Modals, naming the type", async () => {
    render(<ModalHost />);
    await act(async () => openModal('viewEvent', { eventId: 'e1' }));
    expect(screen.getByText('Events modal viewEvent')).toBeTruthy();
    await act(async () => openModal('serverSearch', { spaceId: 's1' }));
    expect(screen.getByText('Spaces modal serverSearch')).toBeTruthy();
  });

  it("hands editProfile to the profile micro-frontend's ProfileModals", async () => {
    render(<ModalHost />);
    await act(async () => openModal('editProfile'));
    expect(screen.getByText('Profile modal editProfile')).toBeTruthy();
  });
});
