import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/users.ts';
import { UserForm, userFormValues } from './user-form.tsx';

afterEach(cleanup);

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name = 'Add User') => fireEvent.click(screen.getByRole('button', { name }));

function fillValid() {
  fill('First Name', 'Zoe');
  fill('Last Name', 'Doe');
  fill('Pseudo', 'zoe');
  fill('Email', 'zoe@example.com');
  fill('Job', 'Pilot');
  fill('Company', 'Air');
  fill('City', 'Rome');
}

describe('user form', () => {
  it('shows the spec’s message for every missing field and does not submit', async () => {
    const onSubmit = vi.fn();
    render(<UserForm mode="add" initialValues={userFormValues()} onSubmit={onSubmit} onCancel={vi.fn()} />);

    submit();

    for (const message of [
      'First name is required',
      'Last name is required',
      'pseudo is required',
      'Invalid email address',
      'Job is required',
      'Company is required',
      'City is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for at least 8 password characters and a matching confirmation', async () => {
    const onSubmit = vi.fn();
    render(<UserForm mode="add" initialValues={userFormValues()} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fillValid();
    fill('Password', 'short');
    fill('Confirm Password', 'other');

    submit();

    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows "Passwords do not match" on the confirm field', async () => {
    render(<UserForm mode="add" initialValues={userFormValues()} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    fillValid();
    fill('Password', 'long-enough-1');
    fill('Confirm Password', 'long-enough-2');

    submit();

    const confirm = screen.getByLabelText('Confirm Password');
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('needs at least one feature', async () => {
    const onSubmit = vi.fn();
    render(<UserForm mode="add" initialValues={userFormValues()} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fillValid();
    for (const label of [
      'Livewall',
      'Posts',
      'Community',
      'Messages',
      'Events',
      'Content',
      'Spaces',
      'Livestream',
    ]) {
      fireEvent.click(screen.getByLabelText(label));
    }

    submit();

    expect(await screen.findByText('At least one feature must be selected')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the assignable roles Admin, Host and User, defaulting to User', () => {
    render(<UserForm mode="add" initialValues={userFormValues()} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    const role = screen.getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((option) => option.textContent)).toEqual(['Admin', 'Host', 'User']);
    expect(role.value).toBe('USER');
  });

  it('submits the checked values, trimmed, with the chosen features in their canonical order', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<UserForm mode="add" initialValues={userFormValues()} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fillValid();
    fill('First Name', '  Zoe ');
    fill('Password', 'long-enough');
    fill('Confirm Password', 'long-enough');
    for (const label of ['Livewall', 'Posts', 'Community', 'Content', 'Livestream']) {
      fireEvent.click(screen.getByLabelText(label));
    }

    submit();

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          firstName: 'Zoe',
          role: 'USER',
          password: 'long-enough',
          features: ['messages', 'events', 'spaces'],
        }),
      ),
    );
  });

  it('starts an edit from the user’s values with an empty password', () => {
    const values = userFormValues(makeUser('u1', 'Ann', { role: 'ADMIN', enabled: ['posts'], job: null }));
    expect(values).toMatchObject({
      firstName: 'Ann',
      role: 'ADMIN',
      job: '',
      city: 'Boston',
      password: '',
      confirmPassword: '',
      features: ['posts'],
    });
  });
});
