// The form of /auth/accept-invite: first name, last name, pseudo and a password of at least 8
// characters, checked with the domain's AcceptInviteInput (the server's own schema). The server's
// refusal (a used, expired or unknown invitation; a taken pseudo) is shown as it says it.
import { AcceptInviteInput } from '@community/domain';
import { Button, TextField, useSchemaForm } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { FormAlert } from './form-alert.tsx';
import '../../../zod-without-eval.ts';

export type AcceptInviteFormProps = {
  token: string;
  onSubmit: (input: AcceptInviteInput) => Promise<void>;
};

export function AcceptInviteForm({ token, onSubmit }: AcceptInviteFormProps) {
  const { values, fieldErrors, formError, submitting, update, submit } = useSchemaForm({
    fields: ['firstName', 'lastName', 'pseudo', 'password'],
    initial: { firstName: '', lastName: '', pseudo: '', password: '' },
    parse: (input) => AcceptInviteInput.safeParse({ token, ...input }),
    onSubmit,
    // The token is not a field on screen: a missing one is the form's message.
    formIssuePaths: ['token'],
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <FormAlert message={formError} />
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
