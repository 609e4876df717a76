import { closeModal, openModal } from '@community/ui';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../federation/remotes.tsx', () => ({
  ProfilePanel: ({ userId }: { userId?: string }) => <p>Profile of {userId}</p>,
  AdminPanel: () => <p>Admin Panel</p>,
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

  it('switches to the admin panel and back to nothing on close', async () => {
    render(<ModalHost />);
    await act(async () => openModal('adminPanel'));
    expect(screen.getByText('Admin Panel')).toBeTruthy();
    await act(async () => closeModal());
    expect(screen.queryByText('Admin Panel')).toBeNull();
  });

  it('renders nothing for a modal whose feature is not built yet', async () => {
    const { container } = render(<ModalHost />);
    await act(async () => openModal('editProfile'));
    expect(container.innerHTML).toBe('');
  });
});
