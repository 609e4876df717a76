// /auth/accept-invite?token=…: the page an invitation link opens, reachable while signed out. Joining
// signs the new member in; the session is loaded and they go on home (or, as every
// new member lacks city, job and company, to complete their profile first: the redirect rules).
import { loadSession } from '@community/api-client';
import { Card } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useLocation, useSearch } from 'wouter';
import { WALL_PATH } from '../../../routing/redirect-rules.ts';
import { acceptInvite } from '../api/accept-invite.ts';
import { AcceptInviteForm } from './accept-invite-form.tsx';

export function AcceptInvitePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();

  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', px: '4', py: '16' })}>
      <Card.Root className={css({ w: 'full', maxW: 'sm' })}>
        <Card.Header>
          <h1 className={css({ textStyle: 'xl', fontWeight: 'semibold' })}>Join the community</h1>
          <Card.Description>You were invited: choose your name, pseudo and password.</Card.Description>
        </Card.Header>
        <Card.Body>
          <AcceptInviteForm
            token={token}
            onSubmit={async (input) => {
              await acceptInvite(input);
              await loadSession();
              // `/`: the redirect rules take it on to this member's home (or to complete their profile).
              navigate(WALL_PATH, { replace: true });
            }}
          />
        </Card.Body>
      </Card.Root>
    </main>
  );
}
