// The Community section of the Admin Panel: the Edit Community card, the Generate Invitation Link
// card, the first-visit Welcome card and the Bounced email addresses card, from GET /api/community
// ("No community found" on 404, else "Failed to fetch community data").
import { ApiError, referenceOf } from '@community/api-client';
import { COMMUNITY_FETCH_FAILED, COMMUNITY_NOT_FOUND, type Community } from '@community/domain';
import { Button, EmptyState, Spinner, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useState } from 'react';
import { getCommunity } from '../api/community.ts';
import { BouncedEmailsCard } from './bounced-emails-card.tsx';
import { EditCommunityCard } from './edit-community-card.tsx';
import { InviteCard } from './invite-card.tsx';
import { WelcomeTextCard } from './welcome-text-card.tsx';

type State =
  | { status: 'loading' }
  | { status: 'ready'; community: Community }
  | { status: 'missing' }
  | { status: 'error'; reference: string | null };

export function CommunitySettings() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getCommunity(controller.signal).then(
      (community) => setState({ status: 'ready', community }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[admin] community', error);
        const missing = error instanceof ApiError && error.status === 404;
        const reference = referenceOf(error);
        toast.error(missing ? COMMUNITY_NOT_FOUND : COMMUNITY_FETCH_FAILED, undefined, { reference });
        setState(missing ? { status: 'missing' } : { status: 'error', reference });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <section
      aria-labelledby="community-heading"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <h3 id="community-heading" className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>
        Community
      </h3>
      {state.status === 'loading' ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '10', color: 'accent.default' })}>
          <Spinner label="Loading community" />
        </div>
      ) : state.status === 'missing' ? (
        <EmptyState title={COMMUNITY_NOT_FOUND} />
      ) : state.status === 'error' ? (
        <EmptyState
          title={COMMUNITY_FETCH_FAILED}
          reference={state.reference}
          action={
            <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
          }
        />
      ) : (
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' },
            gap: '4',
            alignItems: 'start',
          })}
        >
          <EditCommunityCard
            key={state.community.id}
            community={state.community}
            onSaved={(community) => setState({ status: 'ready', community })}
          />
          <InviteCard key={state.community.communityUrl} subdomain={state.community.communityUrl} />
          <WelcomeTextCard
            key={`welcome-${state.community.id}`}
            community={state.community}
            onSaved={(community) => setState({ status: 'ready', community })}
          />
          <BouncedEmailsCard />
        </div>
      )}
    </section>
  );
}
