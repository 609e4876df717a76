// A space's landing card (issue 30): what its page shows someone who may not read it (a private or
// paid space, reached by a link, a notification or a search): its colour, name, type, member count,
// description and the way in, never a bare refusal: the payment hint for a paid space, a request to
// join for a private one. Joining (a public space, or an approved request) opens the page at once.
import { referenceOf } from '@community/api-client';
import type { SpaceCard } from '@community/domain';
import { Button, EmptyState, icons, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { statusOf } from '../../../lib/error-message.ts';
import { useSpacesChanged } from '../../../lib/spaces-events.ts';
import { getSpaceCard } from '../api/spaces-api.ts';
import { JoinRequestAction } from './join-request-action.tsx';
import { JoinSpaceButton, nonMemberNote, SpaceFaces } from './space-join.tsx';
import { SpaceSummaryCard } from './space-summary-card.tsx';

type CardState =
  | { status: 'loading' }
  | { status: 'error'; httpStatus: number | null; reference: string | null }
  | { status: 'ready'; card: SpaceCard };

const linkClass = css({ color: 'accent.text', textStyle: 'sm', fontWeight: 'medium' });

function useSpaceCard(id: string) {
  const [state, setState] = useState<CardState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  useSpacesChanged((change) => {
    if (!change.spaceId || change.spaceId === id) setVersion((n) => n + 1);
  });
  useEffect(() => {
    void version;
    const controller = new AbortController();
    getSpaceCard(id, controller.signal).then(
      (card) => setState({ status: 'ready', card }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[spaces] card', error);
        setState({ status: 'error', httpStatus: statusOf(error), reference: referenceOf(error) });
      },
    );
    return () => controller.abort();
  }, [id, version]);
  return { state, retry: () => setVersion((n) => n + 1) };
}

export function SpaceLanding({ id }: { id: string }) {
  const { state, retry } = useSpaceCard(id);
  const home = (
    <Link href="/" className={linkClass}>
      Go home
    </Link>
  );
  if (state.status === 'loading') {
    return (
      <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
        <Spinner size="lg" label="Loading space" />
      </div>
    );
  }
  if (state.status === 'error') {
    if (state.httpStatus === 404)
      return <EmptyState icon={<icons.AlertTriangle />} title="Space not found" action={home} />;
    return (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load space"
        reference={state.reference}
        action={
          <Button size="sm" variant="outline" onClick={retry}>
            Retry
          </Button>
        }
      />
    );
  }

  const space = state.card;
  return (
    <SpaceSummaryCard headingId="space-landing-name" space={space} faces={<SpaceFaces faces={space.faces} />}>
      {space.type === 'PRIVATE' ? (
        <JoinRequestAction spaceId={space.id} joinRequest={space.joinRequest} onChanged={retry} />
      ) : (
        <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>{nonMemberNote(space)}</p>
      )}
      {space.type === 'PUBLIC' && !space.isMember ? <JoinSpaceButton space={space} /> : null}
      <Link href="/spaces" className={css({ textStyle: 'sm', color: 'fg.muted', alignSelf: 'center' })}>
        Browse spaces
      </Link>
    </SpaceSummaryCard>
  );
}
