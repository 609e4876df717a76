// The Spaces page (`/spaces`, docs/product-decisions.md "Spaces and chat"): every space the member
// can see, theirs first, each with its colour, type, member count, a few members' faces, description
// and what the member can do there: open it (a member), join or read it (a public space), ask to
// join (a private space, listed as Circle lists one, without its faces) or the payment hint (a paid
// space, joined through its admin's invite link). Create space is in the page's
// header; the sidebar keeps the member's own spaces and links here ("Browse spaces").
import type { SpaceCard as SpaceCardData } from '@community/domain';
import { Badge, Button, EmptyState, icons, openModal, Skeleton } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { button, page } from '@community/ui/styled-system/recipes';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { canCreateSpaces, useCurrentUser } from '../../../lib/current-user.ts';
import { Plus } from '../../../lib/icons.tsx';
import { useSpaceCards } from '../api/use-space-cards.ts';
import { canReadSpace, SPACE_TYPE_BADGE_CLASSES, SPACE_TYPE_LABELS } from '../lib/space-type.ts';
import { JoinRequestButtons, joinRequestNote } from './join-request-action.tsx';
import { JoinSpaceButton, membersLabel, nonMemberNote, SpaceFaces } from './space-join.tsx';

const gridClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
});

const cardClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  h: 'full',
  p: '4',
  bg: 'bg.default',
  borderWidth: '1px',
  borderRadius: 'l3',
});

/** What a non-member's card says beside its buttons: the way in, or where their request stands. */
const noteFor = (space: SpaceCardData) =>
  space.type === 'PRIVATE' ? joinRequestNote(space.joinRequest) : nonMemberNote(space);

function SpaceCard({
  space,
  meId,
  onRequestChanged,
}: {
  space: SpaceCardData;
  meId: string;
  onRequestChanged: () => void;
}) {
  const href = `/spaces/${space.id}`;
  const readable = canReadSpace(space);
  const headingId = `space-card-${space.id}`;
  return (
    <li aria-labelledby={headingId} className={cardClass} data-space-id={space.id}>
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '3' })}>
        <span
          aria-hidden="true"
          className={css({ w: '10', h: '10', borderRadius: 'l2', flexShrink: 0 })}
          style={{ backgroundColor: space.color }}
        />
        <div className={css({ flex: '1', minW: '0', display: 'grid', gap: '1' })}>
          <h3
            id={headingId}
            className={css({ textStyle: 'md', fontWeight: 'semibold', overflowWrap: 'anywhere' })}
          >
            {readable ? (
              <Link href={href} className={css({ _hover: { textDecoration: 'underline' } })}>
                {space.name}
              </Link>
            ) : (
              space.name
            )}
          </h3>
          <div
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: '2',
              textStyle: 'sm',
              color: 'fg.muted',
            })}
          >
            <Badge size="sm" className={SPACE_TYPE_BADGE_CLASSES[space.type]}>
              {SPACE_TYPE_LABELS[space.type]}
            </Badge>
            <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
              <icons.Users aria-hidden="true" className={css({ w: '3.5', h: '3.5' })} />
              {membersLabel(space.membersCount)}
            </span>
            <SpaceFaces faces={space.faces} />
            {space.isMember ? (
              <span
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '1',
                  color: 'success.text',
                  fontWeight: 'medium',
                })}
              >
                <icons.CircleCheck aria-hidden="true" className={css({ w: '3.5', h: '3.5' })} />
                {space.adminId === meId ? 'You are its admin' : 'You are a member'}
              </span>
            ) : null}
          </div>
        </div>
      </div>
      {space.description ? (
        <p className={css({ textStyle: 'sm', color: 'fg.default', whiteSpace: 'pre-line' })}>
          {space.description}
        </p>
      ) : null}
      <div
        className={css({
          mt: 'auto',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '2',
        })}
      >
        {space.isMember ? null : (
          <p className={css({ flex: '1', minW: '48', textStyle: 'xs', color: 'fg.muted' })}>
            {noteFor(space)}
          </p>
        )}
        <div className={css({ display: 'flex', gap: '2', ms: 'auto' })}>
          {readable ? (
            <Link
              href={href}
              aria-describedby={headingId}
              className={button({ size: 'sm', variant: space.isMember ? 'solid' : 'outline' })}
            >
              {space.isMember ? 'Open space' : 'View space'}
            </Link>
          ) : null}
          {!space.isMember && space.type === 'PUBLIC' ? (
            <JoinSpaceButton space={space} size="sm" aria-describedby={headingId} />
          ) : null}
          {!space.isMember && space.type === 'PRIVATE' ? (
            <JoinRequestButtons
              spaceId={space.id}
              joinRequest={space.joinRequest}
              describedBy={headingId}
              onChanged={onRequestChanged}
            />
          ) : null}
        </div>
      </div>
    </li>
  );
}

function SpaceGroup({
  id,
  title,
  spaces,
  meId,
  empty,
  onRequestChanged,
}: {
  id: string;
  title: string;
  spaces: SpaceCardData[];
  meId: string;
  empty?: ReactNode;
  onRequestChanged: () => void;
}) {
  if (spaces.length === 0 && !empty) return null;
  return (
    <section aria-labelledby={id} className={css({ display: 'grid', gap: '3' })}>
      <h2 id={id} className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>
        {title}
      </h2>
      {spaces.length === 0 ? (
        empty
      ) : (
        <ul aria-labelledby={id} className={gridClass}>
          {spaces.map((space) => (
            <SpaceCard key={space.id} space={space} meId={meId} onRequestChanged={onRequestChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CardsSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading spaces" className={gridClass}>
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className={cardClass}>
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
            <Skeleton className={css({ w: '10', h: '10' })} />
            <Skeleton shape="text" className={css({ w: '40' })} />
          </div>
          <Skeleton shape="text" />
        </li>
      ))}
    </ul>
  );
}

export function SpacesPage() {
  const spaces = useSpaceCards();
  const user = useCurrentUser();

  let body: ReactNode;
  if (spaces.status === 'loading') body = <CardsSkeleton />;
  else if (spaces.status === 'error') {
    body = (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load spaces"
        reference={spaces.reference}
        action={
          <Button size="sm" variant="outline" onClick={spaces.reload}>
            Retry
          </Button>
        }
      />
    );
  } else if (spaces.spaces.length === 0) {
    body = <EmptyState icon={<icons.LayoutGrid />} title="No spaces to show" />;
  } else {
    // The server's order (public, private, paid, then name) within each group.
    const mine = spaces.spaces.filter((space) => space.isMember);
    const others = spaces.spaces.filter((space) => !space.isMember);
    body = (
      <>
        <SpaceGroup
          id="your-spaces-heading"
          title="Your spaces"
          spaces={mine}
          meId={user?.id ?? ''}
          empty={<p className={css({ textStyle: 'sm', color: 'fg.muted' })}>You are not in any space yet.</p>}
          onRequestChanged={spaces.reload}
        />
        <SpaceGroup
          id="other-spaces-heading"
          title="Other spaces"
          spaces={others}
          meId={user?.id ?? ''}
          onRequestChanged={spaces.reload}
        />
      </>
    );
  }

  const styles = page();
  return (
    <div className={cx(styles.root, css({ gap: '6' }))}>
      <div className={styles.header}>
        <h1 className={styles.title}>Spaces</h1>
        {user && canCreateSpaces(user) ? (
          <Button size="sm" onClick={() => openModal('createServer')}>
            <Plus />
            Create space
          </Button>
        ) : null}
      </div>
      {body}
    </div>
  );
}
