// The form of /auth/accept-invite: first name, last name, pseudo and a password of at least 8
// characters, checked with the domain's AcceptInviteInput (the server's own schema). The server's
// refusal (a used, expired or unknown invitation; a taken pseudo) is shown as it says it.
import { ApiError } from '@community/api-client';
import { AcceptInviteInput, toApiIssues } from '@community/domain';
import { Button, TextField } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useState } from 'react';

const FIELDS = ['firstName', 'lastName', 'pseudo', 'password'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

function firstErrorPerField(issues: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const field = FIELDS.find((name) => name === path);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

export type AcceptInviteFormProps = {
  token: string;
  onSubmit: (input: AcceptInviteInput) => Promise<void>;
};

export function AcceptInviteForm({ token, onSubmit }: AcceptInviteFormProps) {
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', pseudo: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = AcceptInviteInput.safeParse({ token, ...values });
    if (!parsed.success) {
      const issues = toApiIssues(parsed.error);
      setFieldErrors(firstErrorPerField(issues));
      const tokenIssue = issues.find((issue) => issue.path === 'token');
      if (tokenIssue) setFormError(tokenIssue.message);
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
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        value={values.firstName}
        onChange={update('firstName')}
        error={fieldErrors.firstName}
      />
      <TextField
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        value={values.lastName}
        onChange={update('lastName')}
        error={fieldErrors.lastName}
      />
      <TextField
        label="Pseudo"
        name="pseudo"
        autoComplete="nickname"
        value={values.pseudo}
        onChange={update('pseudo')}
        error={fieldErrors.pseudo}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={update('password')}
        error={fieldErrors.password}
        helperText="At least 8 characters"
      />
      <Button type="submit" loading={submitting} className={css({ mt: '2' })}>
        Join the community
      </Button>
    </form>
  );
}
