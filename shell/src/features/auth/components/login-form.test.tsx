import { ApiError } from '@community/api-client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form.tsx';

afterEach(cleanup);

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('login form', () => {
  it('shows both field errors and does not submit an empty form', async () => {
    const onSubmit = vi.fn();
    render(<LoginForm onSubmit={onSubmit} />);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email address', async () => {
    render(<LoginForm onSubmit={vi.fn()} />);
    fill('Email', 'ada@');
    fill('Password', 'secret');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('submits the email and password once both are valid', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<LoginForm onSubmit={onSubmit} />);
    fill('Email', ' ada@example.com ');
    fill('Password', 'secret');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' }),
    );
  });

  it("shows the server's message when the credentials are refused", async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(401, 'Invalid email or password'));
    render(<LoginForm onSubmit={onSubmit} />);
    fill('Email', 'ada@example.com');
    fill('Password', 'wrong');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('shows the rate-limit message after too many attempts', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(429, 'Too many failed sign-in attempts. Try again later.'));
    render(<LoginForm onSubmit={onSubmit} />);
    fill('Email', 'ada@example.com');
    fill('Password', 'wrong');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-in attempts. Try again later.',
    );
  });

  it('clears a field error as soon as the field is edited', async () => {
    render(<LoginForm onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Password is required');

    fill('Password', 's');

    expect(screen.queryByText('Password is required')).toBeNull();
  });
});
