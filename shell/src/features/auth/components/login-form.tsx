// The email + password form of /auth/login. Checks the input with the domain's LoginInput (the same
// schema the server applies) and shows the server's own message when it refuses, e.g. 401
// "Invalid email or password" or 429 "Too many failed sign-in attempts. Try again later.".
import { ApiError } from '@community/api-client';
import { LoginInput, toApiIssues } from '@community/domain';
import { Button, TextField } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useState } from 'react';

type Fields = { email: string; password: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

function firstErrorPerField(issues: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    if ((path === 'email' || path === 'password') && !errors[path]) errors[path] = message;
  }
  return errors;
}

export function LoginForm({ onSubmit }: { onSubmit: (input: LoginInput) => Promise<void> }) {
  const [values, setValues] = useState<Fields>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: keyof Fields) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = LoginInput.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(firstErrorPerField(toApiIssues(parsed.error)));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldErrors(firstErrorPerField(error.issues));
        setFormError(error.message);
      } else {
        setFormError('Something went wrong');
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      {formError ? (
        <p
          role="alert"
          className={css({
            textStyle: 'sm',
            color: 'danger.text',
            bg: 'danger.subtle',
            borderRadius: 'l2',
            px: '3',
            py: '2',
          })}
        >
          {formError}
        </p>
      ) : null}
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
