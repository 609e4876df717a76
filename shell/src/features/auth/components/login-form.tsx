// The email + password form of /auth/login. Checks the input with the domain's LoginInput (the same
// schema the server applies) and shows the server's own message when it refuses, e.g. 401
// "Invalid email or password" or 429 "Too many failed sign-in attempts. Try again later.".
import type { LoginInput } from '@community/domain';
import { Button, TextField, useSchemaForm } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { FormAlert } from './form-alert.tsx';

// The schema (and zod with it, ~25 KB gz) is loaded on the first submit, not with the sign-in page
// (ADR 0017: the sign-in page's JavaScript budget).
const loginInput = () => import('../login-input.ts').then((module) => module.LoginInput);

export function LoginForm({ onSubmit }: { onSubmit: (input: LoginInput) => Promise<void> }) {
  const { values, fieldErrors, formError, submitting, update, submit } = useSchemaForm({
    fields: ['email', 'password'],
    initial: { email: '', password: '' },
    parse: async (input) => (await loginInput()).safeParse(input),
    onSubmit,
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <FormAlert message={formError} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={update('email')}
        error={fieldErrors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={fieldErrors.password}
      />
      <Button type="submit" loading={submitting} className={css({ mt: '2' })}>
        Sign in
      </Button>
    </form>
  );
}
