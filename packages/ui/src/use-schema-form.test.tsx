import { ApiError } from '@community/api-client';
import { LoginInput } from '@community/domain';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './components/field.tsx';
import { useSchemaForm } from './use-schema-form.ts';

type Values = { email: string; password: string; tags: string[]; remember: boolean };
const initial: Values = { email: '', password: '', tags: [], remember: false };

function setup(onSubmit = vi.fn().mockResolvedValue(undefined), onFieldErrors = vi.fn()) {
  const hook = renderHook(() =>
    useSchemaForm({
      fields: ['email', 'password', 'tags', 'remember'],
      initial,
      // Values that are not strings are the form's own business: here they are left out of the input.
      parse: ({ email, password }) => LoginInput.safeParse({ email, password }),
      onSubmit,
      onFieldErrors,
    }),
  );
  return { hook, onSubmit, onFieldErrors };
}

describe('useSchemaForm', () => {
  it('shows the first problem per field and sends nothing while the schema refuses', async () => {
    const { hook, onSubmit, onFieldErrors } = setup();
    await act(() => hook.result.current.submit());
    expect(hook.result.current.fieldErrors.email).toBe('Invalid email address');
    expect(hook.result.current.fieldErrors.password).toBeTruthy();
    expect(onFieldErrors).toHaveBeenCalledWith(expect.objectContaining({ email: 'Invalid email address' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks only the fields it is asked about (one wizard step)', () => {
    const { hook } = setup();
    act(() => hook.result.current.setValue('email', 'ada@example.com'));
    let valid = false;
    act(() => {
      valid = hook.result.current.validate(['email']);
    });
    expect(valid).toBe(true);
    act(() => {
      valid = hook.result.current.validate(['password']);
    });
    expect(valid).toBe(false);
    expect(hook.result.current.fieldErrors.email).toBeUndefined();
    expect(hook.result.current.fieldErrors.password).toBeTruthy();
  });

  it('holds values of any kind and clears a field’s error when it changes', () => {
    const { hook } = setup();
    act(() => {
      hook.result.current.setValue('tags', ['design']);
      hook.result.current.setValue('remember', true);
    });
    expect(hook.result.current.values).toMatchObject({ tags: ['design'], remember: true });
  });

  it("puts the server's issues on their fields, a nested path on its field", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'Invalid input', [
          { path: 'tags.1', message: 'Interest must be at most 50 characters.' },
        ]),
      );
    const { hook, onFieldErrors } = setup(onSubmit);
    act(() => {
      hook.result.current.setValue('email', 'ada@example.com');
      hook.result.current.setValue('password', 'secret-password');
    });
    await act(() => hook.result.current.submit());
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret-password' });
    expect(hook.result.current.fieldErrors.tags).toBe('Interest must be at most 50 characters.');
    expect(hook.result.current.formError).toBe('Invalid input');
    expect(onFieldErrors).toHaveBeenLastCalledWith({ tags: 'Interest must be at most 50 characters.' });
  });
});

function LoginLikeForm() {
  const form = useSchemaForm({
    fields: ['email', 'password'],
    initial: { email: 'ada@example.com', password: '' },
    parse: (values) => LoginInput.safeParse(values),
    onSubmit: vi.fn().mockResolvedValue(undefined),
  });
  return (
    <form noValidate onSubmit={form.submit}>
      <TextField
        label="Email"
        value={form.values.email}
        onChange={form.update('email')}
        error={form.fieldErrors.email}
      />
      <TextField
        label="Password"
        value={form.values.password}
        onChange={form.update('password')}
        error={form.fieldErrors.password}
      />
      <button type="submit">Sign in</button>
    </form>
  );
}

describe('a refused submit', () => {
  it('puts the focus on the first field in error, so its message is in view', async () => {
    render(<LoginLikeForm />);
    const submit = screen.getByRole('button', { name: 'Sign in' });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });
});
