// The invite link page (`/spaces/invite/{inviteCode}`): shows the space (name, colour, type,
// description, member count, who invited) and joins only when the person presses Join space. Opening
// the link changes nothing: link unfurlers, mail scanners and prefetching browsers open links too.
// A member already in the space gets Open space. An old or unknown code shows the API's message with
// a way home.
import { Button, EmptyState, icons, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { serverMessage } from '../../../lib/error-message.ts';
import { notifySpacesChanged } from '../../../lib/spaces-events.ts';
import { SpaceSummaryCard } from '../../spaces/components/space-summary-card.tsx';
import { type InvitePreview, joinByInvite, previewInvite } from '../api/invites-api.ts';

/** docs/product-decisions.md, "Spaces and chat": no payment is taken here. */
export const PAID_SPACE_NOTE =
  'This is a paid space. Payments are not taken on this platform: its admin arranges the fee with you. Joining through this invite gives you access now.';

const linkStyle = css({ color: 'accent.text', textStyle: 'sm', fontWeight: 'medium' });

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; preview: InvitePreview };

export function InvitePage({ inviteCode }: { inviteCode: string }) {
  const [, navigate] = useLocation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    previewInvite(inviteCode, controller.signal).then(
      (preview) => setState({ status: 'ready', preview }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[invite] preview', error);
        setState({ status: 'error', message: serverMessage(error) });
      },
    );
    return () => controller.abort();
  }, [inviteCode]);

  async function join() {
    setJoining(true);
    setJoinError(null);
    try {
      const space = await joinByInvite(inviteCode);
      notifySpacesChanged({ spaceId: space.id });
      navigate(`/spaces/${space.id}`, { replace: true });
    } catch (error) {
      console.error('[invite] join', error);
      setJoinError(serverMessage(error));
      setJoining(false);
    }
  }

  if (state.status === 'error') {
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title={state.message}
        action={
          <Link href="/" className={linkStyle}>
            Go home
          </Link>
        }
      />
    );
  }
  if (state.status === 'loading') {
    return (
      <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
        <Spinner size="lg" label="Loading the invite" />
      </div>
    );
  }

  const { space, invitedBy, isMember } = state.preview;
  return (
    <SpaceSummaryCard
      headingId="invite-space-name"
      space={space}
      lead={
        <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
          {invitedBy.firstName} {invitedBy.lastName} invited you to join
        </p>
      }
    >
      {space.type === 'PAID' && !isMember ? (
        <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>{PAID_SPACE_NOTE}</p>
      ) : null}
      {joinError ? (
        <p role="alert" className={css({ textStyle: 'sm', color: 'danger.text' })}>
          {joinError}
        </p>
      ) : null}
      {isMember ? (
        <>
          <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
            You are already a member of this space.
          </p>
          <Link href={`/spaces/${space.id}`} className={button()}>
            Open space
          </Link>
        </>
      ) : (
        <>
          <Button onClick={join} loading={joining}>
            Join space
          </Button>
          <Link href="/" className={css({ textStyle: 'sm', color: 'fg.muted', alignSelf: 'center' })}>
            Not now
          </Link>
        </>
      )}
    </SpaceSummaryCard>
  );
}
