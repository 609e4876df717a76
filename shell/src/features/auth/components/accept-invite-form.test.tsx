import { ApiError } from '@community/api-client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AcceptInviteForm } from './accept-invite-form.tsx';

afterEach(cleanup);

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Join the community' }));

function fillAll(password = 'welcome-123') {
  fill('First Name', 'Gia');
  fill('Last Name', 'Guest');
  fill('Pseudo', 'gia');
  fill('Password', password);
}

describe('accept invite form', () => {
  it('needs first name, last name and pseudo, and a password of at least 8 characters', async () => {
    const onSubmit = vi.fn();
    render(<AcceptInviteForm token="t0k3n" onSubmit={onSubmit} />);

    submit();

    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('pseudo is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "Password must be at least 8 characters" for a short one', async () => {
    const onSubmit = vi.fn();
    render(<AcceptInviteForm token="t0k3n" onSubmit={onSubmit} />);
    fillAll('short');

    submit();

    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the token with the details', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<AcceptInviteForm token="t0k3n" onSubmit={onSubmit} />);
    fillAll();

    submit();

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        token: 't0k3n',
        firstName: 'Gia',
        lastName: 'Guest',
        pseudo: 'gia',
        password: 'welcome-123',
      }),
    );
  });

  it('shows the API’s message for an invalid, used or expired invitation', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(400, 'This invitation link is invalid or has expired.'));
    render(<AcceptInviteForm token="used" onSubmit={onSubmit} />);
    fillAll();

    submit();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link is invalid or has expired.',
    );
  });

  it('puts a taken pseudo on its field', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(409, 'This pseudo is already taken.', [
          { path: 'pseudo', message: 'This pseudo is already taken.' },
        ]),
      );
    render(<AcceptInviteForm token="t0k3n" onSubmit={onSubmit} />);
    fillAll();

    submit();

    await waitFor(() => expect(screen.getByLabelText('Pseudo').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('This pseudo is already taken.').length).toBeGreaterThan(0);
  });

  it('says so when the link has no token', async () => {
    const onSubmit = vi.fn();
    render(<AcceptInviteForm token="" onSubmit={onSubmit} />);
    fillAll();

    submit();

    expect((await screen.findByRole('alert')).textContent).toBe('Invitation token is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
