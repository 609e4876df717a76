import { signIn } from '@community/api-client';
import { Card } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { LoginForm } from './login-form.tsx';

/**
 * /auth/login. After a successful sign-in the redirect rules take the user on: to complete their
 * profile, else to the page in `?next=` (the link they opened signed out), else home.
 */
export function LoginPage() {
  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', px: '4', py: '16' })}>
      <Card.Root className={css({ w: 'full', maxW: 'sm' })}>
        <Card.Header>
          <h1 className={css({ textStyle: 'xl', fontWeight: 'semibold' })}>Sign in</h1>
          <Card.Description>Use the email and password of your community account.</Card.Description>
        </Card.Header>
        <Card.Body>
          <LoginForm
            onSubmit={async ({ email, password }) => {
              await signIn(email, password);
            }}
          />
        </Card.Body>
      </Card.Root>
    </main>
  );
}
