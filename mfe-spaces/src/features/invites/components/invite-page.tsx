// The invite link page (`/spaces/invite/{inviteCode}`): joins the space through the API, then opens
// it. An old or unknown code shows the API's message with a way home.
import { EmptyState, icons, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { serverMessage } from '../../../lib/error-message.ts';
import { notifySpacesChanged } from '../../../lib/spaces-events.ts';
import { joinByInvite } from '../api/invites-api.ts';

export function InvitePage({ inviteCode }: { inviteCode: string }) {
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    setError(null);
    joinByInvite(inviteCode).then(
      (space) => {
        if (!active) return;
        notifySpacesChanged({ spaceId: space.id });
        navigate(`/spaces/${space.id}`, { replace: true });
      },
      (joinError: unknown) => {
        console.error('[invite] join', joinError);
        if (active) setError(serverMessage(joinError));
      },
    );
    return () => {
      active = false;
    };
  }, [inviteCode, navigate]);

  if (error) {
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title={error}
        action={
          <Link href="/" className={css({ color: 'accent.text', textStyle: 'sm', fontWeight: 'medium' })}>
            Go home
          </Link>
        }
      />
    );
  }
  return (
    <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
      <Spinner size="lg" label="Joining the space" />
    </div>
  );
}
