import { signOut } from '@community/api-client';
import { Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { LOGIN_PATH } from '../../../routing/redirect-rules.ts';

/** /auth/sign-out: ends the session on the server, then shows the login page. */
export function SignOutPage() {
  const [, navigate] = useLocation();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; one sign-out is enough.
    if (started.current) return;
    started.current = true;
    signOut().finally(() => navigate(LOGIN_PATH, { replace: true }));
  }, [navigate]);

  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center' })}>
      <Spinner size="lg" label="Signing out" />
    </main>
  );
}
